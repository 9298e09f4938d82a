import type { Db } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import { isAgencyStaff, type Actor } from "../identity/contract";
import type { StatsFilters } from "./periods";

/** A figure for the period and the one before it. */
export interface Pair {
  current: number;
  previous: number;
}
/** Hours to the first answer, null when no application was answered. */
export interface AnswerTimes {
  medianHours: number | null;
  p90Hours: number | null;
}
export interface StatsReport {
  funnel: { applied: Pair; retained: Pair; proposed: Pair; mission: Pair };
  answer: { current: AnswerTimes; previous: AnswerTimes };
  unanswered: Pair;
  bySource: ({ source: string } & Pair)[];
  byAd: ({ adId: number; title: string } & Pair)[];
  ads: { published: Pair; expired: Pair; onlineNow: number };
  orders: { filled: Pair; open: Pair };
  hours: {
    clientId: string | null;
    clientName: string | null;
    month: string;
    country: string;
    minutes: number;
    amountCents: number;
  }[];
  hoursTotal: { minutes: Pair; amountCents: Pair };
}

/** The ads listed per ad: the most applied to in the period. */
export const BY_AD_LIMIT = 20;
/** An application still without an answer this long after it came counts as unanswered. */
export const UNANSWERED_AFTER_DAYS = 3;

/** Statistics are an agency's: its staff only (platform admins have no agency of their own). */
function agencyOf(actor: Actor): string {
  if (!isAgencyStaff(actor) || !actor.agencyId) throw new AppError("forbidden", "not_authorized");
  return actor.agencyId;
}

const pair = (rows: { p: string; n: number }[]): Pair => ({
  current: rows.find((r) => r.p === "c")?.n ?? 0,
  previous: rows.find((r) => r.p === "p")?.n ?? 0,
});
const hours = (seconds: number | null) => (seconds == null ? null : Math.round((seconds / 3600) * 10) / 10);

/**
 * Every read is one pass over the agency's rows of both periods (its index on agency and day),
 * each row tagged `c` (the period) or `p` (the one before) in the query.
 */
export function statisticsQueries(sql: Db) {
  const which = (column: string, f: StatsFilters) =>
    sql`case when ${sql(column)} between ${f.period.from} and ${f.period.to} then 'c'
      when ${sql(column)} between ${f.previous.from} and ${f.previous.to} then 'p' end`;
  const within = (column: string, f: StatsFilters) =>
    sql`(${sql(column)} between ${f.period.from} and ${f.period.to} or ${sql(column)} between ${f.previous.from} and ${f.previous.to})`;
  const scope = (agencyId: string, f: StatsFilters) =>
    sql`agency_id = ${agencyId} ${f.branchId ? sql`and branch_id = ${f.branchId}` : sql``}
      ${f.consultantId ? sql`and consultant_id = ${f.consultantId}` : sql``}`;

  async function applications(agencyId: string, f: StatsFilters, now: Date) {
    const rows = await sql<
      {
        p: string;
        applied: number;
        retained: number;
        proposed: number;
        mission: number;
        unanswered: number;
        median: number | null;
        p90: number | null;
      }[]
    >`select p, count(*)::int as applied, count(*) filter (where retained)::int as retained,
        count(*) filter (where proposed)::int as proposed, count(*) filter (where mission)::int as mission,
        count(*) filter (where applied_at <= ${now}::timestamptz - make_interval(days => ${UNANSWERED_AFTER_DAYS})
          and (first_answer_at is null or first_answer_at > applied_at + make_interval(days => ${UNANSWERED_AFTER_DAYS})))::int as unanswered,
        percentile_cont(0.5) within group (order by extract(epoch from first_answer_at - applied_at)) filter (where first_answer_at is not null) as median,
        percentile_cont(0.9) within group (order by extract(epoch from first_answer_at - applied_at)) filter (where first_answer_at is not null) as p90
      from (select *, ${which("applied_day", f)} as p from rm_stats_applications
        where ${scope(agencyId, f)} and ${within("applied_day", f)}) s
      group by p`;
    const of = (k: "applied" | "retained" | "proposed" | "mission" | "unanswered") =>
      pair(rows.map((r) => ({ p: r.p, n: r[k] })));
    const times = (p: string): AnswerTimes => {
      const r = rows.find((x) => x.p === p);
      return { medianHours: hours(r?.median ?? null), p90Hours: hours(r?.p90 ?? null) };
    };
    return {
      funnel: { applied: of("applied"), retained: of("retained"), proposed: of("proposed"), mission: of("mission") },
      answer: { current: times("c"), previous: times("p") },
      unanswered: of("unanswered"),
    };
  }

  async function breakdowns(agencyId: string, f: StatsFilters) {
    const tagged = sql`(select *, ${which("applied_day", f)} as p from rm_stats_applications
      where ${scope(agencyId, f)} and ${within("applied_day", f)}) s`;
    const [bySource, byAd] = await Promise.all([
      sql<({ source: string } & Pair)[]>`select source, count(*) filter (where p = 'c')::int as current,
        count(*) filter (where p = 'p')::int as previous from ${tagged} group by source order by current desc, source`,
      sql<({ adId: number; title: string } & Pair)[]>`select ad_id as "adId", max(ad_title) as title,
        count(*) filter (where p = 'c')::int as current, count(*) filter (where p = 'p')::int as previous
        from ${tagged} group by ad_id order by current desc, previous desc, ad_id limit ${BY_AD_LIMIT}`,
    ]);
    return { bySource, byAd };
  }

  async function adsAndOrders(agencyId: string, f: StatsFilters) {
    const [published, expired, [online], orders] = await Promise.all([
      sql<{ p: string; n: number }[]>`select ${which("published_day", f)} as p, count(*)::int as n from rm_stats_ads
        where ${scope(agencyId, f)} and ${within("published_day", f)} group by 1`,
      sql<{ p: string; n: number }[]>`select ${which("expired_day", f)} as p, count(*)::int as n from rm_stats_ads
        where ${scope(agencyId, f)} and ${within("expired_day", f)} group by 1`,
      sql<
        { n: number }[]
      >`select count(*)::int as n from rm_stats_ads where ${scope(agencyId, f)} and state = 'online'`,
      sql<{ p: string; filled: number; open: number }[]>`select ${which("placed_day", f)} as p,
        count(*) filter (where state in ('in_progress', 'completed'))::int as filled,
        count(*) filter (where state in ('pending', 'validated', 'online'))::int as open
        from rm_stats_orders where ${scope(agencyId, f)} and ${within("placed_day", f)} group by 1`,
    ]);
    return {
      ads: { published: pair(published), expired: pair(expired), onlineNow: online?.n ?? 0 },
      orders: {
        filled: pair(orders.map((r) => ({ p: r.p, n: r.filled }))),
        open: pair(orders.map((r) => ({ p: r.p, n: r.open }))),
      },
    };
  }

  async function timesheets(agencyId: string, f: StatsFilters) {
    const rows = await sql<(StatsReport["hours"][number] & { p: string })[]>`
      select s.p, s.client_id as "clientId", c.name as "clientName", s.month, s.country,
        s.minutes::int as minutes, s.amount::int as "amountCents"
      from (select ${which("validated_day", f)} as p, client_id, to_char(validated_day, 'YYYY-MM') as month, country,
          sum(minutes) as minutes, sum(amount_cents) as amount
        from rm_stats_timesheets where ${scope(agencyId, f)} and ${within("validated_day", f)}
        group by 1, 2, 3, 4) s
      left join rm_client_companies c on c.id = s.client_id and c.agency_id = ${agencyId}
      order by s.month, c.name nulls last`;
    const total = (p: string, k: "minutes" | "amountCents") =>
      rows.filter((r) => r.p === p).reduce((n, r) => n + r[k], 0);
    return {
      hours: rows.filter((r) => r.p === "c").map(({ p: _, ...r }) => r),
      hoursTotal: {
        minutes: { current: total("c", "minutes"), previous: total("p", "minutes") },
        amountCents: { current: total("c", "amountCents"), previous: total("p", "amountCents") },
      },
    };
  }

  return {
    /** The statistics page: every figure of the actor's agency for the period and the one before. */
    async statisticsReport(actor: Actor, filters: StatsFilters, now: Date): Promise<StatsReport> {
      const agencyId = agencyOf(actor);
      const [a, b, c, d] = await Promise.all([
        applications(agencyId, filters, now),
        breakdowns(agencyId, filters),
        adsAndOrders(agencyId, filters),
        timesheets(agencyId, filters),
      ]);
      return { ...a, ...b, ...c, ...d };
    },
    /** The dashboard's summary: applications, answers and validated hours of a period (this month) and the one before. */
    async statisticsSummary(actor: Actor, filters: StatsFilters, now: Date) {
      const agencyId = agencyOf(actor);
      const [a, d] = await Promise.all([applications(agencyId, filters, now), timesheets(agencyId, filters)]);
      return { period: filters.period, ...a, hoursTotal: d.hoursTotal };
    },
  };
}
