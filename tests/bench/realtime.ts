/**
 * 4. Commit -> socket emit latency: the app (startApp, role "web") with its realtime processor;
 * events appended through the app's store with a tenant, so they route to that agency's room.
 * Emit time comes from startApp's onEmit hook; a few real socket.io-client sockets, signed in as
 * a consultant of that agency, time the delivery to a client.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { io as connectSocket, type Socket } from "socket.io-client";
import { DEMO_PASSWORD, seedDemo } from "../../db/seed/demo";
import { BUILD_PATH, startApp } from "../../server/app";
import { ROOT } from "../../server/lib/root";
import { loadEnv } from "../../server/env";
import { connect } from "../../server/infra/database";
import { createStorage } from "../../server/infra/storage";
import type { Logger } from "../../server/lib/logger";
import type { Actor } from "../../server/modules/identity/contract";
import { createDomain } from "../../server/services";
import type { BenchInfra } from "./infra";
import { checkpointAtHead } from "./lag";
import { cpuMeter, otherShare } from "./cpu";
import type { Section } from "./report";
import { fmtInt, fmtMs, now, runAtRate, sleep, summarize } from "./stats";

const TARGET_P95_MS = 15;
const CONSULTANT = "consultant.ge@demo.test";
const SESSION_SECRET = "bench-session-secret-0123456789-abcdefghij";

export interface RealtimeOptions {
  /**
   * Measured one after the other, e.g. a steady stream then sparse events. `otherWrites`: short
   * write transactions per second that append no event, as the app makes them (session touches,
   * rate limits, job polling), running meanwhile.
   */
  phases: { rate: number; seconds: number; otherWrites?: number }[];
  sockets: number;
}

/** The app in this process as the web role (production build), on the bench's databases. */
export function startBenchApp(infra: BenchInfra, logger: Logger, onEmit?: (position: number) => void) {
  const env = loadEnv({
    NODE_ENV: "production",
    ROLE: "web",
    HOST: "127.0.0.1",
    PORT: String(infra.appPort),
    LOG_LEVEL: "warn",
    DATA_DIR: infra.dir,
    DATABASE_URL: infra.databaseUrl,
    MEILI_URL: infra.meiliUrl,
    MEILI_MASTER_KEY: infra.meiliKey,
    SESSION_SECRET,
    COOKIE_SECURE: "false",
    SEED_DEMO: "false",
  });
  return startApp({
    env,
    logger,
    infra: {
      databaseUrl: infra.databaseUrl,
      meiliUrl: infra.meiliUrl,
      meiliKey: infra.meiliKey,
      sessionSecret: SESSION_SECRET,
      secureCookies: false,
    },
    onEmit,
  });
}

/**
 * The demo data (the realtime processor starting at the head of the log), then the app: what the
 * applications and planning measurements start from, with a way to read a demo person as an actor.
 */
export async function startSeededBenchApp(infra: BenchInfra, logger: Logger, say: (s: string) => void) {
  ensureBuild(say);
  const setup = connect(infra.databaseUrl, logger, 4);
  try {
    await checkpointAtHead(setup, "realtime");
    await seedDemo(createDomain(setup, { storage: createStorage(infra.dir) }));
  } finally {
    await setup.end({ timeout: 5 });
  }
  const app = await startBenchApp(infra, logger);
  const { sql } = app.services as unknown as { sql: ReturnType<typeof connect> };
  const actor = async (email: string): Promise<Actor> => {
    const [u] = await sql<
      { id: string; role: Actor["role"]; agency_id: string | null; client_id: string | null }[]
    >`select id, role, agency_id, client_id from rm_users where email = ${email}`;
    return { id: u!.id, role: u!.role, agencyId: u!.agency_id, clientId: u!.client_id };
  };
  return { app, sql, base: `http://127.0.0.1:${infra.appPort}`, actor };
}

export function ensureBuild(say: (s: string) => void) {
  if (fs.existsSync(BUILD_PATH)) return;
  say("bench: no Remix build, running remix build");
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}

/** POST /login like the no-JavaScript form; the session cookie comes with the redirect. */
export async function login(base: string, email = CONSULTANT, agency = true): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password: DEMO_PASSWORD, is_candidate: agency ? "1" : "0" }),
    redirect: "manual",
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (res.status !== 302 || !cookie) throw new Error(`login failed: HTTP ${res.status}`);
  return cookie.split(";")[0]!;
}

export function openSocket(base: string, cookie: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectSocket(base, {
      transports: ["websocket"],
      extraHeaders: { cookie },
      reconnection: false,
      timeout: 10_000,
    });
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (err) => (socket.close(), reject(err)));
  });
}

export async function benchRealtime(
  infra: BenchInfra,
  logger: Logger,
  say: (s: string) => void,
  opts: RealtimeOptions,
): Promise<Section> {
  ensureBuild(say);
  const sql = connect(infra.databaseUrl, logger, 4);
  let agencyId: string;
  try {
    // start the realtime processor at the head of the log, not at the earlier measurements' events
    await checkpointAtHead(sql, "realtime");
    await seedDemo(createDomain(sql, { storage: createStorage(infra.dir) }));
    const [row] = await sql<{ agency_id: string }[]>`select agency_id from rm_users where email = ${CONSULTANT}`;
    agencyId = row!.agency_id;
  } finally {
    await sql.end({ timeout: 5 });
  }

  const emitted = new Map<number, number>();
  const app = await startBenchApp(infra, logger, (position) => {
    if (!emitted.has(position)) emitted.set(position, now());
  });
  const sockets: Socket[] = [];
  const otherSql = connect(infra.databaseUrl, logger, 2);
  try {
    const base = `http://127.0.0.1:${infra.appPort}`;
    const received: Map<number, number>[] = [];
    for (let i = 0; i < opts.sockets; i++) {
      const socket = await openSocket(base, await login(base));
      const mine = new Map<number, number>();
      socket.on("live", (payload: { position: number }) => {
        if (!mine.has(payload.position)) mine.set(payload.position, now());
      });
      sockets.push(socket);
      received.push(mine);
    }

    const store = app.services.store;
    const committed = new Map<number, number>();
    const ping = async (i: number) => {
      const [e] = await store.append(`benchping-${randomUUID()}`, 0, [{ type: "BenchPinged", data: { n: i } }], {
        actor: "bench",
        tenant: agencyId,
      });
      committed.set(e!.globalPosition, now());
    };
    await runAtRate(opts.phases[0]!.rate, 1, ping); // warm-up second, not counted
    await sleep(300);

    const rows: (string | number)[][] = [];
    let ok = true;
    for (const phase of opts.phases) {
      committed.clear();
      emitted.clear();
      received.forEach((m) => m.clear());
      let writing = Boolean(phase.otherWrites);
      const writer = (async () => {
        while (writing) {
          await otherSql`insert into bench_raw (stream_id, type, data, metadata) values ('other', 'other', '{}', '{}')`;
          await sleep(1000 / phase.otherWrites!);
        }
      })();
      const spent = cpuMeter(infra.pgDir);
      await runAtRate(phase.rate, phase.seconds, ping);
      const cpu = spent();
      writing = false;
      await writer;
      const complete = () => [...committed.keys()].every((p) => emitted.has(p) && received.every((m) => m.has(p)));
      for (let waited = 0; waited < 10_000 && !complete(); waited += 20) await sleep(20);

      const emitSamples: number[] = [];
      const clientSamples: number[] = [];
      let notEmitted = 0;
      let notReceived = 0;
      for (const [p, at] of committed) {
        const e = emitted.get(p);
        if (e === undefined) notEmitted++;
        else emitSamples.push(e - at);
        for (const m of received) {
          const r = m.get(p);
          if (r === undefined) notReceived++;
          else clientSamples.push(r - at);
        }
      }
      const em = summarize(emitSamples);
      const cl = summarize(clientSamples);
      const emitOk = em.p95 <= TARGET_P95_MS && notEmitted === 0;
      ok &&= emitOk && notReceived === 0;
      const label = `${fmtInt(phase.rate)}/s for ${phase.seconds} s${phase.otherWrites ? ` + ${fmtInt(phase.otherWrites)} other write tx/s` : ""}`;
      rows.push(
        [
          label,
          "commit -> io emit",
          fmtInt(em.count),
          fmtMs(em.p50),
          fmtMs(em.p95),
          fmtMs(em.p99),
          fmtMs(em.max),
          notEmitted,
          otherShare(cpu),
          `p95 <= ${TARGET_P95_MS} ms`,
          emitOk ? "pass" : "FAIL",
        ],
        [
          label,
          "commit -> client receive",
          fmtInt(cl.count),
          fmtMs(cl.p50),
          fmtMs(cl.p95),
          fmtMs(cl.p99),
          fmtMs(cl.max),
          notReceived,
          otherShare(cpu),
          "none (reported)",
          notReceived ? "FAIL" : "info",
        ],
      );
      await sleep(200);
    }
    return {
      title: "4. Commit -> socket emit latency",
      method:
        `The app started with \`startApp\` (role "web", production build, its realtime processor woken by NOTIFY). ` +
        `Events appended (open loop) through the app's store to streams of their own with metadata.tenant = the Geneva ` +
        `demo agency, at a steady rate, then sparse, then sparse among other short write transactions that append no ` +
        `event (as session touches, rate limits and job polling do); latency from \`await store.append()\` resolving to the processor's ` +
        `\`onEmit\` for that position, and to the "live" message reaching each of ${opts.sockets} socket.io-client ` +
        `websockets signed in (POST /login) as ${CONSULTANT}.`,
      headers: [
        "appends",
        "path",
        "samples",
        "p50 (ms)",
        "p95 (ms)",
        "p99 (ms)",
        "max (ms)",
        "missing",
        "machine CPU used by other work",
        "target",
        "result",
      ],
      rows,
      verdict: ok ? "pass" : "FAIL",
      notes: [
        "Client samples are one per event per socket; the sockets run in the bench process, so both ends share its clock.",
      ],
    };
  } finally {
    sockets.forEach((s) => s.close());
    await otherSql.end({ timeout: 5 });
    await app.close();
  }
}
