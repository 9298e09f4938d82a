import { describe, expect, it } from "vitest";
import { given } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { dismissalDecider } from "./decider";
import { pairSchema } from "./rules";

const ctx = { clock: fixedClock("2026-11-27T10:00:00Z"), ids: { uuid: () => "00000000-0000-4000-8000-000000000001" } };
const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";
const d = dismissalDecider("ag-1", A, B);

describe("duplicates: dismissal", () => {
  it("dismisses a pair once in its scope", () => {
    const events = given(d, []).when({ type: "Dismiss", by: "u-1" }, ctx).then();
    expect(events).toEqual([
      { type: "DuplicateDismissed", data: { scope: "ag-1", firstId: A, secondId: B, by: "u-1" } },
    ]);
    expect(given(d, events).when({ type: "Dismiss", by: "u-2" }, ctx).thenError()).toBe("errors.alreadyDismissed");
  });

  it("a pair is the same whichever id comes first", () => {
    expect(pairSchema.parse({ firstId: B, secondId: A })).toEqual({ firstId: A, secondId: B });
    expect(pairSchema.safeParse({ firstId: "x", secondId: A }).success).toBe(false);
  });
});
