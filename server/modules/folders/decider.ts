import type { Decider } from "../../event-store/decider";
import { AppError } from "../../lib/errors";
import type { FolderEvent, FolderIds } from "./events";
import { FOLDER_MAX_CANDIDATES, FOLDER_RESTORE_DAYS, moveTo, type FolderVisibility } from "./rules";

export type FolderCommand =
  | {
      type: "Create";
      agencyId: string;
      ownerId: string;
      name: string;
      description: string;
      visibility: FolderVisibility;
    }
  | { type: "Edit"; by: string; name: string; description: string }
  | { type: "SetVisibility"; by: string; visibility: FolderVisibility }
  | { type: "Delete"; by: string }
  | { type: "Restore"; by: string }
  | { type: "AddCandidates"; by: string; candidateIds: string[] }
  | { type: "RemoveCandidate"; by: string; candidateId: string }
  | { type: "MoveCandidate"; by: string; candidateId: string; position: number };

export interface FolderState {
  ids: FolderIds | null;
  deletedAt: string | null;
  /** the candidates, in the folder's order */
  members: string[];
}

const DAY_MS = 86_400_000;

/**
 * One favourite folder: created once; renamed, described, shared or made private and deleted by
 * its owner only; candidates added (each once, at most FOLDER_MAX_CANDIDATES), removed and moved
 * by whoever may see it; a deleted folder refuses everything but its owner's restore, within
 * FOLDER_RESTORE_DAYS.
 */
export function folderDecider(folderId: string) {
  const decider: Decider<FolderCommand, FolderState, FolderEvent> = {
    initialState: { ids: null, deletedAt: null, members: [] },
    evolve(state, event) {
      const ids: FolderIds = {
        folderId: event.data.folderId,
        agencyId: event.data.agencyId,
        ownerId: event.data.ownerId,
        visibility: event.data.visibility,
      };
      switch (event.type) {
        case "FolderDeleted":
          return { ...state, ids, deletedAt: event.data.deletedAt };
        case "FolderRestored":
          return { ...state, ids, deletedAt: null };
        case "FolderCandidatesAdded":
          return { ...state, ids, members: [...state.members, ...event.data.memberIds] };
        case "FolderCandidateRemoved":
          return { ...state, ids, members: state.members.filter((m) => m !== event.data.memberId) };
        case "FolderCandidateMoved":
          return { ...state, ids, members: moveTo(state.members, event.data.memberId, event.data.position) };
        default:
          return { ...state, ids };
      }
    },
    decide(command, state, ctx) {
      if (command.type === "Create") {
        if (state.ids) throw new AppError("conflict", "errors.folderExists");
        const { type: _create, name, description, ...rest } = command;
        return [{ type: "FolderCreated", data: { folderId, ...rest, name, description } }];
      }
      const ids = state.ids;
      if (!ids) throw new AppError("not_found", "errors.notFound");
      const owner = (by: string) => {
        if (by !== ids.ownerId) throw new AppError("forbidden", "errors.ownerOnly");
      };
      if (command.type === "Restore") {
        owner(command.by);
        if (!state.deletedAt) throw new AppError("conflict", "errors.notDeleted");
        if (ctx.clock.now().getTime() - Date.parse(state.deletedAt) > FOLDER_RESTORE_DAYS * DAY_MS)
          throw new AppError("not_found", "errors.restoreExpired");
        return [{ type: "FolderRestored", data: ids }];
      }
      if (state.deletedAt) throw new AppError("not_found", "errors.notFound");
      switch (command.type) {
        case "Edit":
          owner(command.by);
          return [{ type: "FolderEdited", data: { ...ids, name: command.name, description: command.description } }];
        case "SetVisibility":
          owner(command.by);
          if (command.visibility === ids.visibility) throw new AppError("conflict", "errors.visibilityUnchanged");
          return [{ type: "FolderVisibilityChanged", data: { ...ids, visibility: command.visibility } }];
        case "Delete":
          owner(command.by);
          return [{ type: "FolderDeleted", data: { ...ids, deletedAt: ctx.clock.now().toISOString() } }];
        case "AddCandidates": {
          const fresh = [...new Set(command.candidateIds)].filter((c) => !state.members.includes(c));
          if (!fresh.length) throw new AppError("conflict", "errors.alreadyInFolder", "candidateId");
          if (state.members.length + fresh.length > FOLDER_MAX_CANDIDATES)
            throw new AppError("invalid", "errors.folderFull", "candidateId");
          return [{ type: "FolderCandidatesAdded", data: { ...ids, memberIds: fresh, addedBy: command.by } }];
        }
        case "RemoveCandidate":
          if (!state.members.includes(command.candidateId)) throw new AppError("not_found", "errors.notInFolder");
          return [
            { type: "FolderCandidateRemoved", data: { ...ids, memberId: command.candidateId, removedBy: command.by } },
          ];
        case "MoveCandidate": {
          const from = state.members.indexOf(command.candidateId);
          if (from < 0) throw new AppError("not_found", "errors.notInFolder");
          const position = Math.max(0, Math.min(state.members.length - 1, command.position));
          if (position === from) return [];
          return [{ type: "FolderCandidateMoved", data: { ...ids, memberId: command.candidateId, position } }];
        }
      }
    },
  };
  return decider;
}
