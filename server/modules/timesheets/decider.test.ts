import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { actionsFor, dayProblems, emptyDay, type DayEntry } from "./contract";
import { timesheetDecider, type TimesheetCommand, type TimesheetState } from "./decider";
import type { TimesheetEvent, TimesheetMission } from "./events";

const ctx = { clock: { now: () => new Date("2026-12-10T10:00:00Z") }, ids: { uuid: () => "x" } };
const mission: TimesheetMission = { placementId: "p1", agencyId: "a1", candidateId: "c1", adId: 7, adTitle: "Cariste", clientId: "k1", branchId: null, consultantId: null, zone: "Europe/Zurich", country: "CH", startDate: "2026-12-08", endDate: null };
const day = (d: string, over: Partial<DayEntry> = {}): DayEntry => ({ ...emptyDay(d), ranges: [{ startMin: 480, endMin: 1020 }], breakMin: 60, ...over });

function run(past: TimesheetEvent[], command: TimesheetCommand) {
  const state = past.reduce<TimesheetState>((s, e) => timesheetDecider.evolve(s, e), timesheetDecider.initialState);
  return timesheetDecider.decide(command, state, ctx as never);
}
const keyOf = (f: () => unknown) => {
  try {
    f();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.key : String(e);
  }
};
const opened = run([], { type: "Open", timesheetId: "t1", mission, week: "2026-12-07", days: [day("2026-12-07"), day("2026-12-08")] });
const moved = (action: string, from: string, to: string, party = "agency"): TimesheetEvent => ({ type: "TimesheetMoved", data: { userId: "c1", candidateId: "c1", clientId: "k1", timesheetId: "t1", action, from, to, party: party as never, reason: null } });

describe("timesheet decider", () => {
  it("opens once, with the published shifts of the days inside the mission only", () => {
    expect(opened).toHaveLength(1);
    expect((opened[0]!.data as { days: DayEntry[] }).days.map((d) => d.day)).toEqual(["2026-12-08"]);
    expect(run(opened, { type: "Open", timesheetId: "t1", mission, week: "2026-12-07", days: [] })).toEqual([]);
  });

  it("lets the candidate save a day of the mission while in progress, not one outside it nor an impossible one", () => {
    expect(run(opened, { type: "SaveDay", party: "candidate", entry: day("2026-12-09") })).toHaveLength(1);
    expect(keyOf(() => run(opened, { type: "SaveDay", party: "candidate", entry: day("2026-12-07") }))).toBe("timesheet_day_outside");
    expect(keyOf(() => run(opened, { type: "SaveDay", party: "agency", entry: day("2026-12-09") }))).toBe("timesheet_not_editable");
    const overlapping = day("2026-12-09", { ranges: [{ startMin: 480, endMin: 720 }, { startMin: 700, endMin: 900 }] });
    expect(keyOf(() => run(opened, { type: "SaveDay", party: "candidate", entry: overlapping }))).toBe("timesheet_ranges_overlap");
    // the same entry again changes nothing
    expect(run(opened, { type: "SaveDay", party: "candidate", entry: day("2026-12-08") })).toEqual([]);
  });

  it("follows the workflow: employee, agency, client (final); reasons where the spec asks for them", () => {
    const submitted = [...opened, moved("submit", "in_progress", "employee_validated", "candidate")];
    expect(keyOf(() => run(submitted, { type: "Move", action: "validate_client", party: "client", expectedVersion: 2 }))).toBe("timesheet_transition_refused");
    expect(run(submitted, { type: "Move", action: "validate_agency", party: "agency", expectedVersion: 2 })[0]).toMatchObject({ data: { to: "agency_validated", party: "agency" } });
    expect(keyOf(() => run(submitted, { type: "Move", action: "request_verification", party: "agency", expectedVersion: 2 }))).toBe("timesheet_reason_required");
    expect(run(submitted, { type: "Move", action: "request_verification", party: "agency", expectedVersion: 2, reason: "Lundi ?" })[0]).toMatchObject({ data: { to: "verification", reason: "Lundi ?" } });
    const validated = [...submitted, moved("validate_agency", "employee_validated", "agency_validated"), moved("validate_client", "agency_validated", "client_validated", "client")];
    expect(keyOf(() => run(validated, { type: "Move", action: "cancel", party: "agency", expectedVersion: 4, reason: "x" }))).toBe("timesheet_client_validated");
    expect(keyOf(() => run(validated, { type: "SaveDay", party: "candidate", entry: day("2026-12-09") }))).toBe("timesheet_not_editable");
    // a stale page is refused
    expect(() => run(submitted, { type: "Move", action: "validate_agency", party: "agency", expectedVersion: 1 })).toThrow(/changed since/);
  });

  it("offers each party only its own steps", () => {
    expect(actionsFor("in_progress", "candidate")).toEqual(["save", "submit"]);
    expect(actionsFor("employee_validated", "agency")).toEqual(["validate_agency", "request_verification", "cancel", "not_performed"]);
    expect(actionsFor("agency_validated", "client")).toEqual(["request_verification", "validate_client"]);
    expect(actionsFor("client_validated", "agency")).toEqual([]);
  });

  it("finds what is impossible in a day, and warns of a long day without a break", () => {
    expect(dayProblems(day("2026-12-09")).refused).toEqual([]);
    expect(dayProblems(day("2026-12-09", { breakMin: 0 })).warnings).toEqual(["timesheet_break_missing"]);
    expect(dayProblems(day("2026-12-09", { breakMin: 540 })).refused.map((p) => p.key)).toEqual(["timesheet_break_too_long"]);
    expect(dayProblems(day("2026-12-09", { ranges: [{ startMin: 0, endMin: 1439 }, { startMin: 1439, endMin: 600 }] })).refused.map((p) => p.key)).toEqual(["timesheet_day_over_24h"]);
  });
});
