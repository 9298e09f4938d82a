import type { Projection, Tx } from "../../event-store/types";
import { MERGE_EVENT_TYPES, mergeMove } from "../duplicates/contract";
import { ACTIVITY_EVENT_TYPES, type ActivityEvent, type CalendarFeedEvent } from "./events";

/** rm_activities: inline, so the page reads its own writes; keyed by agency. */
export const activitiesProjection: Projection<ActivityEvent> = {
  name: "activities",
  eventTypes: [...ACTIVITY_EVENT_TYPES, ...MERGE_EVENT_TYPES],
  tables: ["rm_activities"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      const move = mergeMove(e); // a merge moves the listed activities, its undo moves them back (ADR 0039)
      if (move) {
        await tx`update rm_activities set candidate_id = ${move.to} where id = any(${move.moved.activities ?? []}::uuid[])`;
        continue;
      }
      const id = e.data.activityId;
      const version = e.streamVersion;
      switch (e.type) {
        case "ActivityLogged": {
          const d = e.data;
          await tx`insert into rm_activities ${tx({
            id,
            agency_id: d.agencyId,
            kind: d.kind,
            subject: e.erased ? null : (d.subject ?? null),
            notes: e.erased ? null : d.notes || null,
            candidate_id: d.candidateId,
            company_id: d.companyId,
            ad_id: d.adId,
            order_id: d.orderId,
            author_id: d.authorId,
            assignee_id: d.assigneeId,
            due_at: d.dueAt ? new Date(d.dueAt) : null,
            version,
            created_at: e.createdAt,
          })} on conflict (id) do nothing`;
          break;
        }
        case "ActivityCompleted":
          await tx`update rm_activities set done_at = ${e.createdAt}, version = ${version} where id = ${id}`;
          break;
        case "ActivityReopened":
          await tx`update rm_activities set done_at = null, version = ${version} where id = ${id}`;
          break;
        case "ActivityRescheduled":
          await tx`update rm_activities set due_at = ${new Date(e.data.dueAt)}, version = ${version} where id = ${id}`;
          break;
        case "ActivityReminded":
          await tx`update rm_activities set version = ${version} where id = ${id}`;
          break;
      }
    }
  },
};

/** rm_activity_feeds: the feed page looks a token up by its hash. */
export const calendarFeedsProjection: Projection<CalendarFeedEvent> = {
  name: "activity-feeds",
  eventTypes: ["CalendarFeedIssued", "CalendarFeedRevoked"],
  tables: ["rm_activity_feeds"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      const { ownerId, agencyId } = e.data;
      if (e.type === "CalendarFeedIssued")
        await tx`insert into rm_activity_feeds ${tx({ owner_id: ownerId, agency_id: agencyId, token_hash: e.data.tokenHash, issued_at: e.createdAt })}
          on conflict (owner_id) do update set agency_id = excluded.agency_id, token_hash = excluded.token_hash, issued_at = excluded.issued_at`;
      else await tx`delete from rm_activity_feeds where owner_id = ${ownerId}`;
    }
  },
};
