import { describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { ConcurrencyError } from "../../event-store/types";
import { changeSchema, createSchema, PlanningWarningsError, type PlanningWarning, type ShiftInput } from "./contract";
import { assignmentDecider, type AssignmentCommand } from "./decider";
import type { AssignmentEvent } from "./events";

const ctx = { clock: fixedClock("2026-11-24T10:00:00Z"), ids: { uuid: () => "a1" } };
const mission = {
  placementId: "p1",
  agencyId: "ag",
  candidateId: "u1",
  adId: 7,
  adTitle: "Cuisinier",
  adClientId: null,
  branchId: null,
  consultantId: "c1",
  zone: "Europe/Zurich",
};
const shift: ShiftInput = {
  day: "2026-11-30",
  startMin: 8 * 60,
  endMin: 17 * 60,
  breakMin: 60,
  place: "Genève",
  note: "",
};
const overlap: PlanningWarning = {
  key: "overlap:a1:a2",
  kind: "overlap",
  candidateId: "u1",
  candidateName: "Léa Rochat",
  assignmentIds: ["a1", "a2"],
  shifts: [],
};
const by = { agencyId: "ag" };
const fold = (past: AssignmentEvent[]) =>
  past.reduce((s, e) => assignmentDecider.evolve(s, e as never), assignmentDecider.initialState);
const run = (past: AssignmentEvent[], c: AssignmentCommand) => [
  ...past,
  ...assignmentDecider.decide(c, fold(past), ctx),
];
const planned = (over: Partial<Extract<AssignmentCommand, { type: "Plan" }>> = {}) =>
  run([], { type: "Plan", by, assignmentId: "a1", mission, shift, warnings: [], reason: null, ...over });
const keyOf = (f: () => unknown) => {
  try {
    f();
    return null;
  } catch (e) {
    return e instanceof ConcurrencyError ? "concurrency" : (e as { key?: string }).key;
  }
};

describe("planning an assignment", () => {
  it("records a draft with the mission's terms and the shift", () => {
    expect(planned()).toMatchObject([
      {
        type: "AssignmentPlanned",
        data: {
          assignmentId: "a1",
          candidateId: "u1",
          day: "2026-11-30",
          startMin: 480,
          endMin: 1020,
          zone: "Europe/Zurich",
        },
      },
    ]);
    expect(fold(planned())).toMatchObject({ draft: true, version: 1, published: null });
  });

  it("refuses a missing mission or another agency's, on the field", () => {
    expect(keyOf(() => planned({ mission: null }))).toBe("planning_mission_not_found");
    expect(keyOf(() => planned({ by: { agencyId: "other" } }))).toBe("planning_mission_not_found");
  });

  it("refuses an end equal to the start and a break as long as the shift; accepts a night shift", () => {
    expect(keyOf(() => planned({ shift: { ...shift, endMin: 480 } }))).toBe("planning_end_before_start");
    expect(keyOf(() => planned({ shift: { ...shift, breakMin: 540 } }))).toBe("planning_break_too_long");
    expect(planned({ shift: { ...shift, startMin: 22 * 60, endMin: 6 * 60 } })).toHaveLength(1);
  });

  it("asks for a reason when a warning is new, keeps the reason and does not ask again for the same warning", () => {
    let error: unknown;
    try {
      planned({ warnings: [overlap] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PlanningWarningsError);
    expect((error as PlanningWarningsError).warnings.map((w) => w.candidateName)).toEqual(["Léa Rochat"]);
    const past = planned({ warnings: [overlap], reason: "Remplacement urgent" });
    expect(fold(past)).toMatchObject({ overrideReason: "Remplacement urgent", acknowledged: ["overlap:a1:a2"] });
    expect(
      run(past, {
        type: "Change",
        by,
        expectedVersion: 1,
        shift: { ...shift, note: "x" },
        warnings: [overlap],
        reason: null,
      }),
    ).toHaveLength(2);
  });
});

describe("changing with the version the editor saw", () => {
  it("moves on the current version, refuses a stale one, and another agency's reads as missing", () => {
    const past = run(planned(), {
      type: "Change",
      by,
      expectedVersion: 1,
      shift: { ...shift, day: "2026-12-01" },
      warnings: [],
      reason: null,
    });
    expect(fold(past)).toMatchObject({ version: 2, shift: { day: "2026-12-01" } });
    expect(keyOf(() => run(past, { type: "Change", by, expectedVersion: 1, shift, warnings: [], reason: null }))).toBe(
      "concurrency",
    );
    expect(keyOf(() => run(past, { type: "Remove", by: { agencyId: "other" }, expectedVersion: 2 }))).toBe(
      "planning_assignment_not_found",
    );
  });
});

describe("drafts and publication", () => {
  it("publishes a new shift, then a change; a removal of a published one is a draft until published", () => {
    let past = run(planned(), { type: "Publish", by });
    expect(past.at(-1)).toMatchObject({ type: "AssignmentPublished", data: { change: "new" } });
    expect(run(past, { type: "Publish", by })).toHaveLength(past.length);
    past = run(past, {
      type: "Change",
      by,
      expectedVersion: 2,
      shift: { ...shift, startMin: 540 },
      warnings: [],
      reason: null,
    });
    past = run(past, { type: "Publish", by });
    expect(past.at(-1)).toMatchObject({ data: { change: "changed", startMin: 540 } });
    past = run(past, { type: "Remove", by, expectedVersion: 4 });
    expect(fold(past)).toMatchObject({ removing: true, draft: true, gone: false });
    past = run(past, { type: "Publish", by });
    expect(past.at(-1)).toMatchObject({ data: { change: "cancelled", startMin: 540 } });
    expect(fold(past).gone).toBe(true);
  });

  it("a change undone before publishing is published silently; the candidate confirms their own published shift only", () => {
    let past = run(planned(), { type: "Publish", by });
    past = run(past, {
      type: "Change",
      by,
      expectedVersion: 2,
      shift: { ...shift, startMin: 540 },
      warnings: [],
      reason: null,
    });
    past = run(past, { type: "Change", by, expectedVersion: 3, shift, warnings: [], reason: null });
    expect(run(past, { type: "Publish", by }).at(-1)).toMatchObject({ data: { silent: true } });
    expect(keyOf(() => run(past, { type: "Confirm", userId: "u2" }))).toBe("planning_assignment_not_found");
    expect(run(past, { type: "Confirm", userId: "u1" }).at(-1)).toMatchObject({
      type: "AssignmentConfirmed",
      data: { userId: "u1" },
    });
  });
});

describe("the forms' schema", () => {
  const form = (v: Record<string, string>) =>
    createSchema.safeParse({ placementId: "p", day: "2026-11-30", start: "08:00", end: "17:00", ...v });
  it("refuses an end before the start on the end field unless the shift crosses midnight", () => {
    const r = form({ end: "07:00" });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ["end"], message: "planning_end_before_start" });
    expect(form({ end: "07:00", overnight: "on", start: "22:00" }).success).toBe(true);
    expect(form({ day: "2026-02-30" }).error!.issues[0]!.message).toBe("planning_day_invalid");
    expect(
      changeSchema.safeParse({
        assignmentId: "a",
        version: "2",
        day: "2026-11-30",
        start: "08:00",
        end: "09:00",
        breakMinutes: "60",
      }).error!.issues[0]!.message,
    ).toBe("planning_break_too_long");
  });
});
