import { describe, expect, it } from "vitest";
import { given } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { mergeDecider, type MergeCommand } from "./merge-decider";
import { chosenSections, differingFields, NO_MOVES, type MergeMoves } from "./merge-rules";

const S = "00000000-0000-4000-8000-000000000001";
const M = "00000000-0000-4000-8000-000000000002";
const at = (iso: string) => ({ clock: fixedClock(iso), ids: { uuid: () => S } as never });
const moved: MergeMoves = { ...NO_MOVES, applications: ["a1"], tags: [{ agencyId: "g", tagKey: "caces" }] };
const before = { identity: { firstName: "Ann" }, address: null };
const after = { identity: { firstName: "Anne" }, address: null };
const merge: MergeCommand = { type: "Merge", survivorId: S, by: "u", moved, before, after };
const merged = {
  type: "CandidatesMerged" as const,
  data: {
    survivorId: S,
    mergedId: M,
    candidateIds: [S, M] as [string, string],
    moved,
    by: "u",
    mergedAt: "2026-01-01T10:00:00.000Z",
  },
};

describe("merge decider", () => {
  it("merges once, listing the moved children and both profiles' sections", () => {
    const [event] = given(mergeDecider(M), []).when(merge, at("2026-01-01T10:00:00Z")).then();
    expect(event).toEqual({ ...merged, personal: { subjectId: S, data: { before, after } } });
    expect(given(mergeDecider(M), [merged]).when(merge, at("2026-01-02T10:00:00Z")).thenError()).toBe(
      "merge.errors.alreadyMerged",
    );
    expect(
      given(mergeDecider(M), [])
        .when({ ...merge, survivorId: M }, at("2026-01-01T10:00:00Z"))
        .thenError(),
    ).toBe("merge.errors.survivor");
  });

  it("undoes within 30 days, once, with the same lists and the sections before", () => {
    const past = [{ ...merged, data: { ...merged.data, before } }];
    const [event] = given(mergeDecider(M), past).when({ type: "Undo", by: "v" }, at("2026-01-31T09:59:59Z")).then();
    expect(event).toEqual({
      type: "CandidateMergeUndone",
      data: { survivorId: S, mergedId: M, candidateIds: [S, M], moved, by: "v" },
      personal: { subjectId: S, data: { restored: before } },
    });
    expect(given(mergeDecider(M), past).when({ type: "Undo", by: "v" }, at("2026-01-31T10:00:01Z")).thenError()).toBe(
      "merge.errors.tooLate",
    );
    const undone = { type: "CandidateMergeUndone" as const, data: { ...event!.data } as never };
    expect(
      given(mergeDecider(M), [...past, undone])
        .when({ type: "Undo", by: "v" }, at("2026-01-02T00:00:00Z"))
        .thenError(),
    ).toBe("merge.errors.notMerged");
    // merged again after the undo: a new merge
    expect(
      given(mergeDecider(M), [...past, undone])
        .when(merge, at("2026-01-03T00:00:00Z"))
        .thenError(),
    ).toBeNull();
  });
});

describe("field choices", () => {
  const a = { identity: { firstName: "Ann", phone: "", avsNumber: "7569217076985" }, address: { city: "Genève" } };
  const b = { identity: { firstName: "Anne", phone: "+41791112233", avsNumber: "7569217076985" }, address: null };
  it("lists the fields that differ, not those equal or empty on both sides", () => {
    expect(differingFields(a, b).map((f) => f.name)).toEqual(["identity.firstName", "identity.phone", "address.city"]);
  });
  it("keeps the survivor's value unless the other is chosen, and fills what the survivor lacks", () => {
    expect(chosenSections(a, b, "first", {})).toEqual({
      identity: { firstName: "Ann", phone: "+41791112233", avsNumber: "7569217076985" },
      address: { city: "Genève" },
    });
    expect(chosenSections(a, b, "first", { "identity.firstName": "second", "address.city": "second" })).toEqual({
      identity: { firstName: "Anne", phone: "+41791112233", avsNumber: "7569217076985" },
      address: { city: null },
    });
  });
});
