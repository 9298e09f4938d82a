import type { Db } from "../../event-store/types";
import { hashToken } from "../../lib/tokens";
import { calendarFile, type CalendarItem } from "./calendar";
import { AGENCY_STAFF_ROLES, isAgencyStaff, type Actor } from "../identity/contract";
import type { ActivityQuery } from "./forms";
import { ACTIVITIES_PAGE_SIZE, endOfToday, periodBounds, type ActivityType } from "./rules";

/** One line of the lists: an activity, or an e-mail sent from a reply template (read from its event, `kind` email). */
export interface ActivityRow {
  id: string;
  /** "activity" (rm_activities) or "mail" (an application's ApplicationMailSent event) */
  source: "activity" | "mail";
  kind: ActivityType;
  /** the activity's subject, or the template's purpose for a mail */
  subject: string | null;
  notes: string | null;
  candidateId: string | null;
  candidateName: string | null;
  companyId: string | null;
  companyName: string | null;
  adId: number | null;
  adTitle: string | null;
  orderId: string | null;
  orderTitle: string | null;
  authorName: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  dueAt: Date | null;
  doneAt: Date | null;
  at: Date;
}
type Choice = { id: string; name: string };
type AdChoice = { id: number; name: string };
export interface Colleague {
  id: string;
  name: string;
}

/** The agency's staff only: anyone else (a client user has an agency id too) reads nothing. */
const agencyOf = (actor: Actor) => (isAgencyStaff(actor) ? actor.agencyId : null);

export function activityQueries(sql: Db, clock: { now(): Date }) {
  /**
   * The agency's activities and its template mails, as one list. Every part reads
   * `agency_id = ${agencyId}` (the mails through the agency's applications, whose events carry it).
   */
  function rows(agencyId: string, q: Partial<ActivityQuery>, extra = sql``) {
    const now = clock.now();
    const { from, to } = periodBounds(q.period ?? "any", now);
    const status = q.status ?? "all";
    const mails =
      (q.type === undefined || q.type === "email") && !q.orderId && status !== "open" && q.period !== "overdue";
    return sql`
      with list as (
        select a.id::text, 'activity' as source, a.kind, a.subject, a.notes, a.candidate_id, a.company_id, a.ad_id, a.order_id,
          a.author_id, a.assignee_id, a.due_at, a.done_at, a.created_at as at
        from rm_activities a
        where a.agency_id = ${agencyId}
          ${q.type ? sql`and a.kind = ${q.type}` : sql``}
          ${q.consultant ? sql`and (a.assignee_id = ${q.consultant} or a.author_id = ${q.consultant})` : sql``}
          ${q.candidateId ? sql`and a.candidate_id = ${q.candidateId}` : sql``}
          ${q.companyId ? sql`and a.company_id = ${q.companyId}` : sql``}
          ${q.adId ? sql`and a.ad_id = ${q.adId}` : sql``}
          ${q.orderId ? sql`and a.order_id = ${q.orderId}` : sql``}
          ${status === "open" ? sql`and a.done_at is null and a.due_at is not null` : status === "done" ? sql`and a.done_at is not null` : sql``}
          ${q.period === "overdue" ? sql`and a.done_at is null` : sql``}
          ${from ? sql`and coalesce(a.due_at, a.created_at) >= ${from}` : sql``}
          ${to ? sql`and coalesce(a.due_at, a.created_at) < ${to}` : sql``}
        ${
          mails
            ? sql`union all
        select e.global_position::text, 'mail', 'email', e.data->>'purpose', null, ap.candidate_id, ap.client_id, ap.ad_id, null,
          (e.metadata->>'actor')::uuid, null, null, e.created_at, e.created_at
        from rm_applications ap
        join events e on e.stream_id = 'application-' || ap.id and e.type = 'ApplicationMailSent'
        where ap.agency_id = ${agencyId} and e.metadata->>'actor' ~ '^[0-9a-f-]{36}$'
          ${q.consultant ? sql`and e.metadata->>'actor' = ${q.consultant}` : sql``}
          ${q.candidateId ? sql`and ap.candidate_id = ${q.candidateId}` : sql``}
          ${q.companyId ? sql`and ap.client_id = ${q.companyId}` : sql``}
          ${q.adId ? sql`and ap.ad_id = ${q.adId}` : sql``}
          ${from ? sql`and e.created_at >= ${from}` : sql``}
          ${to ? sql`and e.created_at < ${to}` : sql``}`
            : sql``
        }
      )
      select l.id, l.source, l.kind, l.subject, l.notes, l.candidate_id as "candidateId",
        nullif(concat_ws(' ', cu.first_name, cu.last_name), '') as "candidateName",
        l.company_id as "companyId", c.name as "companyName", l.ad_id::int as "adId", ad.title as "adTitle",
        l.order_id as "orderId", o.title as "orderTitle",
        nullif(concat_ws(' ', au.first_name, au.last_name), '') as "authorName",
        l.assignee_id as "assigneeId", nullif(concat_ws(' ', su.first_name, su.last_name), '') as "assigneeName",
        l.due_at as "dueAt", l.done_at as "doneAt", l.at, count(*) over () as total
      from list l
      left join rm_users cu on cu.id = l.candidate_id
      left join rm_client_companies c on c.id = l.company_id and c.agency_id = ${agencyId}
      left join rm_ads ad on ad.id = l.ad_id and ad.agency_id = ${agencyId}
      left join rm_orders o on o.id = l.order_id and o.agency_id = ${agencyId}
      left join rm_users au on au.id = l.author_id
      left join rm_users su on su.id = l.assignee_id
      ${extra}`;
  }
  const clean = (list: (ActivityRow & { total: string })[]) => list.map(({ total: _t, ...r }) => r);

  return {
    /** The team view: filtered, newest (or soonest due) first, a page at a time. */
    async activityList(actor: Actor, q: ActivityQuery): Promise<{ rows: ActivityRow[]; total: number }> {
      const agencyId = agencyOf(actor);
      if (!agencyId) return { rows: [], total: 0 };
      const list = await sql<(ActivityRow & { total: string })[]>`${rows(
        agencyId,
        q,
        sql`order by coalesce(l.due_at, l.at) desc, l.id limit ${ACTIVITIES_PAGE_SIZE} offset ${(q.page - 1) * ACTIVITIES_PAGE_SIZE}`,
      )}`;
      return { rows: clean(list), total: Number(list[0]?.total ?? 0) };
    },

    /** "My day": a colleague's (by default one's own) open tasks and meetings due before tonight, overdue first. */
    async myDay(actor: Actor, assigneeId: string): Promise<{ overdue: ActivityRow[]; today: ActivityRow[] }> {
      const agencyId = agencyOf(actor);
      if (!agencyId) return { overdue: [], today: [] };
      const now = clock.now();
      const list = await sql<(ActivityRow & { total: string })[]>`${rows(
        agencyId,
        { status: "open" },
        sql`where l.assignee_id = ${assigneeId} and l.due_at < ${endOfToday(now)} order by l.due_at limit 200`,
      )}`;
      const all = clean(list);
      return { overdue: all.filter((r) => r.dueAt! < now), today: all.filter((r) => r.dueAt! >= now) };
    },

    /** A record's activities (the ad and order pages, the candidate file): newest 20. */
    async activitiesOf(actor: Actor, link: Pick<ActivityQuery, "adId" | "orderId" | "companyId" | "candidateId">) {
      const agencyId = agencyOf(actor);
      if (!agencyId) return [];
      return clean(
        await sql<(ActivityRow & { total: string })[]>`${rows(agencyId, link, sql`order by l.at desc limit 20`)}`,
      );
    },

    /** The agency's staff, for the assignee and consultant choices. */
    async colleagues(actor: Actor): Promise<Colleague[]> {
      const agencyId = agencyOf(actor);
      if (!agencyId) return [];
      return sql<Colleague[]>`select id, concat_ws(' ', first_name, last_name) as name from rm_users
        where agency_id = ${agencyId} and enabled and role = any(${[...AGENCY_STAFF_ROLES]}) order by last_name, first_name`;
    },

    /** What the log form offers to link: the agency's client companies, ads, orders and candidates it dealt with. */
    async linkChoices(
      actor: Actor,
    ): Promise<Record<"companies" | "orders" | "candidates", Choice[]> & { ads: AdChoice[] }> {
      const agencyId = agencyOf(actor);
      if (!agencyId) return { companies: [], ads: [], orders: [], candidates: [] };
      const [companies, ads, orders, candidates] = await Promise.all([
        sql<
          { id: string; name: string }[]
        >`select id, name from rm_client_companies where agency_id = ${agencyId} order by name limit 500`,
        sql<
          { id: number; name: string }[]
        >`select id::int, title as name from rm_ads where agency_id = ${agencyId} order by created_at desc limit 200`,
        sql<
          { id: string; name: string }[]
        >`select id, concat('#', number, ' ', title) as name from rm_orders where agency_id = ${agencyId} order by created_at desc limit 200`,
        sql<{ id: string; name: string }[]>`
          select u.id, concat_ws(' ', u.first_name, u.last_name) as name from rm_users u
          where u.id in (select candidate_id from rm_applications where agency_id = ${agencyId}
            union select candidate_id from rm_placements where agency_id = ${agencyId})
          order by u.last_name, u.first_name limit 500`,
      ]);
      return { companies, ads, orders, candidates };
    },

    /** Whether the person has a calendar link now (the link itself is shown once, when issued). */
    async calendarFeedState(actor: Actor): Promise<{ issuedAt: Date } | null> {
      const [row] = await sql<
        { issuedAt: Date }[]
      >`select issued_at as "issuedAt" from rm_activity_feeds where owner_id = ${actor.id}`;
      return row ?? null;
    },

    /**
     * The calendar feed behind a secret token: its owner's open and done tasks and meetings of the
     * last 30 days and ahead, while the owner is still enabled staff of the agency it was issued in.
     */
    async calendarFeed(token: string, link: string): Promise<string | null> {
      const [owner] = await sql<{ ownerId: string; agencyId: string }[]>`
        select f.owner_id as "ownerId", f.agency_id as "agencyId" from rm_activity_feeds f
        join rm_users u on u.id = f.owner_id and u.enabled and u.agency_id = f.agency_id and u.role = any(${[...AGENCY_STAFF_ROLES]})
        where f.token_hash = ${hashToken(token)}`;
      if (!owner) return null;
      const since = new Date(clock.now().getTime() - 30 * 86_400_000);
      const items = await sql<CalendarItem[]>`
        select id, kind, subject, notes, due_at as "dueAt", done_at as "doneAt", version from rm_activities
        where agency_id = ${owner.agencyId} and assignee_id = ${owner.ownerId} and due_at >= ${since}
          and kind in ('task', 'meeting') order by due_at limit 1000`;
      return calendarFile(items, { name: "Missio", link });
    },
  };
}
