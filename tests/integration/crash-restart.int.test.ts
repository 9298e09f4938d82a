import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPILED_START_ARGS } from "../../server/cli/build-server";
import { ROOT } from "../../server/lib/root";
import { ensureBuild } from "../support/test-app";
import { waitFor } from "../support/wait";

/**
 * The `kill -9` burst: the product started as the README starts it (`npm start` runs
 * the compiled server; node is called directly so the signal reaches the app, not npm), a
 * consultant places orders in a sustained burst, and the Node process is killed with SIGKILL
 * while requests are in flight. Whatever the kill left behind of the embedded servers is then
 * killed too (a crash of the whole machine), the same command starts again on the same DATA_DIR
 * (stale postmaster.pid, PostgreSQL crash recovery, Meilisearch on its old data), and every
 * acknowledged order must be there exactly once, none twice.
 */
const DATA_DIR = path.join(ROOT, `.data-test/crash-${process.pid}`);
const RUN = `crash-${process.pid}-${Date.now().toString(36)}`;
const WORKERS = 8;
const MAX_REQUESTS = 400;
const KILL_AFTER_ACKS = 12;

let env: NodeJS.ProcessEnv;
let url: string;
let pgPort: number;
const started: ChildProcess[] = [];
let output = "";

function start(): ChildProcess {
  // its own process group: what the app started (PostgreSQL, Meilisearch) can be found after a kill
  const child = spawn(process.execPath, COMPILED_START_ARGS, {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  started.push(child);
  return child;
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
const exited = (child: ChildProcess) =>
  alive(child) ? new Promise<void>((resolve) => child.once("exit", () => resolve())) : Promise.resolve();

async function healthy(child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (!alive(child))
      throw new Error(`the app exited (${child.exitCode ?? child.signalCode}):\n${output.slice(-4000)}`);
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(3000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`/healthz did not answer 200 within 120 s:\n${output.slice(-4000)}`);
    // the interval between two /healthz polls (the answer itself is the event waited for)
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * A free port below the ephemeral range (32768+): other test runs on this machine pick fixed
 * ports in 55400-56900 and outgoing connections take ephemeral ones, either of which could take
 * a port between its choice and the app's bind (Meilisearch then exits with code 2).
 */
async function freeLowPort(taken: number[]): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (taken.includes(port)) continue;
    const server = net.createServer();
    const ok = await new Promise<boolean>((resolve) => {
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (ok) {
      await new Promise((resolve) => server.close(resolve));
      return port;
    }
  }
}

/** The postmaster of DATA_DIR if one is alive. */
function postmasterPid(): number | null {
  const file = path.join(DATA_DIR, "pg", "postmaster.pid");
  if (!fs.existsSync(file)) return null;
  const pid = Number(fs.readFileSync(file, "utf8").split("\n")[0]);
  return pid > 0 && pidAlive(pid) ? pid : null;
}

function pidAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGKILL to every process left in the group of `child` (the embedded servers it started). */
function killGroup(child: ChildProcess) {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    /* nothing left in the group */
  }
}

const meiliUp = () =>
  fetch(`http://127.0.0.1:${env.EMBEDDED_MEILI_PORT}/health`, { signal: AbortSignal.timeout(1000) }).then(
    (r) => r.ok,
    () => false,
  );

beforeAll(async () => {
  ensureBuild();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const port = await freeLowPort([]);
  pgPort = await freeLowPort([port]);
  const meiliPort = await freeLowPort([port, pgPort]);
  url = `http://127.0.0.1:${port}`;
  env = {
    ...process.env,
    DATA_DIR,
    PORT: String(port),
    HOST: "127.0.0.1",
    EMBEDDED_PG_PORT: String(pgPort),
    EMBEDDED_MEILI_PORT: String(meiliPort),
    NODE_ENV: "production",
    SEED_DEMO: "true",
    // the 2,000 generated candidates would seed in the background through the whole file, on a shared 2-core machine
    DEMO_CANDIDATES: "0",
    LOG_LEVEL: "warn",
  };
  for (const k of [
    "DATABASE_URL",
    "MEILI_URL",
    "MEILI_MASTER_KEY",
    "SESSION_SECRET",
    "PUBLIC_URL",
    "MISSIO_SUPERVISED",
    "ROLE",
  ])
    delete env[k];
}, 300_000);

afterAll(async () => {
  for (const child of started) {
    if (alive(child)) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => killGroup(child), 25_000);
      await exited(child);
      clearTimeout(timer);
    }
    killGroup(child);
  }
  const pm = postmasterPid();
  if (pm) process.kill(pm, "SIGKILL");
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
}, 60_000);

async function signIn(): Promise<string> {
  const res = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({ email: "consultant.ge@demo.test", password: "Demo-Pass-2026", is_candidate: "1" }),
    signal: AbortSignal.timeout(15_000),
  });
  expect(
    res.status,
    await res
      .clone()
      .text()
      .then((t) => t.slice(0, 500)),
  ).toBe(302);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  expect(cookie).not.toBe("");
  return cookie;
}

type Outcome = { title: string; status: number | string; location?: string | null };

describe("a kill -9 during a burst of writes", () => {
  it("keeps every acknowledged order, once, across a restart by the README's command", async () => {
    const t0 = Date.now();
    const first = start();
    await healthy(first);
    const t1 = Date.now();

    const cookie = await signIn();
    const form = await fetch(`${url}/mes-commandes/nouvelle`, {
      headers: { Cookie: cookie },
      signal: AbortSignal.timeout(15_000),
    });
    expect(form.status).toBe(200);
    const html = await form.text();
    const clientId = /name="clientId"[\s\S]*?<option value="([0-9a-f-]{36})"/.exec(html)?.[1];
    expect(clientId, "a client company in the order form").toBeTruthy();

    // a sustained burst: WORKERS requests always in flight, until the kill ends them
    const outcomes: Outcome[] = [];
    let next = 0;
    let acks = 0;
    let killed = false;
    let killedAt = 0;
    const inFlightAtKill: string[] = [];
    const inFlight = new Set<string>();
    let onEnoughAcks!: () => void;
    const enoughAcks = new Promise<void>((resolve) => (onEnoughAcks = resolve));
    const worker = async () => {
      while (!killed && next < MAX_REQUESTS) {
        const title = `${RUN}-${String(next++).padStart(3, "0")}`;
        inFlight.add(title);
        const outcome: Outcome = await fetch(`${url}/mes-commandes/nouvelle`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url, Cookie: cookie },
          body: new URLSearchParams({
            title,
            professionId: "mason",
            places: "2",
            startDate: "2027-03-10",
            endDate: "2027-04-10",
            placeText: "Genève",
            description: "kill -9 burst",
            consultantId: "",
            clientId: clientId!,
            branchId: "",
          }),
          signal: AbortSignal.timeout(20_000),
        }).then(
          (r) => ({ title, status: r.status, location: r.headers.get("location") }),
          (e: unknown) => ({ title, status: String((e as { cause?: { code?: string } }).cause?.code ?? e) }),
        );
        inFlight.delete(title);
        outcomes.push(outcome);
        if (outcome.status === 302 && outcome.location === "/mes-commandes" && ++acks >= KILL_AFTER_ACKS)
          onEnoughAcks();
      }
    };
    const burst = Promise.all(Array.from({ length: WORKERS }, worker));
    await Promise.race([enoughAcks, burst]);
    expect(acks, `acknowledgements before the kill: ${JSON.stringify(outcomes.slice(0, 5))}`).toBeGreaterThanOrEqual(
      KILL_AFTER_ACKS,
    );

    inFlightAtKill.push(...inFlight);
    process.kill(first.pid!, "SIGKILL");
    killed = true;
    killedAt = Date.now();
    await exited(first);
    await burst;

    // what the kill left running of the embedded servers, then the rest of the crash
    const leftPostgres = postmasterPid();
    const leftMeili = await meiliUp();
    killGroup(first);
    await waitFor(async () => !postmasterPid() && !(await meiliUp()), {
      timeout: 15_000,
      interval: 100,
      message: "the embedded servers gone",
    });

    const t2 = Date.now();
    const second = start();
    await healthy(second);
    const t3 = Date.now();

    const acknowledged = outcomes
      .filter((o) => o.status === 302 && o.location === "/mes-commandes")
      .map((o) => o.title);
    const refused = outcomes.filter(
      (o) => typeof o.status === "number" && !(o.status === 302 && o.location === "/mes-commandes"),
    );
    const sql = postgres(`postgres://postgres:postgres@127.0.0.1:${pgPort}/missio`, { max: 1, onnotice: () => {} });
    try {
      const placed = await sql<{ title: string; n: number }[]>`
        select data->'fields'->>'title' as title, count(*)::int as n from events
        where type = 'OrderPlaced' and data->'fields'->>'title' like ${RUN + "-%"} group by 1`;
      const inEvents = new Map(placed.map((r) => [r.title, r.n]));
      // the read model is written by projections: let them catch up with the event log after the restart
      const rows = await waitFor(
        async () => {
          const r = await sql<
            { title: string; n: number }[]
          >`select title, count(*)::int as n from rm_orders where title like ${RUN + "-%"} group by 1`;
          return r.reduce((s, x) => s + x.n, 0) >= placed.length ? r : null;
        },
        { timeout: 30_000, interval: 200, message: "rm_orders caught up with the events" },
      );
      const inRows = new Map(rows.map((r) => [r.title, r.n]));
      const numbers = await sql<{ number: number; n: number }[]>`
        select number, count(*)::int as n from rm_orders where title like ${RUN + "-%"} group by 1 having count(*) > 1`;

      const summary = {
        sent: outcomes.length,
        acknowledged: acknowledged.length,
        inFlightAtKill: inFlightAtKill.length,
        failedByKill: outcomes.filter((o) => typeof o.status === "string").length,
        refusedWithStatus: refused.map((o) => `${o.title}:${o.status}`),
        committedNotAcknowledged: [...inEvents.keys()].filter((t) => !acknowledged.includes(t)).length,
        leftRunningAfterKill: { postgres: Boolean(leftPostgres), meilisearch: leftMeili },
        seconds: { firstStart: (t1 - t0) / 1000, burst: (killedAt - t1) / 1000, restart: (t3 - t2) / 1000 },
      };
      console.warn("crash-restart:", JSON.stringify(summary));

      expect(refused, "answers other than the success redirect").toEqual([]);
      expect(
        acknowledged.filter((t) => inEvents.get(t) !== 1),
        "acknowledged orders not in the event log exactly once",
      ).toEqual([]);
      expect(
        acknowledged.filter((t) => inRows.get(t) !== 1),
        "acknowledged orders not in rm_orders exactly once",
      ).toEqual([]);
      expect(
        [...inEvents].filter(([, n]) => n > 1),
        "titles placed twice",
      ).toEqual([]);
      expect(
        [...inRows].filter(([, n]) => n > 1),
        "titles twice in rm_orders",
      ).toEqual([]);
      expect(
        [...inRows.keys()].filter((t) => !inEvents.has(t)),
        "rm_orders rows without their event",
      ).toEqual([]);
      expect(numbers, "order numbers given twice").toEqual([]);
    } finally {
      await sql.end({ timeout: 2 });
    }

    // the ordered shutdown of the restarted app stops its embedded servers
    second.kill("SIGTERM");
    // the exit is waited for; 25 s only bounds the wait, and the check below says if it came
    await Promise.race([exited(second), new Promise((r) => setTimeout(r, 25_000))]);
    expect(alive(second), "the restarted app stops on SIGTERM").toBe(false);
    expect(second.exitCode).toBe(0);
    await waitFor(async () => !postmasterPid() && !(await meiliUp()), {
      timeout: 15_000,
      interval: 100,
      message: "embedded servers stopped with the app",
    });
  }, 240_000);
});
