import type { Db } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import { isUuid } from "../../lib/contract";
import { isAgencyStaff, type Actor } from "../identity/contract";
import { canSeeFolder, type FolderVisibility } from "./rules";

export interface FolderRow {
  id: string;
  agencyId: string;
  ownerId: string;
  name: string;
  description: string;
  visibility: FolderVisibility;
  deletedAt: Date | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The folder as this actor may see it: the agency's staff only (not its client users, not
 * platform admins), the actor's agency in the WHERE clause, a private folder its owner's only.
 * A deleted folder is its owner's only (the restore). Anything else is null, read as not found
 * (the same answer as a foreign id).
 */
export async function visibleFolder(
  sql: Db,
  actor: Actor,
  folderId: string,
  { deleted = false }: { deleted?: boolean } = {},
): Promise<FolderRow | null> {
  if (!isAgencyStaff(actor) || !actor.agencyId || !isUuid(folderId)) return null;
  const [row] = await sql<FolderRow[]>`
    select id, agency_id as "agencyId", owner_id as "ownerId", name, description, visibility,
      deleted_at as "deletedAt", version, created_at as "createdAt", updated_at as "updatedAt"
    from rm_folders
    where id = ${folderId} and agency_id = ${actor.agencyId} and (visibility = 'agency' or owner_id = ${actor.id})
      and ${deleted ? sql`deleted_at is not null and owner_id = ${actor.id}` : sql`deleted_at is null`}`;
  return row && canSeeFolder(actor, row) ? row : null;
}

export async function requireFolder(sql: Db, actor: Actor, folderId: string, options?: { deleted?: boolean }) {
  const row = await visibleFolder(sql, actor, folderId, options);
  if (!row) throw new AppError("not_found", "errors.notFound");
  return row;
}

/**
 * The candidates of a folder the actor may see, in the folder's order (null: no such folder for
 * them): what the library's `folder=<id>` search turns into `id IN [...]`.
 */
export async function folderMemberIds(sql: Db, actor: Actor, folderId: string): Promise<string[] | null> {
  const folder = await visibleFolder(sql, actor, folderId);
  if (!folder) return null;
  const rows = await sql<{ id: string }[]>`
    select candidate_id as id from rm_folder_members where folder_id = ${folder.id} and agency_id = ${folder.agencyId} order by position`;
  return rows.map((r) => r.id);
}
