import { describe, expect, it } from "vitest";
import { patchedShifts, prunePatches, withPatch } from "~/components/planning/use-live-board";
import { boardOf, type BoardShift } from "#server/modules/planning/contract";

const H = 3600_000;
const shift = (id: string, day: string, startH: number, endH: number, over: Partial<BoardShift> = {}): BoardShift => {
  const startsAtMs = Date.parse(`${day}T00:00:00Z`) + startH * H;
  return {
    id,
    placementId: `p-${id}`,
    candidateId: "c1",
    candidateName: "Léa Müller",
    adId: 1,
    adTitle: `Mission ${id}`,
    clientId: null,
    clientName: null,
    branchId: null,
    consultantId: null,
    zone: "Europe/Zurich",
    day,
    startMin: startH * 60,
    endMin: endH * 60,
    breakMin: 0,
    place: "",
    note: "",
    overrideReason: null,
    status: "draft",
    removing: false,
    published: false,
    confirmed: false,
    draftedBy: null,
    updatedBy: null,
    updatedByName: null,
    version: 1,
    startsAtMs,
    endsAtMs: startsAtMs + (endH - startH) * H,
    ...over,
  };
};

describe("the board of a period (boardOf, run by the server and the browser alike)", () => {
  it("shows the period's shifts and warns on an overlap counted over the window", () => {
    const a = shift("a", "2026-12-01", 8, 17);
    const b = shift("b", "2026-12-01", 16, 20, { adId: 2 });
    const outside = shift("c", "2026-12-09", 8, 12);
    const board = boardOf([a, b, outside], { from: "2026-11-30", to: "2026-12-06", filters: { mission: 1 } });
    expect(board.assignments.map((s) => s.id)).toEqual(["a"]);
    // the other mission's shift is not shown, but the overlap with it is
    expect(board.warnings.map((w) => w.key)).toEqual(["overlap:a:b"]);
  });

  it("keeps a patched shift of another branch off a filtered board", () => {
    const board = boardOf([shift("a", "2026-12-01", 8, 17, { branchId: "b2" })], {
      from: "2026-11-30",
      to: "2026-12-06",
      filters: { branch: "b1" },
    });
    expect(board.assignments).toEqual([]);
  });
});

describe("patches of the live board", () => {
  const a1 = shift("a", "2026-12-01", 8, 17);
  const a2 = { ...a1, day: "2026-12-02", version: 2 };

  it("puts a fetched shift over the loader's, adds a new one and drops a removed one", () => {
    const b = shift("b", "2026-12-03", 8, 12);
    const n = shift("n", "2026-12-04", 8, 12);
    const out = patchedShifts(
      [a1, b],
      new Map([
        ["a", a2],
        ["b", null],
        ["n", n],
      ]),
    );
    expect(out.map((s) => [s.id, s.day])).toEqual([
      ["a", "2026-12-02"],
      ["n", "2026-12-04"],
    ]);
  });

  it("forgets the patches a reload caught up with, keeps those it has not", () => {
    const patches = new Map<string, BoardShift | null>([
      ["a", a2],
      ["gone", null],
    ]);
    // a reload from before the change: still version 1, still lists the removed shift
    expect(prunePatches(patches, [a1, shift("gone", "2026-12-01", 8, 9)])).toBe(patches);
    // a reload from after it
    expect(prunePatches(patches, [a2]).size).toBe(0);
  });

  it("takes a pushed shift only when newer, and never brings back a removed one", () => {
    const none = new Map<string, BoardShift | null>();
    const moved = withPatch(none, [a1], { id: "a", shift: a2 });
    expect(moved.get("a")).toEqual(a2);
    // the adapter delivered the older push last
    expect(withPatch(moved, [a1], { id: "a", shift: a1 })).toBe(moved);
    expect(withPatch(none, [a2], { id: "a", shift: a1 })).toBe(none);
    const removed = withPatch(moved, [a1], { id: "a", shift: null });
    expect(withPatch(removed, [a1], { id: "a", shift: { ...a2, version: 3 } }).get("a")).toBeNull();
  });
});
