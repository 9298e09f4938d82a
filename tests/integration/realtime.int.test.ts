import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_PASSWORD,
  SYSTEM_ACTOR,
  createLogger,
  integrationHarness,
  loadEnv,
  processorLag,
  startApp,
  type LivePayload,
} from "../support/harness";
import { ensureBuild, spawnAppProcess } from "../support/test-app";
import { waitFor } from "../support/wait";

/**
 * Two app processes on one database: A runs in this test process (its services append events),
 * B is a real child process. Sockets connect to B (and A), pushes must cross the process boundary.
 */
const SESSION_SECRET = "realtime-test-secret-0123456789ab";
const { db, domain, meili } = integrationHarness({ seed: true, meili: true, timeout: 90_000 });
let appA: Awaited<ReturnType<typeof startApp>>;
let procB: Awaited<ReturnType<typeof spawnAppProcess>> | undefined;
let urlB: string;
const sockets: Socket[] = [];
let geneva: string;
let lyon: string;

async function stopB() {
  await procB?.stop();
}

beforeAll(async () => {
  ensureBuild();
  geneva = (await domain.identity.credentialsByEmail("consultant.ge@demo.test"))!.agencyId!;
  lyon = (await domain.identity.credentialsByEmail("consultant.lyon@demo.test"))!.agencyId!;

  const infra = { databaseUrl: db.url, meiliUrl: meili.url, meiliKey: meili.key, sessionSecret: SESSION_SECRET };
  const env = loadEnv({
    NODE_ENV: "production",
    ROLE: "web",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    PROCESSOR_POLL_MS: "200",
  });
  // A first: it leads the realtime processor, so B's sockets are served through the adapter
  appA = await startApp({ env, logger: createLogger("silent"), infra: { ...infra, secureCookies: false } });
  procB = await spawnAppProcess({ MISSIO_TEST_APP: JSON.stringify(infra) });
  urlB = procB.url;
  // the realtime processor first replays the demo data's events (to nobody): the pushes below are
  // timed from when it is caught up, as in a running app (CI's loaded machine took over 10 s)
  await waitFor(async () => (await processorLag(db.sql)).find((p) => p.name === "realtime")?.behind === 0, {
    timeout: 60_000,
    interval: 200,
    message: "the realtime processor caught up with the demo data",
  });
}, 150_000);

afterAll(async () => {
  sockets.forEach((s) => s.close());
  await stopB();
  await appA?.close();
}, 30_000);

async function login(baseUrl: string, email: string, agency = true): Promise<string> {
  const res = await fetch(`${baseUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password: DEMO_PASSWORD, is_candidate: agency ? "1" : "0" }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  expect(cookie).toBeTruthy();
  return cookie!.split(";")[0]!;
}

interface Client {
  socket: Socket;
  live: LivePayload[];
}

function socketTo(url: string, cookie?: string): Client {
  const socket = connect(url, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    extraHeaders: cookie ? { cookie } : {},
  });
  sockets.push(socket);
  const live: LivePayload[] = [];
  socket.on("live", (p: LivePayload) => live.push(p));
  return { socket, live };
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
}

function refused(socket: Socket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => reject(new Error("the socket was accepted")));
    socket.once("connect_error", resolve);
  });
}

/** Opens a branch through process A's services; returns the event's global position. */
async function openBranch(agencyId: string, name: string) {
  await appA.services.agencies.openBranch(SYSTEM_ACTOR, { agencyId, name, city: "Genève" });
  const events = await appA.services.store.readStream(`agency-${agencyId}`);
  return events.at(-1)!.globalPosition;
}

/** what the processors and process B's LISTEN connection were doing, for a push that did not arrive */
let diagnosis = "";
const diagnose = async () => {
  const lag = (await processorLag(db.sql)).filter((p) => p.behind > 0).map((p) => `${p.name} ${p.behind} behind`);
  const listening = await db.sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and application_name = 'missio-io' and query ilike 'listen%'`;
  diagnosis = `lagging: ${lag.join(", ") || "none"}; adapter LISTEN connections: ${listening[0]!.n}`;
};
// a push crosses processes within a second on a quiet machine; CI's loaded one (two test files at
// a time, each with its app processes) once took over 10 s
const arrived = (client: Client, position: number) =>
  waitFor(
    async () => {
      const found = client.live.find((p) => p.position === position);
      if (!found) await diagnose();
      return found;
    },
    {
      timeout: 30_000,
      interval: 250,
      message: () => `event ${position} on the socket (${diagnosis})`,
    },
  );

describe("realtime across two processes", () => {
  it("serves the app on the ephemeral port it reports", async () => {
    expect(appA.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(urlB).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(appA.url).not.toBe(urlB);
    expect((await fetch(`${urlB}/login`)).status).toBe(200);
  });

  it("refuses a wrong password with invalid_credential", async () => {
    const res = await fetch(`${urlB}/login?${new URLSearchParams({ _data: "routes/_public+/login" })}`, {
      method: "POST",
      body: new URLSearchParams({ email: "consultant.ge@demo.test", password: "Wrong-Pass-2026", is_candidate: "1" }),
      redirect: "manual",
    });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    const body = JSON.stringify(await res.json());
    expect(body).toContain("invalid_credential");
    expect(body).not.toContain("failed_operation");
  });

  it("pushes an event appended in process A to a socket connected to process B, once", async () => {
    const cookie = await login(urlB, "consultant.ge@demo.test");
    const client = socketTo(urlB, cookie);
    await connected(client.socket);
    const position = await openBranch(geneva, "Carouge");
    const payload = await arrived(client, position);
    expect(payload).toEqual({ type: "BranchOpened", streamId: `agency-${geneva}`, position });

    const marker = await openBranch(geneva, "Meyrin");
    await arrived(client, marker);
    expect(client.live.filter((p) => p.position === position)).toHaveLength(1);
  });

  it("refuses anonymous sockets and forged cookies", async () => {
    const anonymous = await refused(socketTo(urlB).socket);
    expect(anonymous.message).toBe("unauthorized");
    const forged = await refused(socketTo(urlB, "__session=forged-session-id").socket);
    expect(forged.message).toBe("unauthorized");
  });

  it("keeps each agency's events to its own sockets, live and on catch-up", async () => {
    const genevaClient = socketTo(urlB, await login(urlB, "consultant.ge2@demo.test"));
    const lyonClient = socketTo(urlB, await login(appA.url, "consultant.lyon@demo.test"));
    await Promise.all([connected(genevaClient.socket), connected(lyonClient.socket)]);
    const [start] = await db.sql<{ p: string }[]>`select coalesce(max(global_position), 0)::text as p from events`;

    const g1 = await openBranch(geneva, "Plainpalais");
    await arrived(genevaClient, g1);
    const l1 = await openBranch(lyon, "Villeurbanne");
    await arrived(lyonClient, l1);
    const g2 = await openBranch(geneva, "Vernier");
    await arrived(genevaClient, g2);

    expect(lyonClient.live.filter((p) => p.streamId === `agency-${geneva}`)).toEqual([]);
    expect(genevaClient.live.filter((p) => p.streamId === `agency-${lyon}`)).toEqual([]);

    // a socket that reconnects asks for what it missed: only its agency's events come back
    const replayed: LivePayload[] = [];
    lyonClient.socket.on("live", (p: LivePayload) => replayed.push(p));
    const sent = (await lyonClient.socket.timeout(5000).emitWithAck("catchup", Number(start!.p))) as number;
    await waitFor(() => replayed.length >= sent);
    expect(replayed.map((p) => p.position)).toContain(l1);
    expect(replayed.filter((p) => p.streamId === `agency-${geneva}`)).toEqual([]);
    expect(sent).toBe(replayed.length);
  });

  it("disconnects the sockets of a session that logs out, on every process, and no other", async () => {
    // agency staff: the agency's events reach their sockets (a client user's room is their company's)
    const first = await login(urlB, "consultant.ge2@demo.test");
    const second = await login(appA.url, "consultant.ge2@demo.test");
    const onB = socketTo(urlB, first);
    const onA = socketTo(appA.url, first);
    const otherSession = socketTo(urlB, second);
    await Promise.all([connected(onB.socket), connected(onA.socket), connected(otherSession.socket)]);
    const reasons = [onB, onA].map((c) => new Promise<string>((resolve) => c.socket.once("disconnect", resolve)));

    const res = await fetch(`${urlB}/logout`, { method: "POST", headers: { cookie: first }, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(await Promise.all(reasons)).toEqual(["io server disconnect", "io server disconnect"]);

    // the cookie of the ended session no longer opens a socket; the other session is still live
    expect((await refused(socketTo(urlB, first).socket)).message).toBe("unauthorized");
    expect(otherSession.socket.connected).toBe(true);
    const position = await openBranch(geneva, "Onex");
    await arrived(otherSession, position);
  });

  // last: it stops process B
  it("a process that stops drops its own sockets as a lost connection (they reconnect); the other process's stay", async () => {
    const cookie = await login(appA.url, "consultant.ge@demo.test");
    const onB = socketTo(urlB, cookie);
    const onA = socketTo(appA.url, cookie);
    await Promise.all([connected(onB.socket), connected(onA.socket)]);
    const reasonOnB = new Promise<string>((resolve) => onB.socket.once("disconnect", resolve));
    let reasonOnA: string | null = null;
    onA.socket.once("disconnect", (reason) => (reasonOnA = reason));

    await stopB();
    // not "io server disconnect", which the browser takes for an ended session
    expect(await reasonOnB).toBe("transport close");
    const position = await openBranch(geneva, "Lancy");
    await arrived(onA, position);
    expect(reasonOnA).toBeNull();
    expect(onA.socket.connected).toBe(true);
  });
});
