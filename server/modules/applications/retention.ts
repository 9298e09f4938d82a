import type { Db, Tx } from "../../event-store/types";
import { STATUS } from "./contract";

/**
 * The retention rule "refused-applications" (ADR 0048), in one place: a refusal not yet anonymised,
 * of a candidate who did not agree to stay in the talent pool, whose last change is at or before
 * `before` (any, without). Over `rm_applications a` left-joined to `rm_profiles p`.
 */
export const refusalDue = (sql: Tx, before?: Date) =>
  sql`a.status = ${STATUS.rejected} and a.anonymised_at is null and not coalesce(p.talent_pool, false)
    ${before ? sql`and a.updated_at <= ${before}` : sql``}`;

export function refusalRetentionQueries(sql: Db) {
  return {
    /** The retention page's figures: refusals due by `soonBefore`, the oldest one left, those anonymised. */
    async refusalRetention(soonBefore: Date): Promise<{ soon: number; oldest: Date | null; anonymised: number }> {
      const [row] = await sql<{ soon: number; oldest: Date | null; anonymised: number }[]>`
        select count(*) filter (where ${refusalDue(sql, soonBefore)})::int as soon,
          min(a.updated_at) filter (where ${refusalDue(sql)}) as oldest,
          count(*) filter (where a.anonymised_at is not null)::int as anonymised
        from rm_applications a left join rm_profiles p on p.user_id = a.candidate_id`;
      return row!;
    },
  };
}
