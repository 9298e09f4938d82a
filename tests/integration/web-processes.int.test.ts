import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childPids } from "../support/processes";
import { ensureBuild, spawnAppProcess } from "../support/test-app";
import { startOwnMeilisearch, type OwnMeilisearch } from "../support/own-meilisearch";
import { createTestDatabase } from "../support/test-db";
import { waitFor } from "../support/wait";

/**
 * Web processes on one port, as `npm start` runs them on a machine with several cores
 * (server/web-processes.ts): they serve together, one that dies is replaced while the other
 * serves, and a stop ends them all.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Awaited<ReturnType<typeof spawnAppProcess>>;
let url: string;

/** the web processes the app process forked */
const webPids = () => (app ? childPids(app.proc.pid!, (cmdline) => cmdline.includes("app-process.ts")) : []);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** `count` requests on connections of their own (each may land on either process) */
async function statuses(count: number) {
  return Promise.all(
    Array.from({ length: count }, () =>
      fetch(`${url}/login`, { headers: { connection: "close" }, signal: AbortSignal.timeout(10_000) }).then(
        (r) => r.status,
        () => 0,
      ),
    ),
  );
}

let meili: OwnMeilisearch | undefined;

beforeAll(async () => {
  ensureBuild();
  db = await createTestDatabase();
  meili = await startOwnMeilisearch("web-processes");
  app = await spawnAppProcess(
    {
      MISSIO_TEST_WEB_PROCESSES: "2",
      // no restart window (10 s in production: a process that dies sooner is left dead), so the
      // test need not wait for it to pass before killing one
      MISSIO_TEST_RESTART_WINDOW_MS: "0",
      MISSIO_TEST_APP: JSON.stringify({
        databaseUrl: db.url,
        meiliUrl: meili.url,
        meiliKey: meili.key,
        sessionSecret: "web-processes-secret-0123456789",
      }),
    },
    { timeoutMs: 60_000 },
  );
  url = app.url;
}, 120_000);

afterAll(async () => {
  const left = webPids();
  if (app?.alive()) app.proc.kill("SIGKILL");
  for (const pid of left) process.kill(pid, "SIGKILL");
  await db?.drop();
  await meili?.close();
}, 30_000);

describe("web processes", () => {
  it("two serve one port; one that dies is replaced while the other serves; a stop ends them all", async () => {
    const [first, second] = webPids();
    expect(webPids()).toHaveLength(2);
    expect(await statuses(12)).toEqual(Array(12).fill(200));

    process.kill(first!, "SIGKILL");
    // once the first process knows (a connection it handed over in the meantime is lost), the
    // other one serves while the replacement starts
    await waitFor(() => app.output().includes("a web process exited"), {
      timeout: 10_000,
      message: "the exit noticed",
    });
    expect(await statuses(6)).toEqual(Array(6).fill(200));
    await waitFor(() => webPids().length === 2 && !webPids().includes(first!), {
      timeout: 30_000,
      message: "a replacement web process",
    });
    const replacement = webPids().find((pid) => pid !== second)!;
    expect(replacement).not.toBe(first);
    expect(await statuses(12)).toEqual(Array(12).fill(200));

    const pids = webPids();
    const exited = new Promise<number | null>((resolve) => app.proc.once("exit", resolve));
    app.proc.kill("SIGTERM");
    expect(await exited).toBe(0);
    await waitFor(() => pids.every((pid) => !alive(pid)), { timeout: 10_000, message: "the web processes gone" });
  }, 90_000);
});
