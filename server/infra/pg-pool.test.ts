import type pg from "pg";
import { describe, expect, it } from "vitest";
import { oneQueryAtATime } from "./pg-pool";

describe("oneQueryAtATime", () => {
  it("runs each query after the one before has ended, in the order asked, a failure included", async () => {
    const ran: string[] = [];
    // the later a query is asked, the sooner it would end on a connection of its own
    const pool = {
      delays: { a: 30, b: 20, c: 10, d: 0 } as Record<string, number>,
      async query(text: string) {
        ran.push(`start ${text}`);
        await new Promise((r) => setTimeout(r, this.delays[text]));
        ran.push(`end ${text}`);
        if (text === "b") throw new Error("b failed");
        return text;
      },
      connect: () => "listen client",
    };
    const ordered = oneQueryAtATime(pool as unknown as pg.Pool);
    const results = await Promise.allSettled(["a", "b", "c", "d"].map((q) => ordered.query(q)));
    expect(ran).toEqual(["a", "b", "c", "d"].flatMap((q) => [`start ${q}`, `end ${q}`]));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect(ordered.connect()).toBe("listen client");
  });
});
