import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db, StoredEvent } from "../../event-store/types";
import { isUuid } from "../../lib/contract";
import { AppError } from "../../lib/errors";
import { SYSTEM_ACTOR, type Actor } from "../identity/contract";
import { addDaysTo, isDay, mondayOf, zoneOf } from "../planning/contract";
import { emptyDay, partyOf, type DayEntry, type TimesheetAction, type TimesheetParty } from "./contract";
import { timesheetDecider, timesheetIdFor, type TimesheetCommand } from "./decider";
import { timesheetStream, type TimesheetMission } from "./events";

export interface TimesheetDeps {
  store: EventStore;
  ctx: DecideContext;
}

/**
 * A sheet as a party may act on it: the candidate their own, the agency's staff their agency's,
 * a client company's users their company's. Anything else reads as missing.
 */
export async function sheetFor(sql: Db, actor: Actor, id: string): Promise<{ id: string; agencyId: string; party: TimesheetParty } | null> {
  if (!isUuid(id)) return null;
  const party = actor === SYSTEM_ACTOR ? "system" : partyOf(actor);
  if (!party) return null;
  const [row] = await sql<{ id: string; agencyId: string; candidateId: string; clientId: string | null }[]>`select id, agency_id as "agencyId", candidate_id as "candidateId",
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
    return handleCommand(store, timesheetDecider, timesheetStream(id), command, ctx, { actor: actor.id, tenant }, { retries: command.type === "Move" ? 0 : 3 });
  }

  /** The validated mission as a sheet copies it (null: not the actor's to open). */
  async function missionOf(actor: Actor, placementId: string): Promise<TimesheetMission | null> {
    if (!isUuid(placementId)) return null;
    const [m] = await sql<Omit<TimesheetMission, "zone">[]>`select m.id as "placementId", m.agency_id as "agencyId", m.candidate_id as "candidateId",
        m.ad_id::int as "adId", m.ad_title as "adTitle", m.client_id as "clientId", m.branch_id as "branchId", m.consultant_id as "consultantId",
        g.country, m.start_date::text as "startDate", m.end_date::text as "endDate"
      from rm_placements m join rm_agencies g on g.id = m.agency_id where m.id = ${placementId} and m.status = 'validated'`;
    if (!m) return null;
    const party = actor === SYSTEM_ACTOR ? "system" : partyOf(actor);
    const mine = party === "system" || (party === "candidate" && m.candidateId === actor.id) || (party === "agency" && m.agencyId === actor.agencyId);
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

  return {
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

    /** One day as the candidate typed it (saved as they type), with the version their page had. */
    async saveTimesheetDay(actor: Actor, input: { timesheetId: string; entry: DayEntry }) {
      const sheet = await sheetFor(sql, actor, input.timesheetId);
      if (!sheet) throw new AppError("not_found", "timesheet_not_found");
      const events = await run(actor, sheet.id, sheet.agencyId, { type: "SaveDay", party: sheet.party, entry: input.entry });
      return { version: events.at(-1)?.streamVersion ?? null };
    },

    /** A step of the workflow by the actor's party (the contract's table says who may). */
    async moveTimesheet(actor: Actor, input: { timesheetId: string; version: number; action: Exclude<TimesheetAction, "save">; reason?: string | null }) {
      const sheet = await sheetFor(sql, actor, input.timesheetId);
      if (!sheet) throw new AppError("not_found", "timesheet_not_found");
      const events = await run(actor, sheet.id, sheet.agencyId, { type: "Move", action: input.action, party: sheet.party, expectedVersion: input.version, reason: input.reason });
      return { version: events.at(-1)?.streamVersion ?? input.version };
    },
  };
}
