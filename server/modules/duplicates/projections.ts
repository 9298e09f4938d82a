import type { Projection } from "../../event-store/types";
import { DUPLICATE_EVENT_TYPES, type DuplicateEvent } from "./events";

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
