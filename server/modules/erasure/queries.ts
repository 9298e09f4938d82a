import type { Db } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import type { Actor } from "../identity/contract";
import type { ErasureRequestView, PendingErasureView } from "./contract";

type Row = Omit<ErasureRequestView, "requestedAt" | "dueAt"> & { requestedAt: Date; dueAt: Date };
const view = <T extends Row>(r: T) => ({
  ...r,
  requestedAt: r.requestedAt.toISOString(),
  dueAt: r.dueAt.toISOString(),
});

export function erasureQueries(sql: Db) {
  return {
    /** The person's pending request (the banner and the security page), or null. */
    async myErasureRequest(actor: Actor): Promise<ErasureRequestView | null> {
      const [r] = await sql<Row[]>`
        select user_id as "userId", status, requested_by as "requestedBy", requested_at as "requestedAt", due_at as "dueAt"
        from rm_erasure_requests where user_id = ${actor.id} and status = 'pending'`;
      return r ? view(r) : null;
    },

    /** Pending requests, soonest first, for platform admins only. */
    async pendingErasures(actor: Actor): Promise<PendingErasureView[]> {
      if (actor.role !== "PLATFORM_ADMIN") throw new AppError("forbidden", "not_authorized");
      const rows = await sql<(Row & { name: string; email: string })[]>`
        select r.user_id as "userId", r.status, r.requested_by as "requestedBy", r.requested_at as "requestedAt",
          r.due_at as "dueAt", coalesce(u.first_name || ' ' || u.last_name, '') as name, coalesce(u.email, '') as email
        from rm_erasure_requests r left join rm_users u on u.id = r.user_id
        where r.status = 'pending' order by r.due_at limit 500`;
      return rows.map(view);
    },

    /** "erased candidate #n" where a record must stay, or null when the person was not erased. */
    async erasedPseudonym(userId: string): Promise<number | null> {
      const [r] = await sql<{ n: number | null }[]>`
        select pseudonym as n from rm_erasure_requests where user_id = ${userId} and status = 'done'`;
      return r?.n ?? null;
    },
  };
}
