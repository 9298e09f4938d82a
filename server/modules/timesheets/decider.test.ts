import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { actionsOn, dayProblems, emptyDay, reducedDay, workedMinutes, type DayEntry } from "./contract";
import { timesheetDecider, type TimesheetCommand, type TimesheetState } from "./decider";
import type { TimesheetEvent, TimesheetMission } from "./events";

const ctx = { clock: { now: () => new Date("2026-12-10T10:00:00Z") }, ids: { uuid: () => "x" } };
const mission: TimesheetMission = {
  placementId: "p1",
  agencyId: "a1",
  candidateId: "c1",
  adId: 7,
  adTitle: "Cariste",
  clientId: "k1",
  branchId: null,
  consultantId: null,
  zone: "Europe/Zurich",
  country: "CH",
  startDate: "2026-12-08",
  endDate: null,
};
const day = (d: string, over: Partial<DayEntry> = {}): DayEntry => ({
  ...emptyDay(d),
  ranges: [{ startMin: 480, endMin: 1020 }],
  breakMin: 60,
  ...over,
});

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
const opened = run([], {
  type: "Open",
  timesheetId: "t1",
  mission,
  week: "2026-12-07",
  days: [day("2026-12-07"), day("2026-12-08")],
});
const moved = (action: string, from: string, to: string, party = "agency"): TimesheetEvent => ({
  type: "TimesheetMoved",
  data: {
    userId: "c1",
    candidateId: "c1",
    clientId: "k1",
    timesheetId: "t1",
    action,
    from,
    to,
    party: party as never,
    reason: null,
  },
});

describe("timesheet decider", () => {
  it("opens once, with the published shifts of the days inside the mission only", () => {
    expect(opened).toHaveLength(1);
    expect((opened[0]!.data as { days: DayEntry[] }).days.map((d) => d.day)).toEqual(["2026-12-08"]);
    expect(run(opened, { type: "Open", timesheetId: "t1", mission, week: "2026-12-07", days: [] })).toEqual([]);
  });

  it("lets the candidate save a day of the mission while in progress, not one outside it nor an impossible one", () => {
    expect(run(opened, { type: "SaveDay", party: "candidate", entry: day("2026-12-09") })).toHaveLength(1);
    expect(keyOf(() => run(opened, { type: "SaveDay", party: "candidate", entry: day("2026-12-07") }))).toBe(
      "timesheet_day_outside",
    );
    expect(keyOf(() => run(opened, { type: "SaveDay", party: "agency", entry: day("2026-12-09") }))).toBe(
      "timesheet_not_editable",
    );
    const overlapping = day("2026-12-09", {
      ranges: [
        { startMin: 480, endMin: 720 },
        { startMin: 700, endMin: 900 },
      ],
    });
    expect(keyOf(() => run(opened, { type: "SaveDay", party: "candidate", entry: overlapping }))).toBe(
      "timesheet_ranges_overlap",
    );
    // the same entry again changes nothing
    expect(run(opened, { type: "SaveDay", party: "candidate", entry: day("2026-12-08") })).toEqual([]);
  });

  it("refuses a day whose version the device had has changed since (another device, the agency), keeping both", () => {
    const saved = [
      ...opened,
      {
        type: "TimesheetDaySaved",
        data: {
          userId: "c1",
          candidateId: "c1",
          clientId: "k1",
          timesheetId: "t1",
          entry: day("2026-12-09", { breakMin: 30 }),
        },
      },
    ] as TimesheetEvent[];
    const mine = day("2026-12-09", { breakMin: 45 });
    // the device saw the day empty; it has 30 min of break since: refused
    expect(
      keyOf(() => run(saved, { type: "SaveDay", party: "candidate", entry: mine, expected: emptyDay("2026-12-09") })),
    ).toBe("timesheet_day_changed");
    // the device saw the server's version (key order aside): saved
    const seen = JSON.parse(JSON.stringify({ ...day("2026-12-09", { breakMin: 30 }) }, Object.keys(mine).reverse()));
    expect(
      run(saved, {
        type: "SaveDay",
        party: "candidate",
        entry: mine,
        expected: { ...seen, ranges: [{ endMin: 1020, startMin: 480 }] },
      }),
    ).toHaveLength(1);
    // the same as the server already has is no conflict
    expect(
      run(saved, {
        type: "SaveDay",
        party: "candidate",
        entry: day("2026-12-09", { breakMin: 30 }),
        expected: emptyDay("2026-12-09"),
      }),
    ).toEqual([]);
  });

  it("follows the workflow: employee, agency, client (final); reasons where the spec asks for them", () => {
    const submitted = [...opened, moved("submit", "in_progress", "employee_validated", "candidate")];
    expect(
      keyOf(() => run(submitted, { type: "Move", action: "validate_client", party: "client", expectedVersion: 2 })),
    ).toBe("timesheet_transition_refused");
    expect(
      run(submitted, { type: "Move", action: "validate_agency", party: "agency", expectedVersion: 2 })[0],
    ).toMatchObject({ data: { to: "agency_validated", party: "agency" } });
    expect(
      keyOf(() =>
        run(submitted, { type: "Move", action: "request_verification", party: "agency", expectedVersion: 2 }),
      ),
    ).toBe("timesheet_reason_required");
    expect(
      run(submitted, {
        type: "Move",
        action: "request_verification",
        party: "agency",
        expectedVersion: 2,
        reason: "Lundi ?",
      })[0],
    ).toMatchObject({ data: { to: "verification", reason: "Lundi ?" } });
    const validated = [
      ...submitted,
      moved("validate_agency", "employee_validated", "agency_validated"),
      moved("validate_client", "agency_validated", "client_validated", "client"),
    ];
    expect(
      keyOf(() => run(validated, { type: "Move", action: "cancel", party: "agency", expectedVersion: 4, reason: "x" })),
    ).toBe("timesheet_client_validated");
    expect(keyOf(() => run(validated, { type: "SaveDay", party: "candidate", entry: day("2026-12-09") }))).toBe(
      "timesheet_not_editable",
    );
    // a stale page is refused
    expect(() =>
      run(submitted, { type: "Move", action: "validate_agency", party: "agency", expectedVersion: 1 }),
    ).toThrow(/changed since/);
  });

  it("offers each party only its own steps, and disputes only where a reduction is", () => {
    const sheet = (status: string, over: object = {}) => ({
      status: status as never,
      reductions: [],
      dispute: null,
      ...over,
    });
    expect(actionsOn(sheet("in_progress"), "candidate")).toEqual(["save", "submit"]);
    expect(actionsOn(sheet("employee_validated"), "agency")).toEqual([
      "validate_agency",
      "request_verification",
      "cancel",
      "not_performed",
      "correct",
    ]);
    expect(actionsOn(sheet("agency_validated"), "client")).toEqual([
      "request_verification",
      "validate_client",
      "reduce",
    ]);
    expect(actionsOn(sheet("client_validated"), "agency")).toEqual(["adjust"]);
    expect(actionsOn(sheet("client_validated"), "candidate")).toEqual([]);
    const reduced = sheet("client_validated", { reductions: [{ day: "2026-12-08", minutes: 60 }] });
    expect(actionsOn(reduced, "candidate")).toEqual(["dispute"]);
    const disputed = { ...reduced, dispute: { reason: "x", state: "open" as const, answer: null, adjustmentId: null } };
    expect(actionsOn(disputed, "candidate")).toEqual([]);
    expect(actionsOn(disputed, "agency")).toEqual(["dismiss_dispute", "adjust"]);
    expect(actionsOn({ ...disputed, dispute: { ...disputed.dispute, state: "dismissed" as const } }, "agency")).toEqual(
      ["adjust"],
    );
  });

  it("lets the client reduce worked hours with a comment (validating), the candidate dispute once, the agency answer", () => {
    const waiting = [
      ...opened,
      moved("submit", "in_progress", "employee_validated", "candidate"),
      moved("validate_agency", "employee_validated", "agency_validated"),
    ];
    const cut = (minutes: number, day = "2026-12-08") => ({
      type: "Move" as const,
      action: "reduce" as const,
      party: "client" as const,
      expectedVersion: 3,
      reason: "Parti plus tôt",
      reductions: [{ day, minutes }],
    });
    expect(keyOf(() => run(waiting, { ...cut(60), reason: "" }))).toBe("timesheet_reason_required");
    // 8:00–17:00 less a 60-minute break: 480 worked, no more can be taken off
    expect(keyOf(() => run(waiting, cut(481)))).toBe("timesheet_reduction_invalid");
    expect(keyOf(() => run(waiting, cut(60, "2026-12-09")))).toBe("timesheet_reduction_invalid");
    expect(keyOf(() => run(waiting, { ...cut(60), reductions: [] }))).toBe("timesheet_reduction_required");
    expect(keyOf(() => run(waiting, { ...cut(60), party: "agency" }))).toBe("timesheet_transition_refused");
    const [reducedEvent] = run(waiting, cut(90));
    expect(reducedEvent).toMatchObject({
      type: "TimesheetMoved",
      data: { to: "client_validated", reductions: [{ day: "2026-12-08", minutes: 90 }] },
    });
    const reduced = [...waiting, reducedEvent!];
    const [disputed] = run(reduced, {
      type: "Move",
      action: "dispute",
      party: "candidate",
      expectedVersion: 4,
      reason: "J'ai fini à 17 h",
    });
    expect(disputed).toMatchObject({ type: "TimesheetDisputed", data: { reason: "J'ai fini à 17 h" } });
    expect(
      keyOf(() =>
        run([...reduced, disputed!], {
          type: "Move",
          action: "dispute",
          party: "candidate",
          expectedVersion: 5,
          reason: "encore",
        }),
      ),
    ).toBe("timesheet_transition_refused");
    const answered = run([...reduced, disputed!], {
      type: "Move",
      action: "adjust",
      party: "agency",
      expectedVersion: 5,
      adjustmentId: "adj-1",
    });
    expect(answered.map((e) => e.type)).toEqual(["TimesheetAdjusted", "TimesheetDisputeClosed"]);
    expect(answered[1]).toMatchObject({ data: { outcome: "adjusted", adjustmentId: "adj-1" } });
    // the same adjustment twice records nothing more
    expect(
      run([...reduced, disputed!, ...answered], {
        type: "Move",
        action: "adjust",
        party: "agency",
        expectedVersion: 7,
        adjustmentId: "adj-1",
      }),
    ).toEqual([]);
    expect(
      keyOf(() =>
        run(reduced, { type: "Move", action: "dismiss_dispute", party: "agency", expectedVersion: 4, reason: "Non" }),
      ),
    ).toBe("timesheet_transition_refused");
  });

  it("lets the agency correct a submitted day with a reason, before validating it; an adjustment opens past the candidate", () => {
    const submitted = [...opened, moved("submit", "in_progress", "employee_validated", "candidate")];
    const corrected = day("2026-12-08", { ranges: [{ startMin: 480, endMin: 960 }] });
    expect(
      keyOf(() =>
        run(submitted, { type: "CorrectDay", party: "agency", expectedVersion: 2, entry: corrected, reason: "" }),
      ),
    ).toBe("timesheet_reason_required");
    expect(
      run(submitted, {
        type: "CorrectDay",
        party: "agency",
        expectedVersion: 2,
        entry: corrected,
        reason: "Badge: 16:00",
      })[0],
    ).toMatchObject({
      type: "TimesheetDayCorrected",
      data: { reason: "Badge: 16:00", before: { ranges: [{ startMin: 480, endMin: 1020 }] } },
    });
    expect(
      keyOf(() =>
        run(opened, { type: "CorrectDay", party: "agency", expectedVersion: 1, entry: corrected, reason: "x" }),
      ),
    ).toBe("timesheet_transition_refused");
    const adjustment = run([], {
      type: "Open",
      timesheetId: "t2",
      mission,
      week: "2026-12-07",
      days: [day("2026-12-08")],
      adjusts: "t1",
    });
    expect(adjustment[0]).toMatchObject({ data: { adjusts: "t1", status: "employee_validated" } });
    const state = adjustment.reduce<TimesheetState>(
      (s, e) => timesheetDecider.evolve(s, e as never),
      timesheetDecider.initialState,
    );
    expect(state.status).toBe("employee_validated");
  });

  it("takes a reduction off the end of the day's last range, across midnight too", () => {
    expect(reducedDay(day("2026-12-08"), 90).ranges).toEqual([{ startMin: 480, endMin: 930 }]);
    const split = day("2026-12-08", {
      ranges: [
        { startMin: 480, endMin: 720 },
        { startMin: 780, endMin: 840 },
      ],
      breakMin: 0,
    });
    expect(reducedDay(split, 90).ranges).toEqual([{ startMin: 480, endMin: 690 }]);
    const night = day("2026-12-08", { ranges: [{ startMin: 1320, endMin: 360 }], breakMin: 30 });
    expect(reducedDay(night, 420).ranges).toEqual([{ startMin: 1320, endMin: 1380 }]);
    expect(workedMinutes(reducedDay(night, 420))).toBe(30);
  });

  it("finds what is impossible in a day, and warns of a long day without a break", () => {
    expect(dayProblems(day("2026-12-09"), "CH").refused).toEqual([]);
    // 08:00–17:00 without a break is 9 h: half an hour is due in Switzerland
    expect(dayProblems(day("2026-12-09", { breakMin: 0 }), "CH").warnings).toEqual(["timesheet_break_needed_30"]);
    expect(dayProblems(day("2026-12-09", { breakMin: 540 }), "CH").refused.map((p) => p.key)).toEqual([
      "timesheet_break_too_long",
    ]);
    expect(
      dayProblems(
        day("2026-12-09", {
          ranges: [
            { startMin: 0, endMin: 1439 },
            { startMin: 1439, endMin: 600 },
          ],
        }),
        "CH",
      ).refused.map((p) => p.key),
    ).toEqual(["timesheet_day_over_24h"]);
  });

  it("counts the time between two ranges as a break: an hour anywhere, a quarter of an hour in Switzerland only", () => {
    // issue 27: 07:00–12:00 and 13:00–18:30 showed "more than 6 hours without a break"
    const twoRanges = (gapEnd: number) =>
      day("2026-12-09", {
        ranges: [
          { startMin: 420, endMin: 720 },
          { startMin: gapEnd, endMin: 1110 },
        ],
        breakMin: 0,
      });
    expect(dayProblems(twoRanges(780), "FR").warnings).toEqual([]);
    expect(dayProblems(twoRanges(780), "CH").warnings).toEqual([]);
    // 15 minutes: a break under LTr 15 (not the 20 consecutive minutes of L3121-16), but 11 h 15 of work needs an hour
    expect(dayProblems(twoRanges(735), "CH").warnings).toEqual(["timesheet_break_needed_60"]);
    expect(dayProblems(twoRanges(735), "FR").warnings).toEqual(["timesheet_break_needed_20"]);
    // 5 minutes between two sites is no break
    expect(dayProblems(twoRanges(725), "CH").warnings).toEqual(["timesheet_break_needed_60"]);
  });

  it("asks each country's break for the day's length (FR L3121-16, CH LTr 15)", () => {
    const worked = (minutes: number, breakMin = 0) =>
      day("2026-12-09", { ranges: [{ startMin: 420, endMin: 420 + minutes + breakMin }], breakMin });
    // France: 20 consecutive minutes once past 6 h, whatever the length beyond
    expect(dayProblems(worked(360), "FR").warnings).toEqual([]);
    expect(dayProblems(worked(361), "FR").warnings).toEqual(["timesheet_break_needed_20"]);
    expect(dayProblems(worked(600, 15), "FR").warnings).toEqual(["timesheet_break_needed_20"]);
    expect(dayProblems(worked(600, 20), "FR").warnings).toEqual([]);
    // Switzerland: 15 min past 5½ h, 30 past 7 h, 60 past 9 h
    expect(dayProblems(worked(330), "CH").warnings).toEqual([]);
    expect(dayProblems(worked(331), "CH").warnings).toEqual(["timesheet_break_needed_15"]);
    expect(dayProblems(worked(420, 15), "CH").warnings).toEqual([]);
    expect(dayProblems(worked(421, 15), "CH").warnings).toEqual(["timesheet_break_needed_30"]);
    expect(dayProblems(worked(541, 30), "CH").warnings).toEqual(["timesheet_break_needed_60"]);
    expect(dayProblems(worked(541, 60), "CH").warnings).toEqual([]);
    // Swiss breaks add up (OLT 1 art. 18): 30 min entered and a 30 min gap make the hour of a 10 h day
    const split = day("2026-12-09", {
      ranges: [
        { startMin: 420, endMin: 720 },
        { startMin: 750, endMin: 1110 },
      ],
      breakMin: 30,
    });
    expect(dayProblems(split, "CH").warnings).toEqual([]);
    // France needs one stretch of 20 minutes: two gaps of 15 are none
    const hops = day("2026-12-09", {
      ranges: [
        { startMin: 420, endMin: 600 },
        { startMin: 615, endMin: 800 },
        { startMin: 815, endMin: 900 },
      ],
      breakMin: 0,
    });
    expect(dayProblems(hops, "FR").warnings).toEqual(["timesheet_break_needed_20"]);
    // ... where Switzerland adds them up to the half hour 7 h 30 of work needs
    expect(dayProblems(hops, "CH").warnings).toEqual([]);
  });
});
