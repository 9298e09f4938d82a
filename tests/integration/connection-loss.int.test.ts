import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../db/seed/demo";
import { createDomain } from "../../server/services";
import { ensureBuild, spawnAppProcess } from "../support/test-app";
import { startOwnMeilisearch, type OwnMeilisearch } from "../support/own-meilisearch";
import { createTestDatabase, pgAdminUrl } from "../support/test-db";
import { waitFor } from "../support/wait";

/**
 * A real app process (web and worker roles) loses its database: first the Socket.IO adapter's
 * connection is terminated (which ended Node with an unhandled 'error' event), then every
 * connection while the database refuses new ones. The process must survive, /healthz answer 503
 * during the outage and 200 again when the database is back, and pages be served by themselves.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let admin: ReturnType<typeof postgres>;
let app: Awaited<ReturnType<typeof spawnAppProcess>>;
let url: string;
let dbName: string;

const alive = () => app.alive();
const health = () =>
  fetch(`${url}/healthz`, { signal: AbortSignal.timeout(8000) }).then(
    (r) => r.status,
    () => 0,
  );
const terminate = (where: string) =>
  admin.unsafe(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}' and ${where}`);
/** the app's log lines (JSON, warn and up) printed after `from` characters of its output */
const logSince = (from: number) =>
  app
    .output()
    .slice(from)
    .split("\n")
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as { msg?: string; component?: string; processor?: string }];
      } catch {
        return [];
      }
    });

let meili: OwnMeilisearch | undefined;

beforeAll(async () => {
  ensureBuild();
  db = await createTestDatabase();
  await seedDemo(createDomain(db.sql));
  await db.sql.end({ timeout: 1 });
  dbName = new URL(db.url).pathname.slice(1);
  admin = postgres(pgAdminUrl(), { max: 1, onnotice: () => {} });
  meili = await startOwnMeilisearch("connection-loss");
  app = await spawnAppProcess(
    {
      MISSIO_TEST_ROLE: "all",
      MISSIO_TEST_APP: JSON.stringify({
        databaseUrl: db.url,
        meiliUrl: meili.url,
        meiliKey: meili.key,
        sessionSecret: "connection-loss-secret-0123456789",
      }),
    },
    { timeoutMs: 90_000 },
  );
  url = app.url;
}, 120_000);

afterAll(async () => {
  await admin?.unsafe(`alter database ${dbName} allow_connections true`).catch(() => undefined);
  await app?.stop();
  await admin?.end();
  // the database pool of the test was ended above; drop with a fresh admin connection
  const a = postgres(pgAdminUrl(), { max: 1, onnotice: () => {} });
  await a.unsafe(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  await a.end();
  await meili?.close();
}, 40_000);

describe("a lost database connection is never fatal", () => {
  it("survives the Socket.IO adapter's connection being terminated", async () => {
    await waitFor(async () => (await health()) === 200, { timeout: 20_000, message: "healthy at start" });
    const [row] = await admin<
      { n: number }[]
    >`select count(*)::int as n from pg_stat_activity where datname = ${dbName} and application_name = 'missio-io'`;
    expect(row!.n).toBeGreaterThan(0);
    const from = app.output().length;
    await terminate("application_name = 'missio-io'");
    // the marker: the adapter met the lost connection, logged by the pool's 'error' listener whose
    // absence ended the process, or by the adapter itself (its LISTEN client's error comes with
    // the same closed socket; the pool logs only the first error of an outage at that level)
    const met = (l: { msg?: string; component?: string }) =>
      (l.msg === "database connection lost; reconnecting" && l.component === "socket.io-adapter") ||
      l.msg === "socket.io adapter error";
    await waitFor(() => !alive() || logSince(from).some(met), {
      timeout: 20_000,
      message: () => `the adapter's lost connection logged (output:\n${app.output().slice(from).slice(-3000)})`,
    });
    expect(alive(), app.output()).toBe(true);
    // healthy again (on a loaded machine the first answer may take longer than one /healthz wait)
    await waitFor(async () => (await health()) === 200, {
      timeout: 20_000,
      message: "healthy after the adapter's connection was terminated",
    });
    expect(alive(), app.output()).toBe(true);
    // the adapter listens again
    await waitFor(
      async () =>
        (
          await admin<
            { n: number }[]
          >`select count(*)::int as n from pg_stat_activity where datname = ${dbName} and application_name = 'missio-io'`
        )[0]!.n > 0,
      { timeout: 15_000, message: "adapter reconnected" },
    );
  });

  it("answers 503 while the database is away and serves again by itself when it returns", async () => {
    const { processors } = (await (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(20_000) })).json()) as {
      processors: { name: string }[];
    };
    expect(processors.length).toBeGreaterThan(0);
    const from = app.output().length;
    await admin.unsafe(`alter database ${dbName} allow_connections false`);
    await terminate("pid <> pg_backend_pid()");
    // a connection that was opening while the database was closed can slip past the first
    // termination (it is not listed yet): the outage ends those too, until /healthz says 503
    // what /healthz answered meanwhile (0: no answer within 8 s), for the message if it never says 503
    const seen: number[] = [];
    await waitFor(
      async () => {
        await terminate("pid <> pg_backend_pid()");
        seen.push(await health());
        return seen.at(-1) === 503;
      },
      {
        timeout: 40_000,
        message: () =>
          `/healthz 503 during the outage (answers: ${[...new Set(seen)].join(", ")}; the app ${alive() ? "runs" : `exited:\n${app.output().slice(-3000)}`})`,
      },
    );
    // the marker: every processor and the Socket.IO adapter have met the outage and logged it
    // (a failed batch, a lost leadership lock, an adapter error), after the errors that would end
    // the process; then it still runs and still answers 503
    const met = () => {
      const lines = logSince(from);
      const left = processors.map((p) => p.name).filter((name) => !lines.some((l) => l.processor === name));
      return lines.some((l) => l.msg === "socket.io adapter error") ? left : [...left, "socket.io adapter"];
    };
    await waitFor(() => !alive() || met().length === 0, {
      timeout: 30_000,
      message: () => `the outage met by all (not yet: ${met().join(", ")})`,
    });
    expect(alive(), app.output()).toBe(true);
    await terminate("pid <> pg_backend_pid()");
    expect(await health()).toBe(503);
    // pages say so in the person's language with a 503, not an unexpected error (500): the job
    // search, as when Meilisearch is away, and any page through the same rule (a document and its data)
    for (const path of ["/rechercher-un-emploi?q=cuisinier&lng=en", "/annonce/1/S01?lng=de"]) {
      const page = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(20_000) });
      expect(page.status, path).toBe(503);
      expect(await page.text(), path).toContain(
        path.endsWith("en") ? "Service temporarily unavailable" : "Dienst vorübergehend nicht verfügbar",
      );
    }
    const data = await fetch(`${url}/rechercher-un-emploi?q=cuisinier&_data=routes%2Frechercher-un-emploi`, {
      signal: AbortSignal.timeout(20_000),
    });
    expect(data.status).toBe(503);

    await admin.unsafe(`alter database ${dbName} allow_connections true`);
    await waitFor(async () => (await health()) === 200, {
      timeout: 40_000,
      interval: 500,
      message: "/healthz 200 after the outage",
    });
    expect(alive(), app.output()).toBe(true);
    const login = await fetch(`${url}/login`, { signal: AbortSignal.timeout(20_000) });
    expect(login.status).toBe(200);
    // the processors run again (the realtime processor is reported running)
    await waitFor(
      async () => {
        const body = (await (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(8000) })).json()) as {
          processors: { name: string; running: boolean }[];
        };
        return body.processors.find((p) => p.name === "realtime")?.running;
      },
      { timeout: 40_000, interval: 500, message: "realtime processor running again" },
    );
    // its waits add up to more than the integration tests' minute on a loaded machine (CI ran out
    // of it with two files at a time); each wait names what it waited for when it runs out
  }, 180_000);
});
