import type { Db } from "../../event-store/types";
import { isUuid } from "../../lib/contract";
import { tenantFilter } from "../../lib/tenancy";
import { STATUS } from "../applications/contract";
import { isCandidate, type Actor } from "../identity/contract";
import { boardOf, type BoardFilters, type BoardShift } from "./board-view";
import {
  hhmm,
  isDay,
  mayEditPlanning,
  mayReadPlanning,
  SHIFT_DOCUMENTS,
  windowOf,
  type DocumentExpiries,
  type PlanningWarning,
} from "./contract";

export type { AssignmentRow, BoardFilters } from "./board-view";

/**
 * A candidate of the pool: on a validated mission (`placementId`), or retained for the ad and
 * placed on it when first planned (`placementId` null).
 */
export interface PoolRow {
  kind: "mission" | "retained";
  placementId: string | null;
  candidateId: string;
  candidateName: string;
  adId: number;
  adTitle: string;
  clientId: string | null;
  clientName: string | null;
  branchId: string | null;
  consultantId: string | null;
  placeName: string;
}

export interface MyShiftRow {
  id: string;
  adTitle: string;
  agencyName: string;
  day: string;
  start: string;
  end: string;
  breakMin: number;
  place: string;
  note: string;
  confirmed: boolean;
  version: number;
}

const assignmentColumns = (
  sql: Db,
) => sql`a.id, a.placement_id as "placementId", a.candidate_id as "candidateId", u.first_name || ' ' || u.last_name as "candidateName",
  a.ad_id as "adId", a.ad_title as "adTitle", a.client_id as "clientId", c.name as "clientName", a.branch_id as "branchId", a.consultant_id as "consultantId",
  a.zone, a.day::text as day, a.start_min as "startMin", a.end_min as "endMin", a.break_min as "breakMin", a.place, a.note, a.override_reason as "overrideReason",
  a.status, a.removing, a.published is not null as published, a.confirmed_at is not null as confirmed, a.drafted_by as "draftedBy", a.updated_by as "updatedBy",
  e.first_name || ' ' || e.last_name as "updatedByName", a.version,
  (extract(epoch from a.starts_at) * 1000)::float8 as "startsAtMs", (extract(epoch from a.ends_at) * 1000)::float8 as "endsAtMs"`;
const assignmentJoins = (sql: Db) =>
  sql`rm_assignments a join rm_users u on u.id = a.candidate_id left join rm_client_companies c on c.id = a.client_id left join rm_users e on e.id::text = a.updated_by`;

export function planningQueries(sql: Db) {
  const filtersOf = (f: BoardFilters, alias: string) => {
    const col = (n: string) => sql`${sql(alias)}.${sql(n)}`;
    return sql`${f.branch && isUuid(f.branch) ? sql`and ${col("branch_id")} = ${f.branch}` : sql``}
      ${f.client && isUuid(f.client) ? sql`and ${col("client_id")} = ${f.client}` : sql``}
      ${f.mission && Number.isSafeInteger(f.mission) ? sql`and ${col("ad_id")} = ${f.mission}` : sql``}
      ${f.consultant && isUuid(f.consultant) ? sql`and ${col("consultant_id")} = ${f.consultant}` : sql``}`;
  };

  async function assignmentsBetween(
    actor: Actor,
    from: string,
    to: string,
    filters: BoardFilters = {},
  ): Promise<BoardShift[]> {
    return sql<BoardShift[]>`select ${assignmentColumns(sql)} from ${assignmentJoins(sql)}
      where ${tenantFilter(sql, actor, "a")} and a.day between ${from} and ${to} ${filtersOf(filters, "a")}
      order by a.day, a.start_min, u.last_name, a.id limit 20000`;
  }

  /**
   * When the required documents of these candidates expire (the latest of each category held).
   * Read by the agencies they are on missions with: the board's staff only, never client users.
   */
  async function documentExpiries(candidateIds: readonly string[]): Promise<DocumentExpiries> {
    const ids = [...new Set(candidateIds)].filter(isUuid);
    if (!ids.length) return {};
    const rows = await sql<
      { userId: string; category: string; expiresOn: string | null }[]
    >`select user_id as "userId", category,
        case when bool_or(expires_at is null) then null else max(expires_at)::text end as "expiresOn"
      from rm_candidate_documents where user_id in ${sql(ids)} and category in ${sql([...SHIFT_DOCUMENTS])} group by 1, 2`;
    const out: DocumentExpiries = {};
    for (const r of rows) (out[r.userId] ??= {})[r.category] = r.expiresOn;
    return out;
  }

  return {
    documentExpiries,

    /**
     * The board of a period: the shifts read around it (drafts included; the browser keeps them
     * and patches them live), the pool, and what the board shows of them (boardOf).
     */
    async board(actor: Actor, { from, to, filters = {} }: { from: string; to: string; filters?: BoardFilters }) {
      if (!mayReadPlanning(actor) || !isDay(from) || !isDay(to) || from > to)
        return {
          shifts: [] as BoardShift[],
          assignments: [] as BoardShift[],
          pool: [] as PoolRow[],
          warnings: [] as PlanningWarning[],
          expiries: {} as DocumentExpiries,
        };
      const win = windowOf(from, to);
      const [shifts, pool] = await Promise.all([
        assignmentsBetween(actor, win.from, win.to, { ...filters, mission: null }),
        sql<
          PoolRow[]
        >`select 'mission' as kind, m.id as "placementId", m.candidate_id as "candidateId", u.first_name || ' ' || u.last_name as "candidateName", m.ad_id::int as "adId",
            m.ad_title as "adTitle", m.client_id as "clientId", c.name as "clientName", m.branch_id as "branchId", m.consultant_id as "consultantId", m.place_name as "placeName"
          from rm_placements m join rm_users u on u.id = m.candidate_id left join rm_client_companies c on c.id = m.client_id
          where ${tenantFilter(sql, actor, "m")} and m.status = 'validated' ${filtersOf(filters, "m")}
            and (m.end_date is null or m.end_date >= ${from}) and (m.start_date is null or m.start_date <= ${to})
          union all
          select 'retained', null, p.candidate_id, u.first_name || ' ' || u.last_name, p.ad_id::int, p.ad_title, p.client_id, c.name, p.branch_id, p.consultant_id, ad.place_name
          from rm_applications p join rm_users u on u.id = p.candidate_id and u.enabled join rm_ads ad on ad.id = p.ad_id left join rm_client_companies c on c.id = p.client_id
          where ${tenantFilter(sql, actor, "p")} and p.status = ${STATUS.retained} ${filtersOf(filters, "p")}
            and not exists (select 1 from rm_placements m where m.ad_id = p.ad_id and m.candidate_id = p.candidate_id and m.status = 'validated')
          order by 1, 4, 6 limit 2000`,
      ]);
      // a candidate's documents are for the agency's staff, not for the client's users
      const expiries = mayEditPlanning(actor)
        ? await documentExpiries([...shifts.map((s) => s.candidateId), ...pool.map((p) => p.candidateId)])
        : {};
      return { shifts, pool, expiries, ...boardOf(shifts, { from, to, filters, expiries }) };
    },

    /** The board's filters: the agency's branches, clients, missions and consultants. */
    async boardFilters(actor: Actor) {
      type Option = { id: string; name: string };
      if (!mayReadPlanning(actor))
        return {
          branches: [] as Option[],
          clients: [] as Option[],
          missions: [] as { id: number; name: string }[],
          consultants: [] as Option[],
        };
      const [branches, clients, missions, consultants] = await Promise.all([
        sql<
          { id: string; name: string }[]
        >`select b.id, b.name from rm_branches b where ${tenantFilter(sql, actor, "b", { clientColumn: null })} order by b.name`,
        sql<
          { id: string; name: string }[]
        >`select c.id, c.name from rm_client_companies c where ${tenantFilter(sql, actor, "c", { clientColumn: "id" })} order by c.name`,
        sql<
          { id: number; name: string }[]
        >`select distinct m.ad_id::int as id, m.ad_title as name from rm_placements m where ${tenantFilter(sql, actor, "m")} order by name`,
        sql<{ id: string; name: string }[]>`select u.id, u.first_name || ' ' || u.last_name as name from rm_users u
          where u.role in ('ADMIN_CONSULTANT', 'COLLABORATOR') and ${tenantFilter(sql, actor, "u", { clientColumn: null })} order by u.last_name`,
      ]);
      return { branches, clients, missions, consultants };
    },

    assignmentsBetween,

    /** One assignment of the actor's agency (null: missing or another agency's). */
    async assignment(actor: Actor, id: string): Promise<BoardShift | null> {
      if (!isUuid(id) || !mayReadPlanning(actor)) return null;
      const [row] = await sql<
        BoardShift[]
      >`select ${assignmentColumns(sql)} from ${assignmentJoins(sql)} where a.id = ${id} and ${tenantFilter(sql, actor, "a")}`;
      return row ?? null;
    },

    /**
     * The shifts of these ids as the board holds them, for the push to their agency's planning
     * room (no actor: the room's members are that agency's staff). A missing id is a removed shift.
     */
    async shiftsForPush(ids: readonly string[]): Promise<(BoardShift & { agencyId: string })[]> {
      const valid = ids.filter(isUuid);
      if (!valid.length) return [];
      return sql<
        (BoardShift & { agencyId: string })[]
      >`select ${assignmentColumns(sql)}, a.agency_id as "agencyId" from ${assignmentJoins(sql)} where a.id in ${sql(valid)}`;
    },

    /**
     * The agency's candidates (who applied to it or worked for it, enabled) whose name or email
     * holds the words typed: at most 10, for the pool. Never anyone else's.
     */
    async agencyCandidates(actor: Actor, q: string): Promise<{ id: string; name: string }[]> {
      const words = q.trim().slice(0, 100);
      if (!mayEditPlanning(actor) || words.length < 2) return [];
      const like = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sql<{ id: string; name: string }[]>`select u.id, u.first_name || ' ' || u.last_name as name from rm_users u
        where u.role = 'CANDIDATE' and u.enabled
          and (u.first_name || ' ' || u.last_name ilike ${like} or u.email ilike ${like})
          and (exists (select 1 from rm_applications a where a.candidate_id = u.id and a.agency_id = ${actor.agencyId})
            or exists (select 1 from rm_placements m where m.candidate_id = u.id and m.agency_id = ${actor.agencyId}))
        order by u.last_name, u.first_name limit 10`;
    },

    /** The agency dashboard's planning of a period: shifts published, not yet confirmed by the candidate, and changes not yet published. */
    async planningAtAGlance(
      actor: Actor,
      from: string,
      to: string,
    ): Promise<{ published: number; unconfirmed: number; drafts: number }> {
      if (!mayReadPlanning(actor) || !isDay(from) || !isDay(to)) return { published: 0, unconfirmed: 0, drafts: 0 };
      const [row] = await sql<{ published: number; unconfirmed: number; drafts: number }[]>`select
          count(*) filter (where a.published is not null and not a.removing)::int as published,
          count(*) filter (where a.published is not null and not a.removing and a.confirmed_at is null)::int as unconfirmed,
          count(*) filter (where a.status = 'draft')::int as drafts
        from rm_assignments a where ${tenantFilter(sql, actor, "a")} and a.day between ${from} and ${to}`;
      return row!;
    },

    /** The candidate's published shifts from a week ago on, as they were published (drafts never show). */
    async myShifts(actor: Actor, since: string): Promise<MyShiftRow[]> {
      if (!isCandidate(actor) || !isDay(since)) return [];
      const rows = await sql<(Omit<MyShiftRow, "start" | "end"> & { startMin: number; endMin: number })[]>`
        select a.id, a.ad_title as "adTitle", g.name as "agencyName", a.published->>'day' as day, (a.published->>'startMin')::int as "startMin",
          (a.published->>'endMin')::int as "endMin", (a.published->>'breakMin')::int as "breakMin", a.published->>'place' as place, a.published->>'note' as note,
          a.confirmed_at is not null as confirmed, a.version
        from rm_assignments a join rm_agencies g on g.id = a.agency_id
        where a.candidate_id = ${actor.id} and a.published is not null and a.published->>'day' >= ${since}
        order by a.published->>'day', (a.published->>'startMin')::int limit 500`;
      return rows.map(({ startMin, endMin, ...r }) => ({ ...r, start: hhmm(startMin), end: hhmm(endMin) }));
    },
  };
}
