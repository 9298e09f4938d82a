import type { FolderVisibility } from "./rules";

/**
 * A favourite folder's stream, `folder-<folderId>`. Every event carries the folder's agency, owner
 * and visibility (after the event): the realtime router sends a private folder's events to its
 * owner's room only, and a shared folder's to the agency's room (`metadata.tenant`), never to a
 * candidate's or a client's room. Candidates are `memberIds`/`memberId`, not `candidateId(s)`:
 * a folder changes nothing in the library's index. Names and descriptions are the staff's own
 * words about a list, not about a person: they stay in clear.
 */
export const folderStream = (folderId: string) => `folder-${folderId}`;

export type FolderIds = {
  folderId: string;
  agencyId: string;
  ownerId: string;
  visibility: FolderVisibility;
};

export interface FolderCreated {
  type: "FolderCreated";
  data: FolderIds & { name: string; description: string };
}
export interface FolderEdited {
  type: "FolderEdited";
  data: FolderIds & { name: string; description: string };
}
export interface FolderVisibilityChanged {
  type: "FolderVisibilityChanged";
  data: FolderIds;
}
export interface FolderDeleted {
  type: "FolderDeleted";
  /** when (ISO): the restore's deadline counts from it */
  data: FolderIds & { deletedAt: string };
}
export interface FolderRestored {
  type: "FolderRestored";
  data: FolderIds;
}
export interface FolderCandidatesAdded {
  type: "FolderCandidatesAdded";
  data: FolderIds & { memberIds: string[]; addedBy: string };
}
export interface FolderCandidateRemoved {
  type: "FolderCandidateRemoved";
  data: FolderIds & { memberId: string; removedBy: string };
}
export interface FolderCandidateMoved {
  type: "FolderCandidateMoved";
  data: FolderIds & { memberId: string; position: number };
}

export type FolderEvent =
  | FolderCreated
  | FolderEdited
  | FolderVisibilityChanged
  | FolderDeleted
  | FolderRestored
  | FolderCandidatesAdded
  | FolderCandidateRemoved
  | FolderCandidateMoved;

export const FOLDER_EVENT_TYPES: FolderEvent["type"][] = [
  "FolderCreated",
  "FolderEdited",
  "FolderVisibilityChanged",
  "FolderDeleted",
  "FolderRestored",
  "FolderCandidatesAdded",
  "FolderCandidateRemoved",
  "FolderCandidateMoved",
];
