import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db, EventMetadata } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import { isAgencyStaff, type Actor } from "../identity/contract";
import { requireFolder, type FolderRow } from "./access";
import { folderDecider, type FolderCommand } from "./decider";
import { folderStream } from "./events";
import type { CreateFolderInput, EditFolderInput } from "./forms";
import type { FolderVisibility } from "./rules";

/** The one access rule (candidates/documents/agency-access.ts): the agency's staff may open the candidate's profile. */
export interface FolderCandidatePort {
  openCandidateProfile(
    actor: Actor,
    candidateId: string,
  ): Promise<{ contact: boolean; identity: { phone?: string | null } | null } | null>;
}

/**
 * A shared folder's events go to the agency's room (tenant); a private one's only to its owner's
 * room (the module's realtime route), so no tenant. A change of visibility tells both.
 */
const metadataOf = (actor: Actor, agencyId: string, visibility: FolderVisibility, both = false): EventMetadata =>
  visibility === "agency" || both ? { actor: actor.id, tenant: agencyId } : { actor: actor.id };

export function folderCommands({
  sql,
  store,
  ctx,
  access,
}: {
  sql: Db;
  store: EventStore;
  ctx: DecideContext;
  access: FolderCandidatePort;
}) {
  const run = (folder: Pick<FolderRow, "id" | "agencyId">, command: FolderCommand, metadata: EventMetadata) =>
    handleCommand(store, folderDecider(folder.id), folderStream(folder.id), command, ctx, metadata);
  /** Runs a command on a folder the actor may see (deleted ones for a restore only). */
  const onFolder = async (actor: Actor, folderId: string, command: FolderCommand, deleted = false) => {
    const folder = await requireFolder(sql, actor, folderId, { deleted });
    await run(folder, command, metadataOf(actor, folder.agencyId, folder.visibility, command.type === "SetVisibility"));
  };

  /**
   * The ids the folder's stream knows for the candidate's row (ADR 0039): a row a merge moved to
   * the survivor stands for the merged-away record, and for the survivor too once added on its own.
   */
  const streamMembers = async (folderId: string, candidateId: string): Promise<string[]> => {
    const [row] = await sql<{ mergedFrom: string | null; kept: boolean }[]>`
      select merged_from as "mergedFrom", kept_by is not null as kept from rm_folder_members
      where folder_id = ${folderId} and candidate_id = ${candidateId}`;
    if (!row?.mergedFrom) return [candidateId];
    return row.kept ? [candidateId, row.mergedFrom] : [row.mergedFrom];
  };

  return {
    async createFolder(actor: Actor, input: CreateFolderInput): Promise<string> {
      if (!isAgencyStaff(actor) || !actor.agencyId) throw new AppError("not_found", "errors.notFound");
      const folderId = ctx.ids.uuid();
      const command: FolderCommand = { type: "Create", agencyId: actor.agencyId, ownerId: actor.id, ...input };
      await run(
        { id: folderId, agencyId: actor.agencyId },
        command,
        metadataOf(actor, actor.agencyId, input.visibility),
      );
      return folderId;
    },
    async editFolder(actor: Actor, folderId: string, input: EditFolderInput) {
      await onFolder(actor, folderId, { type: "Edit", by: actor.id, ...input });
    },
    async setFolderVisibility(actor: Actor, folderId: string, visibility: FolderVisibility) {
      await onFolder(actor, folderId, { type: "SetVisibility", by: actor.id, visibility });
    },
    async deleteFolder(actor: Actor, folderId: string) {
      await onFolder(actor, folderId, { type: "Delete", by: actor.id });
    },
    async restoreFolder(actor: Actor, folderId: string) {
      await onFolder(actor, folderId, { type: "Restore", by: actor.id }, true);
    },
    /**
     * Adds candidates (one, or the library's bulk selection): each must be one the agency may see
     * (the access rule), else the whole request is refused as not found, telling nothing of them.
     * Says how many went in and how many were there already (the bulk add reports both).
     */
    async addToFolder(
      actor: Actor,
      folderId: string,
      candidateIds: string[],
    ): Promise<{ added: number; already: number }> {
      const folder = await requireFolder(sql, actor, folderId);
      const unique = new Set(candidateIds);
      for (const id of unique)
        if (!(await access.openCandidateProfile(actor, id)))
          throw new AppError("not_found", "errors.candidateNotFound", "candidateId");
      const stored = await run(
        folder,
        { type: "AddCandidates", by: actor.id, candidateIds },
        metadataOf(actor, folder.agencyId, folder.visibility),
      );
      const added = stored.reduce((n, e) => n + ((e.data as { memberIds?: string[] }).memberIds?.length ?? 0), 0);
      return { added, already: unique.size - added };
    },
    async removeFromFolder(actor: Actor, folderId: string, candidateId: string) {
      // the survivor of a merge shown for a moved row: its record leaves, and the survivor if added on its own
      for (const memberId of await streamMembers(folderId, candidateId))
        await onFolder(actor, folderId, { type: "RemoveCandidate", by: actor.id, candidateId: memberId });
    },
    async moveInFolder(actor: Actor, folderId: string, candidateId: string, position: number) {
      const [memberId] = await streamMembers(folderId, candidateId);
      await onFolder(actor, folderId, { type: "MoveCandidate", by: actor.id, candidateId: memberId!, position });
    },
  };
}
