import type { Projection, Tx } from "../../event-store/types";
import { MERGE_EVENT_TYPES, mergeMove } from "../duplicates/contract";
import { ASSIGNMENT_EVENT_TYPES, type AssignmentEvent } from "./events";
import { instantsOf } from "./time";

/** rm_assignments: inline, so the board and the list read their own writes. */
export const assignmentsProjection: Projection<AssignmentEvent> = {
  name: "assignments",
  eventTypes: [...ASSIGNMENT_EVENT_TYPES, ...MERGE_EVENT_TYPES],
  tables: ["rm_assignments"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      const move = mergeMove(e); // a merge moves the listed assignments, its undo moves them back (ADR 0039)
      if (move) {
        await tx`update rm_assignments set candidate_id = ${move.to} where id = any(${move.moved.assignments}::uuid[])`;
        continue;
      }
      const at = e.createdAt;
      const id = e.data.assignmentId;
      const by = e.metadata.actor ?? null;
      const touch = tx`version = ${e.streamVersion}, updated_at = ${at}, updated_by = ${by}`;
      switch (e.type) {
        case "AssignmentPlanned": {
          const d = e.data;
          const { startsAt, endsAt } = instantsOf(d.day, d.startMin, d.endMin, d.zone);
          await tx`insert into rm_assignments ${tx({
            id,
            agency_id: d.agencyId,
            placement_id: d.placementId,
            candidate_id: d.candidateId,
            ad_id: d.adId,
            ad_title: d.adTitle,
            client_id: d.adClientId,
            branch_id: d.branchId,
            consultant_id: d.consultantId,
            zone: d.zone,
            day: d.day,
            start_min: d.startMin,
            end_min: d.endMin,
            break_min: d.breakMin,
            starts_at: startsAt,
            ends_at: endsAt,
            place: d.place,
            note: d.note,
            override_reason: d.overrideReason,
            status: "draft",
            removing: false,
            published: null,
            confirmed_at: null,
            drafted_by: by,
            updated_by: by,
            version: e.streamVersion,
            created_at: at,
            updated_at: at,
          })} on conflict (id) do nothing`;
          break;
        }
        case "AssignmentChanged": {
          const d = e.data;
          const [row] = await tx<{ zone: string }[]>`select zone from rm_assignments where id = ${id}`;
          if (!row) break;
          const { startsAt, endsAt } = instantsOf(d.day, d.startMin, d.endMin, row.zone);
          await tx`update rm_assignments set day = ${d.day}, start_min = ${d.startMin}, end_min = ${d.endMin}, break_min = ${d.breakMin},
            starts_at = ${startsAt}, ends_at = ${endsAt}, place = ${d.place}, note = ${d.note}, override_reason = ${d.overrideReason},
            status = 'draft', confirmed_at = null, drafted_by = ${by}, ${touch} where id = ${id}`;
          break;
        }
        case "AssignmentRemoved":
          if (e.data.wasPublished)
            await tx`update rm_assignments set removing = true, status = 'draft', drafted_by = ${by}, ${touch} where id = ${id}`;
          else await tx`delete from rm_assignments where id = ${id}`;
          break;
        case "AssignmentPublished": {
          const d = e.data;
          if (d.change === "cancelled") await tx`delete from rm_assignments where id = ${id}`;
          else {
            const published = {
              day: d.day,
              startMin: d.startMin,
              endMin: d.endMin,
              breakMin: d.breakMin,
              place: d.place,
              note: d.note,
            };
            await tx`update rm_assignments set status = 'published', published = ${tx.json(published)}, drafted_by = null, confirmed_at = null, ${touch} where id = ${id}`;
          }
          break;
        }
        case "AssignmentConfirmed":
          await tx`update rm_assignments set confirmed_at = ${at}, ${touch} where id = ${id}`;
          break;
      }
    }
  },
};
