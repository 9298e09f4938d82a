import type { Projection } from "../../event-store/types";
import type { ErasureEvent } from "./events";
import { ERASE_HOOKS } from "./hooks";

/** rm_erasure_requests: the request of each person (security page banner, admin list, due sweep). Inline. */
export const erasureRequestsProjection: Projection<ErasureEvent> = {
  name: "erasure.requests",
  eventTypes: ["ErasureRequested", "ErasureCancelled", "PersonErased"],
  tables: ["rm_erasure_requests"],
  async apply(tx, events) {
    for (const e of events) {
      const d = e.data;
      switch (e.type) {
        case "ErasureRequested": {
          const r = e.data;
          await tx`insert into rm_erasure_requests (user_id, status, requested_by, requested_at, due_at, rule, cancel_token_hash)
            values (${r.userId}, 'pending', ${r.requestedBy}, ${r.requestedAt}, ${r.dueAt}, ${r.rule ?? null},
              ${r.cancelTokenHash ?? null})
            on conflict (user_id) do update set status = 'pending', requested_by = excluded.requested_by,
              requested_at = excluded.requested_at, due_at = excluded.due_at, rule = excluded.rule,
              cancel_token_hash = excluded.cancel_token_hash`;
          break;
        }
        case "ErasureCancelled":
          await tx`update rm_erasure_requests set status = 'cancelled', cancel_token_hash = null where user_id = ${d.userId}`;
          break;
        case "PersonErased":
          await tx`update rm_erasure_requests set status = 'done', done_at = ${e.createdAt}, pseudonym = ${e.data.pseudonym}, cancel_token_hash = null
            where user_id = ${d.userId}`;
          break;
      }
    }
  },
  /**
   * A rebuild replays events that name an erased person by id only (an agency's folder, comment or
   * activity about them): the hooks delete those rows again, by id (the address is gone by then;
   * the files went at the erasure).
   */
  async afterRebuild(tx) {
    const erased = await tx<
      { userId: string }[]
    >`select user_id as "userId" from rm_erasure_requests where status = 'done'`;
    for (const { userId } of erased)
      for (const hook of ERASE_HOOKS) await hook(tx, { userId, email: null, firstName: "", lastName: "" });
  },
};
