import { describe, expect, it } from "vitest";
import { instantsOf } from "./time";
import { warningsOf, type ShiftForWarnings } from "./warnings";

const base = { candidateId: "u1", candidateName: "Léa Rochat", zone: "Europe/Zurich", breakMin: 0 };
const s = (
  id: string,
  day: string,
  start: number,
  end: number,
  over: Partial<ShiftForWarnings> = {},
): ShiftForWarnings => {
  const shift = { ...base, id, adTitle: `M-${id}`, day, startMin: start * 60, endMin: end * 60, ...over };
  const at = instantsOf(shift.day, shift.startMin, shift.endMin, shift.zone);
  return { ...shift, startsAtMs: at.startsAt.getTime(), endsAtMs: at.endsAt.getTime() };
};

describe("instants of a shift", () => {
  it("crosses midnight and keeps wall-clock hours across the daylight-saving changes", () => {
    const night = instantsOf("2026-10-24", 22 * 60, 6 * 60, "Europe/Zurich");
    expect(night.startsAt.toISOString()).toBe("2026-10-24T20:00:00.000Z");
    // the clocks go back on the night of 24 to 25 October 2026: nine real hours
    expect((night.endsAt.getTime() - night.startsAt.getTime()) / 3600_000).toBe(9);
    const spring = instantsOf("2026-03-28", 22 * 60, 6 * 60, "Europe/Paris");
    expect((spring.endsAt.getTime() - spring.startsAt.getTime()) / 3600_000).toBe(7);
  });
});

describe("warnings", () => {
  it("names the candidate, both missions and their times for an overlap", () => {
    const [w] = warningsOf([s("a", "2026-11-30", 8, 17), s("b", "2026-11-30", 16, 20)]);
    expect(w).toMatchObject({
      kind: "overlap",
      candidateName: "Léa Rochat",
      assignmentIds: ["a", "b"],
      shifts: [
        { adTitle: "M-a", start: "08:00", end: "17:00" },
        { adTitle: "M-b", start: "16:00", end: "20:00" },
      ],
    });
  });

  it("warns of less than 11 hours of rest, also after a night shift, and not for another candidate", () => {
    expect(
      warningsOf([s("a", "2026-11-30", 14, 23), s("b", "2026-12-01", 8, 12)]).map((w) => [w.kind, w.restHours]),
    ).toEqual([["rest", 9]]);
    expect(warningsOf([s("a", "2026-11-30", 22, 6), s("b", "2026-12-01", 14, 18)]).map((w) => w.kind)).toEqual([
      "rest",
    ]);
    expect(warningsOf([s("a", "2026-11-30", 14, 23), s("b", "2026-12-01", 8, 12, { candidateId: "u2" })])).toEqual([]);
    expect(warningsOf([s("a", "2026-11-30", 8, 17), s("b", "2026-12-01", 8, 17)])).toEqual([]);
  });

  it("warns of weekly hours above the country's limit (CH 50, FR 48), breaks not counted", () => {
    const week = (zone: string, hours: number, breakMin = 0) =>
      ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"].map((d, i) =>
        s(`d${i}`, d, 7, 7 + hours, { zone, breakMin }),
      );
    expect(warningsOf(week("Europe/Zurich", 10))).toEqual([]);
    expect(warningsOf(week("Europe/Paris", 10)).map((w) => [w.kind, w.hours, w.limit])).toEqual([["weekly", 50, 48]]);
    expect(warningsOf(week("Europe/Paris", 10, 30))).toEqual([]);
    expect(warningsOf(week("Europe/Zurich", 11)).map((w) => [w.kind, w.week])).toEqual([["weekly", "2026-11-30"]]);
  });
});

describe("required documents", () => {
  it("warns on a shift after the latest work permit expired, naming the document and the day", () => {
    const expiries = { u1: { work_permit: "2026-11-30", identity: null } };
    const [w, ...rest] = warningsOf([s("a", "2026-11-30", 8, 12), s("b", "2026-12-01", 8, 12)], expiries);
    expect(rest).toEqual([]);
    expect(w).toMatchObject({
      key: "document:b:work_permit",
      kind: "document",
      candidateName: "Léa Rochat",
      assignmentIds: ["b"],
      category: "work_permit",
      expiredOn: "2026-11-30",
    });
    expect(warningsOf([s("b", "2026-12-01", 8, 12)], { u2: { work_permit: "2026-01-01" } })).toEqual([]);
  });
});
