import type { Projection, Tx } from "../../event-store/types";
import { MERGE_EVENT_TYPES, mergeMove } from "../duplicates/contract";
import { FOLDER_EVENT_TYPES, type FolderEvent } from "./events";
import { moveTo } from "./rules";

/** rm_folders and rm_folder_members: inline, so the folder's page reads its own writes. */
export const folderProjection: Projection<FolderEvent> = {
  name: "folders",
  eventTypes: [...FOLDER_EVENT_TYPES, ...MERGE_EVENT_TYPES],
  tables: ["rm_folders", "rm_folder_members"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      const move = mergeMove(e); // a merge moves the listed memberships, its undo moves them back (ADR 0039)
      if (move) {
        await moveMemberships(tx, !move.undo, move.from, move.to, move.moved.folders ?? []);
        continue;
      }
      const { folderId, agencyId, ownerId, visibility } = e.data;
      const at = e.createdAt;
      if (e.type === "FolderCreated") {
        const row = {
          id: folderId,
          agency_id: agencyId,
          owner_id: ownerId,
          name: e.data.name,
          description: e.data.description,
          visibility,
          version: e.streamVersion,
          created_at: at,
          updated_at: at,
        };
        await tx`insert into rm_folders ${tx(row)} on conflict (id) do nothing`;
        continue;
      }
      await tx`update rm_folders set visibility = ${visibility}, version = ${e.streamVersion}, updated_at = ${at} where id = ${folderId}`;
      switch (e.type) {
        case "FolderEdited":
          await tx`update rm_folders set name = ${e.data.name}, description = ${e.data.description} where id = ${folderId}`;
          break;
        case "FolderDeleted":
          await tx`update rm_folders set deleted_at = ${at} where id = ${folderId}`;
          break;
        case "FolderRestored":
          await tx`update rm_folders set deleted_at = null where id = ${folderId}`;
          break;
        case "FolderCandidatesAdded": {
          const [last] = await tx<{ next: number }[]>`
            select coalesce(max(position) + 1, 0)::int as next from rm_folder_members where folder_id = ${folderId}`;
          const rows = e.data.memberIds.map((candidateId, i) => ({
            folder_id: folderId,
            candidate_id: candidateId,
            agency_id: agencyId,
            position: (last?.next ?? 0) + i,
            added_by: e.data.addedBy,
            added_at: at,
          }));
          // the survivor of a merge added where its moved row stands: the undo must keep it there
          await tx`insert into rm_folder_members ${tx(rows)} on conflict (folder_id, candidate_id)
            do update set kept_by = excluded.added_by, kept_at = excluded.added_at
            where rm_folder_members.merged_from is not null`;
          break;
        }
        case "FolderCandidateRemoved":
          // a moved row is removed by its record's id too (ADR 0039)
          await tx`delete from rm_folder_members where folder_id = ${folderId}
            and (candidate_id = ${e.data.memberId} or (merged_from = ${e.data.memberId} and kept_by is null))`;
          break;
        case "FolderCandidateMoved": {
          // rows by the ids the stream knows: a moved row by its record's (ADR 0039)
          const current = await tx<{ id: string }[]>`
            select case when merged_from is not null and kept_by is null then merged_from else candidate_id end as id
            from rm_folder_members where folder_id = ${folderId} order by position`;
          const order = moveTo(
            current.map((r) => r.id),
            e.data.memberId,
            e.data.position,
          );
          await tx`update rm_folder_members m set position = o.position - 1
            from unnest(${order}::uuid[]) with ordinality as o(id, position)
            where m.folder_id = ${folderId}
              and o.id = case when m.merged_from is not null and m.kept_by is null then m.merged_from else m.candidate_id end`;
          break;
        }
      }
    }
  },
};

/**
 * A merge moves the listed memberships to the survivor and marks them; its undo moves them back
 * where they were. A survivor added to such a folder on its own meanwhile keeps a row of its own,
 * at the end, with who added it and when: nothing a consultant did is lost.
 */
async function moveMemberships(tx: Tx, merge: boolean, from: string, to: string, folders: string[]) {
  if (merge) {
    await tx`update rm_folder_members set candidate_id = ${to}, merged_from = ${from}
      where candidate_id = ${from} and folder_id = any(${folders}::uuid[])`;
    return;
  }
  // rows moved before the marks existed have none: they move back as before
  const moved = tx`candidate_id = ${from} and (merged_from = ${to} or merged_from is null)
    and folder_id = any(${folders}::uuid[])`;
  const kept = await tx<{ folderId: string; agencyId: string; keptBy: string; keptAt: Date }[]>`
    select folder_id as "folderId", agency_id as "agencyId", kept_by as "keptBy", kept_at as "keptAt"
    from rm_folder_members where ${moved} and kept_by is not null`;
  await tx`update rm_folder_members set candidate_id = ${to}, merged_from = null, kept_by = null, kept_at = null
    where ${moved}`;
  for (const k of kept)
    await tx`insert into rm_folder_members (folder_id, candidate_id, agency_id, position, added_by, added_at)
      select ${k.folderId}, ${from}, ${k.agencyId}, coalesce(max(position) + 1, 0), ${k.keptBy}, ${k.keptAt}
      from rm_folder_members where folder_id = ${k.folderId}
      on conflict do nothing`;
}
