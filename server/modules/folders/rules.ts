/** Favourite folders' limits and choices (pure: shared with app/ through the contract). */
export const FOLDER_VISIBILITIES = ["private", "agency"] as const;
export type FolderVisibility = (typeof FOLDER_VISIBILITIES)[number];
export const FOLDER_NAME_MAX_LENGTH = 80;
export const FOLDER_DESCRIPTION_MAX_LENGTH = 500;
export const FOLDER_MAX_CANDIDATES = 500;
/** candidates one request may add (the library's bulk selection) */
export const FOLDER_BULK_ADD_MAX = 100;
/** a deleted folder stays restorable by its owner this many days */
export const FOLDER_RESTORE_DAYS = 30;

/** What a folder's reader may do: see it (its agency, shared or theirs), change its content, manage it (owner only). */
export interface FolderRef {
  agencyId: string;
  ownerId: string;
  visibility: FolderVisibility;
}
export interface FolderReader {
  id: string;
  agencyId: string | null;
}
export const canSeeFolder = (user: FolderReader, f: FolderRef) =>
  !!user.agencyId && f.agencyId === user.agencyId && (f.visibility === "agency" || f.ownerId === user.id);
/** renaming, describing, sharing and deleting are the owner's; colleagues add, remove and reorder in a shared folder */
export const canManageFolder = (user: FolderReader, f: FolderRef) => canSeeFolder(user, f) && f.ownerId === user.id;

/** Moves one id to a position (clamped) in an ordered list. */
export function moveTo(order: readonly string[], id: string, position: number): string[] {
  const rest = order.filter((x) => x !== id);
  const at = Math.max(0, Math.min(rest.length, position));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
