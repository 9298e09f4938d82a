import type { Db } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import type { Actor } from "../identity/contract";
import type { ErasureRequestView, PendingErasureView, RefusalRetentionPort } from "./contract";
import type { Clock } from "../../lib/clock";
import { activityLimit, RETENTION_RULES, RETENTION_WARNING_DAYS, ruleById } from "./retention-rules";

/** A retention rule as the admins' page shows it: the rule, what falls due in the next 30 days, what its warnings became. */
export interface RetentionRuleView {
  id: string;
  delayDays: number;
  source: string;
  erases: boolean;
  /** warned and not cancelled: erased on their due date, all within the next 30 days (refusals: anonymised then) */
  upcoming: number;
  nextDueAt: string | null;
  warned: number;
  cancelled: number;
  /** people erased (refusals: applications anonymised) */
  erased: number;
}

type Row = Omit<ErasureRequestView, "requestedAt" | "dueAt"> & { requestedAt: Date; dueAt: Date };
const view = <T extends Row>(r: T) => ({
  ...r,
  requestedAt: r.requestedAt.toISOString(),
  dueAt: r.dueAt.toISOString(),
});

export function erasureQueries(sql: Db, clock: Clock, applications: RefusalRetentionPort) {
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

    /** The retention page (platform admins): each rule with its counts (ADR 0048). */
    async retentionOverview(actor: Actor): Promise<{ rules: RetentionRuleView[]; warningDays: number }> {
      if (actor.role !== "PLATFORM_ADMIN") throw new AppError("forbidden", "not_authorized");
      const rows = await sql<{ rule: string; status: string; n: number; next: Date | null }[]>`
        select rule, status, count(*)::int as n, min(due_at) as next from rm_erasure_requests
        where requested_by = 'retention' group by rule, status`;
      const count = (id: string, status: string) => rows.find((r) => r.rule === id && r.status === status);
      // refusals are not warned: what falls due in 30 days and what was done, from the applications
      const refusals = ruleById("refused-applications")!;
      const due = await applications.refusalRetention(activityLimit(refusals, clock.now(), RETENTION_WARNING_DAYS));
      const rules = RETENTION_RULES.map((r) => {
        if (r.id === refusals.id)
          return {
            ...r,
            upcoming: due.soon,
            nextDueAt:
              due.soon && due.oldest ? new Date(due.oldest.getTime() + r.delayDays * 86_400_000).toISOString() : null,
            warned: 0,
            cancelled: 0,
            erased: due.anonymised,
          };
        const pending = count(r.id, "pending");
        const [cancelled, erased] = [count(r.id, "cancelled")?.n ?? 0, count(r.id, "done")?.n ?? 0];
        return {
          ...r,
          upcoming: pending?.n ?? 0,
          nextDueAt: pending?.next?.toISOString() ?? null,
          warned: (pending?.n ?? 0) + cancelled + erased,
          cancelled,
          erased,
        };
      });
      return { rules, warningDays: RETENTION_WARNING_DAYS };
    },

    /** "erased candidate #n" where a record must stay, or null when the person was not erased. */
    async erasedPseudonym(userId: string): Promise<number | null> {
      const [r] = await sql<{ n: number | null }[]>`
        select pseudonym as n from rm_erasure_requests where user_id = ${userId} and status = 'done'`;
      return r?.n ?? null;
    },
  };
}
