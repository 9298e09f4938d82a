import { describe, expect, it } from "vitest";
import { given } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { ERASURE_GRACE_DAYS } from "./contract";
import { erasureDecider as d } from "./decider";
import type { ErasureEvent } from "./events";

const ctx = { clock: fixedClock("2026-11-27T10:00:00Z"), ids: { uuid: () => "00000000-0000-4000-8000-000000000001" } };
const requested: ErasureEvent = {
  type: "ErasureRequested",
  data: {
    userId: "u1",
    requestedBy: "self",
    requestedAt: "2026-11-20T10:00:00.000Z",
    dueAt: "2026-11-27T10:00:00.000Z",
  },
};
const cancelled: ErasureEvent = { type: "ErasureCancelled", data: { userId: "u1", by: "u1" } };
const erased: ErasureEvent = { type: "PersonErased", data: { userId: "u1", pseudonym: 3 } };
const request = { type: "Request", userId: "u1", requestedBy: "self" } as const;

describe("erasure requests", () => {
  it("is due after the grace period, and asking again keeps the first date", () => {
    expect(ERASURE_GRACE_DAYS).toBe(7);
    expect(given(d, []).when(request, ctx).then()).toEqual([
      {
        type: "ErasureRequested",
        data: {
          userId: "u1",
          requestedBy: "self",
          requestedAt: "2026-11-27T10:00:00.000Z",
          dueAt: "2026-12-04T10:00:00.000Z",
        },
      },
    ]);
    expect(given(d, [requested]).when(request, ctx).then()).toEqual([]);
  });

  it("cancels a pending request only; a cancelled one may be asked again", () => {
    expect(given(d, [requested]).when({ type: "Cancel", by: "u1" }, ctx).then()).toEqual([cancelled]);
    expect(given(d, []).when({ type: "Cancel", by: "u1" }, ctx).thenError()).toBe("failed_operation");
    expect(given(d, [requested, cancelled]).when({ type: "Cancel", by: "u1" }, ctx).thenError()).toBe(
      "failed_operation",
    );
    expect(given(d, [requested, cancelled]).when(request, ctx).then()).toHaveLength(1);
  });

  it("is carried out once; after that nothing can be asked or cancelled", () => {
    expect(given(d, [requested]).when({ type: "MarkErased", pseudonym: 3 }, ctx).then()).toEqual([erased]);
    expect(given(d, [requested, erased]).when({ type: "MarkErased", pseudonym: 4 }, ctx).then()).toEqual([]);
    expect(given(d, [requested, erased]).when(request, ctx).thenError()).toBe("failed_operation");
    expect(given(d, [requested, erased]).when({ type: "Cancel", by: "u1" }, ctx).thenError()).toBe("failed_operation");
  });
});
