import { rooms } from "../../realtime/routing";
import { defineModule } from "../module";
import { folderCommands, type FolderCandidatePort } from "./commands";
import { FOLDER_EVENT_TYPES, type FolderIds } from "./events";
import { folderProjection } from "./projections";
import { folderQueries } from "./queries";

export { folderMemberIds } from "./access";

/** What the folders call of the others: the candidates module's access rule. */
export interface FoldersPorts {
  candidates: FolderCandidatePort;
}

const TYPES = new Set<string>(FOLDER_EVENT_TYPES);

/**
 * Favourite folders (issue 29, ADR 0041): an agency's lists of candidates in `folder-<id>`,
 * private to their owner or shared with the agency. A shared folder's events carry the agency as
 * tenant (its staff's room); every folder event also reaches its owner's room, and nothing else.
 */
export const foldersModule = defineModule({
  name: "folders",
  needs: ["candidates"],
  projections: [folderProjection],
  realtime: (event) => (TYPES.has(event.type) ? [rooms.user((event.data as FolderIds).ownerId)] : []),
  create({ sql, store, ctx }, { candidates }: FoldersPorts) {
    return {
      commands: folderCommands({ sql, store, ctx, access: candidates }),
      queries: folderQueries(sql, candidates, ctx.clock),
    };
  },
});

/** Erasure hook (issue 30): called by the erasure module. */
export { eraseFolderMemberships } from "./erase";
