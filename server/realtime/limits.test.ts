import { describe, expect, it } from "vitest";
import { tokenBucket } from "./limits";

describe("tokenBucket", () => {
  it("allows a burst, then refills at its rate, never above the burst", () => {
    let now = 0;
    const take = tokenBucket({ burst: 3, perSecond: 2 }, () => now);
    expect([take(), take(), take(), take()]).toEqual([true, true, true, false]);
    now += 500; // one token back
    expect([take(), take()]).toEqual([true, false]);
    now += 60_000; // a long pause refills up to the burst only
    expect([take(), take(), take(), take()]).toEqual([true, true, true, false]);
  });
});
