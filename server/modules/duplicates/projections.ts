import type { Projection } from "../../event-store/types";
import { DUPLICATE_EVENT_TYPES, type DuplicateEvent, type MergeEvent } from "./events";
import { MERGE_EVENT_TYPES } from "./merge-rules";
import { PLATFORM_SCOPE } from "./rules";

/** rm_duplicate_dismissals: inline, so the list reads its own writes. */
export const dismissalsProjection: Projection<DuplicateEvent> = {
  name: "duplicates.dismissals",
  eventTypes: DUPLICATE_EVENT_TYPES,
  tables: ["rm_duplicate_dismissals"],
  async apply(tx, events) {
    for (const e of events) {
      const { scope, firstId, secondId, by } = e.data;
      await tx`insert into rm_duplicate_dismissals (scope, first_id, second_id, dismissed_by, dismissed_at)
        values (${scope}, ${firstId}, ${secondId}, ${by}, ${e.createdAt}) on conflict do nothing`;
    }
  },
};

/**
 * rm_candidate_merges: which records are merged away and into which survivor, by whom (the
 * event's tenant, else the platform). Runs before the keys projection, which leaves the merged-away out.
 */
export const mergesProjection: Projection<MergeEvent> = {
  name: "duplicates.merges",
  eventTypes: MERGE_EVENT_TYPES,
  tables: ["rm_candidate_merges"],
  async apply(tx, events) {
    for (const e of events) {
      const { mergedId, survivorId } = e.data;
      if (e.type === "CandidatesMerged")
        await tx`insert into rm_candidate_merges (merged_id, survivor_id, scope, merged_at, undone_at)
          values (${mergedId}, ${survivorId}, ${e.metadata.tenant ?? PLATFORM_SCOPE}, ${e.createdAt}, null)
          on conflict (merged_id) do update set survivor_id = excluded.survivor_id, scope = excluded.scope,
            merged_at = excluded.merged_at, undone_at = null`;
      else await tx`update rm_candidate_merges set undone_at = ${e.createdAt} where merged_id = ${mergedId}`;
    }
  },
};
