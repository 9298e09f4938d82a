import type { Db } from "../../event-store/types";
import { isUuid } from "../../lib/contract";
import { tenantFilter } from "../../lib/tenancy";
import { isCandidate, isPlatformAdmin, type Actor } from "../identity/contract";
import { addDaysTo, isDay, mondayOf } from "../planning/contract";
import {
  paidDays,
  partyOf,
  TIMESHEET_STATUSES,
  type ClientPayRules,
  type DayEntry,
  type DayReduction,
  type Dispute,
  type TimesheetReport,
  type TimesheetStatus,
} from "./contract";
import { daysOf } from "./decider";
import { computeWeek } from "./pay";
import { clientPayRules, countryOf } from "./pay-rules";

export interface TimesheetRow {
  id: string;
  agencyId: string;
  agencyName: string;
  placementId: string;
  candidateId: string;
  candidateName: string;
  adId: number;
  adTitle: string;
  clientId: string | null;
  clientName: string | null;
  consultantId: string | null;
  zone: string;
  country: string;
  week: string;
  status: TimesheetStatus;
  days: DayEntry[];
  comment: string | null;
  clientValidatedBy: string | null;
  reductions: DayReduction[];
  dispute: Dispute | null;
  /** an adjustment sheet: the sheet it corrects */
  adjusts: string | null;
  /** the client's pay rules (null: the country's defaults) */
  clientRules: ClientPayRules | null;
  version: number;
  updatedAt: Date;
  /** the days of the week inside the mission's dates (others cannot be entered) */
  openDays: string[];
  /** the client's signed report, the last one attached */
  report: TimesheetReport | null;
}

export interface TimesheetFilters {
  status?: string | null;
  week?: string | null;
  client?: string | null;
  candidate?: string | null;
  consultant?: string | null;
  /** "1": only sheets with an open dispute */
  disputed?: string | null;
}

const columns = (
  sql: Db,
) => sql`t.id, t.agency_id as "agencyId", g.name as "agencyName", t.placement_id as "placementId", t.candidate_id as "candidateId",
  coalesce(u.first_name || ' ' || u.last_name, '') as "candidateName", t.ad_id as "adId", t.ad_title as "adTitle", t.client_id as "clientId", c.name as "clientName",
  t.consultant_id as "consultantId", t.zone, t.country, t.week::text as week, t.status, t.days, t.comment, t.client_validated_by as "clientValidatedBy",
  t.reductions, t.dispute, t.adjusts, s.rules as "clientRules", t.version, t.updated_at as "updatedAt", t.report, t.start_date::text as "startDate", t.end_date::text as "endDate"`;
const joins = (
  sql: Db,
) => sql`rm_timesheets t left join rm_users u on u.id = t.candidate_id join rm_agencies g on g.id = t.agency_id left join rm_client_companies c on c.id = t.client_id
  left join rm_timesheet_client_settings s on s.client_id = t.client_id`;

type Raw = Omit<TimesheetRow, "openDays"> & { startDate: string | null; endDate: string | null };
const shaped = ({ startDate, endDate, ...r }: Raw): TimesheetRow => ({
  ...r,
  openDays: daysOf(r.week, { startDate, endDate }),
});

/**
 * The pay of a sheet's week: the days as paid (less the client's reductions) under the client's
 * rules over the country's defaults; each line names the rule that made it.
 */
export function payOf(
  sheet: Pick<TimesheetRow, "days" | "country"> & Partial<Pick<TimesheetRow, "reductions" | "clientRules">>,
) {
  const country = countryOf(sheet.country);
  return computeWeek(
    paidDays(sheet.days, sheet.reductions ?? []).map((d) => ({ day: d.day, ranges: d.ranges, breakMin: d.breakMin })),
    clientPayRules(country, sheet.clientRules ?? null),
  );
}

/** The week's pay as screens list it: one line per category, rate and rule. */
export function weekPayLines(sheet: Parameters<typeof payOf>[0]) {
  return payOf(sheet).lines.reduce<
    { category: string; ratePct: number; rule: string; label: string | null; minutes: number }[]
  >((out, l) => {
    const same = out.find((o) => o.rule === l.rule && o.ratePct === l.ratePct && o.category === l.category);
    if (same) same.minutes += l.minutes;
    else
      out.push({ category: l.category, ratePct: l.ratePct, rule: l.rule, label: l.label ?? null, minutes: l.minutes });
    return out;
  }, []);
}

type Option = { id: string; name: string };

export function timesheetQueries(sql: Db) {
  /** Who reads what: the candidate their sheets, staff their agency's, a client's users their company's, platform admins all (reading only). */
  const readable = (actor: Actor) =>
    isCandidate(actor) ? sql`t.candidate_id = ${actor.id}` : tenantFilter(sql, actor, "t");

  return {
    async timesheet(actor: Actor, id: string): Promise<TimesheetRow | null> {
      if (!isUuid(id) || (!partyOf(actor) && !isPlatformAdmin(actor))) return null;
      const [row] = await sql<
        Raw[]
      >`select ${columns(sql)} from ${joins(sql)} where t.id = ${id} and ${readable(actor)}`;
      return row ? shaped(row) : null;
    },

    /** Sheets by week (newest first) under the filters, at most 500. */
    async timesheets(actor: Actor, f: TimesheetFilters = {}): Promise<TimesheetRow[]> {
      if (!partyOf(actor) && !isPlatformAdmin(actor)) return [];
      const status = f.status && (TIMESHEET_STATUSES as readonly string[]).includes(f.status) ? f.status : null;
      const rows = await sql<Raw[]>`select ${columns(sql)} from ${joins(sql)} where ${readable(actor)}
          ${status ? sql`and t.status = ${status}` : sql``}
          ${f.week && isDay(f.week) ? sql`and t.week = ${mondayOf(f.week)}` : sql``}
          ${f.client && isUuid(f.client) ? sql`and t.client_id = ${f.client}` : sql``}
          ${f.candidate && isUuid(f.candidate) ? sql`and t.candidate_id = ${f.candidate}` : sql``}
          ${f.consultant && isUuid(f.consultant) ? sql`and t.consultant_id = ${f.consultant}` : sql``}
          ${f.disputed === "1" ? sql`and t.dispute->>'state' = 'open'` : sql``}
        order by t.week desc, u.last_name, t.ad_title limit 500`;
      return rows.map(shaped);
    },

    /** Dashboards: how many sheets the reader may read are in each status, and how many disputes are open. */
    async sheetCounts(actor: Actor): Promise<{ byStatus: Partial<Record<TimesheetStatus, number>>; disputes: number }> {
      if (!partyOf(actor) && !isPlatformAdmin(actor)) return { byStatus: {}, disputes: 0 };
      const rows = await sql<
        { status: TimesheetStatus; n: number; disputes: number }[]
      >`select t.status, count(*)::int as n,
          count(*) filter (where t.dispute->>'state' = 'open')::int as disputes
        from rm_timesheets t where ${readable(actor)} group by t.status`;
      return {
        byStatus: Object.fromEntries(rows.map((r) => [r.status, r.n])),
        disputes: rows.reduce((n, r) => n + r.disputes, 0),
      };
    },

    /** What the list can be filtered by: the clients, candidates and consultants of the sheets the reader may read. */
    async timesheetFilterOptions(
      actor: Actor,
    ): Promise<{ clients: Option[]; candidates: Option[]; consultants: Option[] }> {
      if (!partyOf(actor) && !isPlatformAdmin(actor)) return { clients: [], candidates: [], consultants: [] };
      const rows = await sql<{ kind: "clients" | "candidates" | "consultants"; id: string; name: string }[]>`
        select distinct 'clients' as kind, c.id::text as id, c.name from rm_timesheets t join rm_client_companies c on c.id = t.client_id where ${readable(actor)}
        union select distinct 'candidates', u.id::text, u.last_name || ' ' || u.first_name from rm_timesheets t join rm_users u on u.id = t.candidate_id where ${readable(actor)}
        union select distinct 'consultants', u.id::text, u.last_name || ' ' || u.first_name from rm_timesheets t join rm_users u on u.id = t.consultant_id where ${readable(actor)}
        order by 3 limit 1500`;
      const of = (kind: string) => rows.filter((r) => r.kind === kind).map(({ id, name }) => ({ id, name }));
      return { clients: of("clients"), candidates: of("candidates"), consultants: of("consultants") };
    },

    /** The adjustment sheets of a sheet, oldest first, as the reader may read them. */
    async adjustmentsOf(actor: Actor, id: string): Promise<{ id: string; status: TimesheetStatus; createdAt: Date }[]> {
      if (!isUuid(id) || (!partyOf(actor) && !isPlatformAdmin(actor))) return [];
      return sql`select t.id, t.status, t.created_at as "createdAt" from rm_timesheets t where t.adjusts = ${id} and ${readable(actor)} order by t.created_at`;
    },

    /**
     * The candidate's validated missions and the weeks they may open a sheet for: from the
     * mission's start (or four weeks back) to this week, without those already opened.
     */
    async weeksToOpen(
      actor: Actor,
      today: string,
    ): Promise<{ placementId: string; adTitle: string; agencyName: string; week: string }[]> {
      if (!isCandidate(actor) || !isDay(today)) return [];
      const thisWeek = mondayOf(today);
      const missions = await sql<
        { placementId: string; adTitle: string; agencyName: string; startDate: string | null; endDate: string | null }[]
      >`
        select m.id as "placementId", m.ad_title as "adTitle", m.agency_name as "agencyName", m.start_date::text as "startDate", m.end_date::text as "endDate"
        from rm_placements m where m.candidate_id = ${actor.id} and m.status = 'validated' order by m.created_at desc limit 50`;
      const opened = new Set(
        (
          await sql<
            { key: string }[]
          >`select placement_id || ':' || week::text as key from rm_timesheets where candidate_id = ${actor.id}`
        ).map((r) => r.key),
      );
      const out: { placementId: string; adTitle: string; agencyName: string; week: string }[] = [];
      for (const m of missions) {
        const first = mondayOf(
          m.startDate && m.startDate > addDaysTo(thisWeek, -28) ? m.startDate : addDaysTo(thisWeek, -28),
        );
        const last = m.endDate && m.endDate < thisWeek ? mondayOf(m.endDate) : thisWeek;
        for (let w = last; w >= first; w = addDaysTo(w, -7))
          if (!opened.has(`${m.placementId}:${w}`))
            out.push({ placementId: m.placementId, adTitle: m.adTitle, agencyName: m.agencyName, week: w });
      }
      return out;
    },
  };
}
