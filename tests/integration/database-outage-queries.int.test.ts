import postgres from "postgres";
import { expect, it } from "vitest";
import { connect } from "../../server/infra/database";
import { createLogger } from "../../server/lib/logger";
import { createTestDatabase, pgAdminUrl } from "../support/test-db";

/**
 * The app's own connection pool (server/infra/database.ts) while the database refuses connections:
 * every query settles with the refusal at once, even on a connection whose last query was cut by
 * the outage. postgres.js 3.4.9 kept that cut query as current, so the refusal sent while the next
 * socket started up was held for it and the new query waited until the database came back, while
 * the connection reconnected in a loop (ADR 0015; the page then hung instead of answering 503).
 */
it("a query during an outage settles with the refusal, also on a connection whose query was cut", async () => {
  const db = await createTestDatabase();
  await db.sql.end({ timeout: 1 });
  const name = new URL(db.url).pathname.slice(1);
  const admin = postgres(pgAdminUrl(), { max: 1, onnotice: () => {} });
  const sql = connect(db.url, createLogger("silent"), 10);
  try {
    // every connection of the pool busy with a query, then cut by the outage
    const running = Array.from({ length: 10 }, () =>
      sql`select pg_sleep(30)`.then(
        () => "done",
        (e: { code?: string }) => e.code,
      ),
    );
    await expect
      .poll(
        async () =>
          (
            await admin<{ n: number }[]>`
              select count(*)::int as n from pg_stat_activity where datname = ${name} and query like '%pg_sleep%'`
          )[0]!.n,
      )
      .toBe(10);
    await admin.unsafe(`alter database ${name} allow_connections false`);
    await admin.unsafe(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
    expect(new Set(await Promise.all(running))).not.toContain("done");

    const settled = await Promise.all(
      Array.from({ length: 10 }, () =>
        Promise.race([
          sql`select 1`.then(
            () => "answered",
            (e: { code?: string }) => e.code,
          ),
          new Promise((resolve) => setTimeout(() => resolve("still waiting after 5 s"), 5_000)),
        ]),
      ),
    );
    expect(settled).toEqual(Array.from({ length: 10 }, () => "55000"));

    // and the pool serves again when the database is back
    await admin.unsafe(`alter database ${name} allow_connections true`);
    await expect
      .poll(
        () =>
          sql`select 1 as one`.then(
            (rows) => rows[0]?.one,
            () => 0,
          ),
        { timeout: 10_000 },
      )
      .toBe(1);
  } finally {
    await admin.unsafe(`alter database ${name} allow_connections true`);
    await sql.end({ timeout: 1 });
    await admin.end();
    const a = postgres(pgAdminUrl(), { max: 1, onnotice: () => {} });
    await a.unsafe(`drop database if exists ${name} with (force)`);
    await a.end();
  }
});
