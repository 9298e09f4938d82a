import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import { ConcurrencyError, type Db, type StoredEvent } from "../../event-store/types";
import { isUuid } from "../../lib/contract";
import { AppError } from "../../lib/errors";
import { SYSTEM_ACTOR, type Actor } from "../identity/contract";
import { addDaysTo, isDay, mondayOf, zoneOf } from "../planning/contract";
import {
  emptyDay,
  paidDays,
  partyOf,
  type DayEntry,
  type DayReduction,
  type TimesheetAction,
  type TimesheetParty,
} from "./contract";
import { adjustmentIdFor, timesheetDecider, timesheetIdFor, type TimesheetCommand } from "./decider";
import { timesheetStream, type TimesheetMission } from "./events";

export interface TimesheetDeps {
  store: EventStore;
  ctx: DecideContext;
}

/**
 * A sheet as a party may act on it: the candidate their own, the agency's staff their agency's,
 * a client company's users their company's. Anything else reads as missing.
 */
export async function sheetFor(
  sql: Db,
  actor: Actor,
  id: string,
): Promise<{ id: string; agencyId: string; party: TimesheetParty } | null> {
  if (!isUuid(id)) return null;
  const party = actor === SYSTEM_ACTOR ? "system" : partyOf(actor);
  if (!party) return null;
  const [row] = await sql<
    { id: string; agencyId: string; candidateId: string; clientId: string | null }[]
  >`select id, agency_id as "agencyId", candidate_id as "candidateId",
      client_id as "clientId" from rm_timesheets where id = ${id}`;
  if (!row) return null;
  const mine =
    party === "system" ||
    (party === "candidate" && row.candidateId === actor.id) ||
    (party === "agency" && row.agencyId === actor.agencyId) ||
    (party === "client" && row.agencyId === actor.agencyId && row.clientId !== null && row.clientId === actor.clientId);
  return mine ? { id: row.id, agencyId: row.agencyId, party } : null;
}

export function timesheetCommands({ store, ctx }: TimesheetDeps) {
  const sql = store.sql as Db;

  async function run(actor: Actor, id: string, tenant: string, command: TimesheetCommand): Promise<StoredEvent[]> {
    return handleCommand(
      store,
      timesheetDecider,
      timesheetStream(id),
      command,
      ctx,
      { actor: actor.id, tenant },
      { retries: command.type === "Move" ? 0 : 3 },
    );
  }

  /** The validated mission as a sheet copies it (null: not the actor's to open). */
  async function missionOf(actor: Actor, placementId: string): Promise<TimesheetMission | null> {
    if (!isUuid(placementId)) return null;
    const [m] = await sql<
      Omit<TimesheetMission, "zone">[]
    >`select m.id as "placementId", m.agency_id as "agencyId", m.candidate_id as "candidateId",
        m.ad_id::int as "adId", m.ad_title as "adTitle", m.client_id as "clientId", m.branch_id as "branchId", m.consultant_id as "consultantId",
        g.country, m.start_date::text as "startDate", m.end_date::text as "endDate"
      from rm_placements m join rm_agencies g on g.id = m.agency_id where m.id = ${placementId} and m.status = 'validated'`;
    if (!m) return null;
    const party = actor === SYSTEM_ACTOR ? "system" : partyOf(actor);
    const mine =
      party === "system" ||
      (party === "candidate" && m.candidateId === actor.id) ||
      (party === "agency" && m.agencyId === actor.agencyId);
    if (!mine) return null;
    return { ...m, zone: zoneOf(m.country) };
  }

  /** The week's published shifts of the mission: the sheet's first entry. */
  async function shiftsOf(placementId: string, week: string): Promise<DayEntry[]> {
    const rows = await sql<{ day: string; startMin: number; endMin: number; breakMin: number; place: string }[]>`
      select published->>'day' as day, (published->>'startMin')::int as "startMin", (published->>'endMin')::int as "endMin",
        (published->>'breakMin')::int as "breakMin", coalesce(published->>'place', '') as place
      from rm_assignments where placement_id = ${placementId} and published is not null
        and published->>'day' between ${week} and ${addDaysTo(week, 6)} order by 1, 2`;
    const days = new Map<string, DayEntry>();
    for (const r of rows) {
      const d = days.get(r.day) ?? { ...emptyDay(r.day), site: r.place };
      if (d.ranges.length < 2) d.ranges.push({ startMin: r.startMin, endMin: r.endMin });
      d.breakMin += r.breakMin;
      days.set(r.day, d);
    }
    return [...days.values()];
  }

  const api = {
    /** The sheet of a mission and week, opened (prefilled with the published shifts) if it was not yet. */
    async openTimesheet(actor: Actor, input: { placementId: string; week: string }): Promise<string> {
      const mission = await missionOf(actor, input.placementId);
      if (!mission || !isDay(input.week)) throw new AppError("not_found", "timesheet_not_found");
      const week = mondayOf(input.week);
      const timesheetId = await timesheetIdFor(mission.placementId, week);
      const days = await shiftsOf(mission.placementId, week);
      await run(actor, timesheetId, mission.agencyId, { type: "Open", timesheetId, mission, week, days });
      return timesheetId;
    },

    /**
     * One day as the candidate typed it (saved as they type). `expected`: the day as their device
     * last had it, refused (`timesheet_day_changed`) when it has changed on the server since.
     */
    async saveTimesheetDay(actor: Actor, input: { timesheetId: string; entry: DayEntry; expected?: DayEntry | null }) {
      const sheet = await sheetFor(sql, actor, input.timesheetId);
      if (!sheet) throw new AppError("not_found", "timesheet_not_found");
      const events = await run(actor, sheet.id, sheet.agencyId, {
        type: "SaveDay",
        party: sheet.party,
        entry: input.entry,
        expected: input.expected ?? null,
      });
      return { version: events.at(-1)?.streamVersion ?? null };
    },

    /**
     * A step of the workflow by the actor's party (the contract's table says who may); a client's
     * `reduce` carries the minutes taken off each day.
     */
    async moveTimesheet(
      actor: Actor,
      input: {
        timesheetId: string;
        version: number;
        action: Exclude<TimesheetAction, "save" | "correct" | "adjust">;
        reason?: string | null;
        reductions?: DayReduction[];
      },
    ) {
      const sheet = await sheetFor(sql, actor, input.timesheetId);
      if (!sheet) throw new AppError("not_found", "timesheet_not_found");
      const command: TimesheetCommand = {
        type: "Move",
        action: input.action,
        party: sheet.party,
        expectedVersion: input.version,
        reason: input.reason,
        reductions: input.reductions,
      };
      const events = await run(actor, sheet.id, sheet.agencyId, command);
      return { version: events.at(-1)?.streamVersion ?? input.version };
    },

    /** The agency changes a submitted day, with its reason (before validating it). */
    async correctTimesheetDay(
      actor: Actor,
      input: { timesheetId: string; version: number; entry: DayEntry; reason: string },
    ) {
      const sheet = await sheetFor(sql, actor, input.timesheetId);
      if (!sheet) throw new AppError("not_found", "timesheet_not_found");
      const events = await run(actor, sheet.id, sheet.agencyId, {
        type: "CorrectDay",
        party: sheet.party,
        expectedVersion: input.version,
        entry: input.entry,
        reason: input.reason,
      });
      return { version: events.at(-1)?.streamVersion ?? input.version };
    },

    /**
     * A correction after the client's validation: a new sheet for the same mission and week, with
     * the days as they were paid, waiting for the agency's corrections and validation, then the
     * client's. The original records it (and an open dispute is answered by it).
     */
    async adjustTimesheet(
      actor: Actor,
      input: { timesheetId: string; version: number; reason?: string | null },
    ): Promise<string> {
      const sheet = await sheetFor(sql, actor, input.timesheetId);
      if (!sheet || sheet.party !== "agency") throw new AppError("not_found", "timesheet_not_found");
      const [row] = await sql<
        { status: string; days: DayEntry[]; reductions: DayReduction[]; week: string; placementId: string; n: number }[]
      >`
        select status, days, reductions, week::text as week, placement_id as "placementId",
          (select count(*)::int from rm_timesheets a where a.adjusts = t.id) as n from rm_timesheets t where id = ${sheet.id}`;
      if (row?.status !== "client_validated") throw new AppError("conflict", "timesheet_transition_refused");
      const mission = await missionOf(actor, row.placementId);
      if (!mission) throw new AppError("not_found", "timesheet_not_found");
      const adjustmentId = await adjustmentIdFor(sheet.id, row.n + 1);
      await run(actor, adjustmentId, sheet.agencyId, {
        type: "Open",
        timesheetId: adjustmentId,
        mission,
        week: row.week,
        days: paidDays(row.days, row.reductions),
        adjusts: sheet.id,
      });
      await run(actor, sheet.id, sheet.agencyId, {
        type: "Move",
        action: "adjust",
        party: "agency",
        expectedVersion: input.version,
        reason: input.reason ?? null,
        adjustmentId,
      });
      return adjustmentId;
    },

    /**
     * The clients' deadlines, run by a job: sheets waiting for a client past its "deemed
     * validated" days are validated by the system; at a client's planned-hours deadline, a
     * sheet still in progress is submitted as it stands, and a week never opened is opened with
     * the published shifts and submitted, all by the system (never as the candidate or the client).
     */
    async applyClientDeadlines(): Promise<{ deemed: number; submitted: number }> {
      const today = ctx.clock.now().toISOString().slice(0, 10);
      const now = ctx.clock.now();
      const waiting = await sql<{ id: string; version: number }[]>`select t.id, t.version from rm_timesheets t
        join rm_timesheet_client_settings s on s.client_id = t.client_id and s.deemed_validated_after_days is not null
        where t.status = 'agency_validated' and t.agency_validated_at <= ${now}::timestamptz - make_interval(days => s.deemed_validated_after_days)`;
      let deemed = 0;
      for (const w of waiting) if ((await attemptMove(w.id, w.version, "validate_client")) === "done") deemed++;
      const unopened = await sql<{ placementId: string; week: string }[]>`
        select distinct a.placement_id as "placementId", date_trunc('week', (a.published->>'day')::date)::date::text as week
        from rm_assignments a join rm_placements m on m.id = a.placement_id and m.status = 'validated'
          join rm_timesheet_client_settings s on s.client_id = m.client_id and s.planned_hours_after_days is not null
        where a.published is not null and (a.published->>'day')::date >= ${today}::date - 70
          and date_trunc('week', (a.published->>'day')::date)::date + 7 + s.planned_hours_after_days <= ${today}::date
          and not exists (select 1 from rm_timesheets t where t.placement_id = a.placement_id and t.week = date_trunc('week', (a.published->>'day')::date)::date)`;
      for (const u of unopened) await api.openTimesheet(SYSTEM_ACTOR, u);
      const late = await sql<{ id: string; version: number }[]>`select t.id, t.version from rm_timesheets t
        join rm_timesheet_client_settings s on s.client_id = t.client_id and s.planned_hours_after_days is not null
        where t.status = 'in_progress' and t.adjusts is null and t.week + 7 + s.planned_hours_after_days <= ${today}::date`;
      let submitted = 0;
      for (const l of late) if ((await attemptMove(l.id, l.version, "submit")) === "done") submitted++;
      return { deemed, submitted };
    },
  };

  /** One system step; a sheet that moved meanwhile is left for the next run. */
  async function attemptMove(id: string, version: number, action: "validate_client" | "submit") {
    try {
      await api.moveTimesheet(SYSTEM_ACTOR, { timesheetId: id, version, action });
      return "done";
    } catch (error) {
      if (error instanceof ConcurrencyError || error instanceof AppError) return "skipped";
      throw error;
    }
  }
  return api;
}
