import { randomUUID } from "node:crypto";
import http from "node:http";
import { Writable } from "node:stream";
import pino from "pino";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, seedDemo } from "../../db/seed/demo";
import { startApp } from "../../server/app";
import { loadEnv } from "../../server/env";
import { SOCKET_LIMITS } from "../../server/realtime/limits";
import type { LivePayload } from "../../server/realtime/routing";
import { createDomain } from "../../server/services";
import { TOKEN_PAGES } from "../../server/lib/log-scrub";
import { ensureBuild } from "../support/test-app";
import { waitFor } from "../support/wait";
import { startOwnMeilisearch, type OwnMeilisearch } from "../support/own-meilisearch";
import { createTestDatabase } from "../support/test-db";

/**
 * The app in this process over a fresh database with the demo data, its log captured: what a
 * request from another site, an oversized body, a crafted redirect or a forged Host header can
 * and cannot do, what the log keeps, and which rooms a socket of each role joins.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Awaited<ReturnType<typeof startApp>>;
let origin: string;
const logLines: string[] = [];
const sockets: Socket[] = [];

let meili: OwnMeilisearch | undefined;

beforeAll(async () => {
  ensureBuild();
  db = await createTestDatabase();
  await seedDemo(createDomain(db.sql));
  meili = await startOwnMeilisearch("hardening");
  const env = loadEnv({
    NODE_ENV: "production",
    ROLE: "all",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    PROCESSOR_POLL_MS: "200",
  });
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  app = await startApp({
    env,
    logger: pino({ level: "info" }, sink),
    infra: {
      databaseUrl: db.url,
      meiliUrl: meili.url,
      meiliKey: meili.key,
      sessionSecret: "hardening-secret-0123456789abcdef",
      secureCookies: false,
    },
  });
  origin = app.url.replace("localhost", "127.0.0.1");
}, 120_000);

afterAll(async () => {
  sockets.forEach((s) => s.close());
  await app?.close();
  await db?.drop();
  await meili?.close();
}, 30_000);

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An HTTP request with exactly these headers (fetch would not send a Host or a lying Content-Length). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  body?: string | ((req: http.ClientRequest) => void),
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, origin);
    let answered: RawResponse | null = null;
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent: false },
      (res) => {
        answered = { status: res.statusCode!, headers: res.headers, body: "" };
        res.setEncoding("utf8");
        res.on("data", (d: string) => (answered!.body += d));
        res.on("end", () => resolve(answered!));
        res.on("error", () => resolve(answered!));
      },
    );
    // a server refusing a body closes the connection while the client still sends: the answer counts
    req.on("error", (err) => (answered ? resolve(answered) : reject(err)));
    if (typeof body === "function") body(req);
    else req.end(body);
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

async function login(email: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const body = form({ email, password: DEMO_PASSWORD, is_candidate: "1", ...extra });
  return raw("POST", "/login", { ...FORM, "Content-Length": Buffer.byteLength(body), ...headers }, body);
}
const sessionOf = (res: RawResponse) =>
  [res.headers["set-cookie"] ?? []]
    .flat()
    .find((c) => c.startsWith("__session="))
    ?.split(";")[0];

describe("safe redirects after login and preferences", () => {
  it.each(["/\t/evil.test", "/\t\\evil.test", "/\\evil.test", "//evil.test", "/.//evil.test"])(
    "%j stays on the site",
    async (to) => {
      const res = await login("consultant.ge@demo.test", { redirectTo: to });
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe("/tableau-bord-agence");
    },
  );

  it("a CR/LF or non-Latin-1 target answers a redirect, not 500", async () => {
    for (const to of ["/mes-annonces\r\nX-Evil: 1", "/rechercher-un-emploi?q=日本"]) {
      const res = await login("consultant.ge@demo.test", { redirectTo: to });
      expect(res.status).toBe(302);
      expect(res.headers["x-evil"]).toBeUndefined();
      expect(res.headers.location).toMatch(/^\/[^/\\]/);
    }
  });

  it("/preferences keeps its redirect on the site", async () => {
    for (const to of ["/\t/evil.test", "/\t\\evil.test"]) {
      const body = form({ skin: "dark", redirectTo: to });
      const res = await raw("POST", "/preferences", { ...FORM, "Content-Length": Buffer.byteLength(body) }, body);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe("/");
    }
  });
});

describe("requests from another site", () => {
  const evil = { Origin: "https://evil.test" };

  it("a cross-origin ?_data login does not sign anyone in (login CSRF)", async () => {
    const body = form({ email: "consultant.ge@demo.test", password: DEMO_PASSWORD, is_candidate: "1" });
    const res = await raw(
      "POST",
      "/login?_data=routes%2F_public%2B%2Flogin",
      { ...FORM, ...evil, "Content-Length": Buffer.byteLength(body) },
      body,
    );
    expect(res.status).toBe(403);
    expect(sessionOf(res)).toBeUndefined();
  });

  it("a cross-origin document POST is 403, not a 500 page; a Referer from elsewhere or Origin null likewise", async () => {
    for (const headers of [evil, { Referer: "https://evil.test/x" }, { Origin: "null" }]) {
      const res = await login("consultant.ge@demo.test", {}, headers);
      expect(res.status).toBe(403);
      expect(sessionOf(res)).toBeUndefined();
    }
  });

  it("the site's own forms still work, with Origin or with only a same-origin Referer", async () => {
    expect((await login("consultant.ge@demo.test", {}, { Origin: origin })).status).toBe(302);
    expect((await login("consultant.ge@demo.test", {}, { Origin: "null", Referer: `${origin}/login` })).status).toBe(
      302,
    );
  });

  it("authenticated ?_data actions and /logout are refused from another site", async () => {
    const cookie = sessionOf(await login("consultant.ge@demo.test"))!;
    const logout = await raw("POST", "/logout", { ...evil, Cookie: cookie, "Content-Length": 0 });
    expect(logout.status).toBe(403);
    const body = form({ skin: "dark" });
    const action = await raw(
      "POST",
      "/mes-annonces?_data=routes%2F_app%2B%2Fmes-annonces",
      { ...FORM, ...evil, Cookie: cookie, "Content-Length": Buffer.byteLength(body) },
      body,
    );
    expect(action.status).toBe(403);
    // the session is still valid: the logout did not happen
    const page = await raw("GET", "/mes-annonces", { Cookie: cookie });
    expect(page.status).toBe(200);
  });

  it("the socket handshake refuses another site's Origin", async () => {
    const cookie = sessionOf(await login("consultant.ge@demo.test"))!;
    const socket = connect(app.url, {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie, origin: "https://evil.test" },
    });
    sockets.push(socket);
    await expect(
      new Promise(
        (resolve, reject) => (
          socket.once("connect", () => reject(new Error("accepted"))),
          socket.once("connect_error", resolve)
        ),
      ),
    ).resolves.toBeTruthy();
  });
});

describe("bodies are bounded before parsing", () => {
  it("a 50 MB login or forgot-password body is refused at once, and other requests go on", async () => {
    for (const path of ["/login", "/forgot-password"]) {
      const started = Date.now();
      // the declared length is enough: nothing is read
      const res = await raw("POST", path, { ...FORM, "Content-Length": 50 * 1024 * 1024 }, (req) =>
        req.write("email=a"),
      );
      expect(res.status).toBe(413);
      expect(Date.now() - started).toBeLessThan(2000);
    }
    expect((await raw("GET", "/healthz")).status).toBe(200);
  });

  it("a chunked body is counted as it streams", async () => {
    const res = await raw("POST", "/forgot-password", { ...FORM, "Transfer-Encoding": "chunked" }, (req) => {
      const chunk = "x".repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 4 * 1024 * 1024 && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      req.on("error", () => undefined); // the server may close before the end
      pump();
    });
    expect(res.status).toBe(413);
  });

  it("the ad form refuses megabytes of small text parts; 50 MB is refused before reading", async () => {
    const cookie = sessionOf(await login("consultant.ge@demo.test"))!;
    const boundary = "----hardening";
    const part = (i: number) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${"y".repeat(1000)}\r\n`;
    const body = Array.from({ length: 1200 }, (_, i) => part(i)).join("") + `--${boundary}--\r\n`;
    const headers = { Cookie: cookie, Origin: origin, "Content-Type": `multipart/form-data; boundary=${boundary}` };
    const many = await raw(
      "POST",
      "/creer-une-annonce",
      { ...headers, "Content-Length": Buffer.byteLength(body) },
      body,
    );
    expect(many.status).toBe(413);
    const huge = await raw("POST", "/creer-une-annonce", { ...headers, "Content-Length": 50 * 1024 * 1024 }, (req) =>
      req.write(part(0)),
    );
    expect(huge.status).toBe(413);
  });
});

describe("bad input answers a message, not 500", () => {
  it("a POST to the ad form that is not multipart is 415", async () => {
    const cookie = sessionOf(await login("consultant.ge@demo.test"))!;
    const body = form({ title: "x" });
    const res = await raw(
      "POST",
      "/creer-une-annonce",
      { ...FORM, Cookie: cookie, Origin: origin, "Content-Length": Buffer.byteLength(body) },
      body,
    );
    expect(res.status).toBe(415);
  });

  it.each(["CV=2024.pdf", "Lebenslauf; neu.pdf"])(
    "an upload named %j and a NUL in the title are field errors",
    async (name) => {
      const cookie = sessionOf(await login("consultant.ge@demo.test"))!;
      const boundary = "----names";
      const part = (disposition: string, content: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n${content}\r\n`;
      const body =
        part('name="title"', "Cuisinier\u0000") +
        part(`name="image"; filename="${name}"\r\nContent-Type: application/pdf`, "%PDF-1.4 not an image") +
        `--${boundary}--\r\n`;
      const headers = {
        Cookie: cookie,
        Origin: origin,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": Buffer.byteLength(body),
      };
      const res = await raw("POST", "/creer-une-annonce?_data=routes%2F_app%2B%2Fcreer-une-annonce", headers, body);
      expect(res.status).toBe(400);
      const errors = (JSON.parse(res.body) as { result: { error: Record<string, string[]> } }).result.error;
      expect(errors.title).toEqual(["validation.control_characters"]);
      expect(errors.image).toBeDefined();
    },
  );

  describe("a NUL byte in an upload's file name (busboy: malformed part header) is the file field's error", () => {
    const boundary = "----nul";
    const part = (disposition: string, content: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n${content}\r\n`;
    /** the fields, with the file part named `a<NUL>b.pdf` among them (fields before and after it) */
    const post = (path: string, cookie: string, file: string, before: Record<string, string>, after = {}) => {
      const fields = (f: Record<string, string>) =>
        Object.entries(f)
          .map(([name, value]) => part(`name="${name}"`, value))
          .join("");
      const body =
        fields(before) +
        part(`name="${file}"; filename="a\u0000b.pdf"\r\nContent-Type: application/pdf`, "%PDF-1.4 x") +
        fields(after) +
        `--${boundary}--\r\n`;
      return raw(
        "POST",
        path,
        {
          Cookie: cookie,
          Origin: origin,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": Buffer.byteLength(body),
        },
        body,
      );
    };
    const json = (res: RawResponse) => JSON.parse(res.body) as Record<string, unknown>;

    it("/mes-documents", async () => {
      const cookie = sessionOf(await login("candidate@demo.test", { is_candidate: "0" }))!;
      const res = await post("/mes-documents?_data=routes%2F_app%2B%2Fmes-documents", cookie, "file", {
        intent: "upload",
        category: "cv",
      });
      expect(res.status, res.body).toBe(400);
      const { result } = json(res) as { result: { error: Record<string, string[]>; initialValue: object } };
      expect(result.error.file).toEqual(["document_invalid_type"]);
      expect(result.initialValue).toMatchObject({ intent: "upload", category: "cv" });
    });

    it("/documents", async () => {
      const cookie = sessionOf(await login("consultant.ge@demo.test"))!;
      const res = await post(
        "/documents?_data=routes%2F_app%2B%2Fdocuments",
        cookie,
        "file",
        { intent: "share", title: "Règlement" },
        { kind: "rules" },
      );
      expect(res.status, res.body).toBe(400);
      const { result } = json(res) as { result: { error: Record<string, string[]>; initialValue: object } };
      expect(result.error.file).toEqual(["document_invalid_type"]);
      // the fields before and after the unreadable part are kept
      expect(result.initialValue).toMatchObject({ title: "Règlement", kind: "rules" });
    });

    it("/releves-heures", async () => {
      const cookie = sessionOf(await login("consultant.ge@demo.test"))!;
      const consultant = (await app.services.identity.credentialsByEmail("consultant.ge@demo.test"))!;
      const [sheet] = await db.sql<{ id: string }[]>`
        select id from rm_timesheets where agency_id = ${consultant.agencyId} limit 1`;
      const res = await post("/releves-heures?_data=routes%2F_app%2B%2Freleves-heures", cookie, "file", {
        intent: "report",
        timesheetId: sheet!.id,
      });
      expect(res.status, res.body).toBe(400);
      expect(json(res)).toMatchObject({ error: "timesheet_report_type", id: sheet!.id, field: "file" });
    });

    it("/register/user", async () => {
      const account = form({
        country: "CH",
        firstName: "Nul",
        lastName: "Octet",
        email: `nul.${randomUUID()}@example.test`,
        password: DEMO_PASSWORD,
        confirmPassword: DEMO_PASSWORD,
        terms: "on",
        dataProtection: "on",
      });
      const started = await raw(
        "POST",
        "/register/user",
        { ...FORM, Origin: origin, "Content-Length": Buffer.byteLength(account) },
        account,
      );
      expect(started.status, started.body).toBe(302);
      const draft = [started.headers["set-cookie"] ?? []]
        .flat()
        .find((c) => c.startsWith("register_draft="))!
        .split(";")[0]!;
      const res = await post(
        "/register/user?_data=routes%2F_public%2B%2Fregister.user",
        draft,
        "cv",
        { birthDate: "1990-05-01" },
        { desiredJobs: "cook" },
      );
      expect(res.status, res.body).toBe(400);
      const { profile } = json(res) as { profile: { error: Record<string, string[]>; initialValue: object } };
      expect(profile.error.cv).toEqual(["cv_invalid_type"]);
      expect(profile.initialValue).toMatchObject({ birthDate: "1990-05-01" });
    });
  });

  it("an email far too long at login is a field error (a megabyte is refused as a body)", async () => {
    expect((await login(`${"a".repeat(15_000)}@demo.test`)).status).toBe(400);
    expect((await login(`${"a".repeat(1024 * 1024)}@demo.test`)).status).toBe(413);
  });

  it("the registration's email check is throttled per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await raw("GET", `/register/email-check?email=probe.${i}%40demo.test`, { Accept: "application/json" })).status,
      );
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("absolute URLs never come from the Host header", () => {
  it("feeds and ad pages use the configured public URL", async () => {
    const feed = await raw("GET", "/partners/export/S01/xml", { Host: "evil.test" });
    expect(feed.status).toBe(200);
    // PUBLIC_URL unset: the address the server listens at
    expect(feed.body).toMatch(/http:\/\/127\.0\.0\.1:\d+\/annonce\//);
    expect(feed.body).not.toContain("evil.test");
    const [ad] = await db.sql<
      { id: number }[]
    >`select id::int as id from rm_ads where status = 'online' and 'S01' = any(job_boards) limit 1`;
    const page = await raw("GET", `/annonce/${ad!.id}/S01`, { Host: "evil.test" });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("evil.test");
  });
});

describe("the request log carries no secrets", () => {
  it("no cookies, set-cookies or set-password / verify-email tokens", async () => {
    // each request names itself (x-request-id): the test waits for its line, logged when the response has gone
    const ids = ["log-login", "log-page", "log-set-password", "log-verify-email"].map((id) => `${id}-${randomUUID()}`);
    const res = await login("consultant.ge@demo.test", {}, { "x-request-id": ids[0]! });
    const cookie = sessionOf(res)!;
    await raw("GET", "/mes-annonces", { Cookie: cookie, "x-request-id": ids[1]! });
    await raw("GET", "/set-password/SECRETTOKEN0123456789", { "x-request-id": ids[2]! });
    await raw("GET", "/verify-email/SECRETVERIFY0123456789", { "x-request-id": ids[3]! });
    await waitFor(() => ids.every((id) => logLines.some((l) => l.includes(id))), {
      message: () =>
        `the four requests' log lines (found: ${ids.filter((id) => logLines.some((l) => l.includes(id))).join(", ")})`,
    });
    const log = logLines.join("\n");
    expect(log).toContain("/set-password/[redacted]");
    expect(log).toContain("/verify-email/[redacted]");
    expect(log).not.toContain("SECRETTOKEN");
    expect(log).not.toContain("SECRETVERIFY");
    expect(log).not.toContain(cookie.split("=")[1]!.slice(0, 20));
    expect(log).not.toMatch(/"cookie":"__session/);
  });

  it("no token of any token page (mailed links, a client's timesheet link), opened or posted to", async () => {
    const requests = TOKEN_PAGES.flatMap((page, i) => {
      const secret = `SECRETPAGE${i}x0123456789abcdef`;
      return ["GET", "POST"].map((method) => ({
        page,
        secret,
        method,
        id: `log-token-${i}-${method}-${randomUUID()}`,
      }));
    });
    for (const { page, secret, method, id } of requests) {
      const form: Record<string, string> =
        method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded", Origin: origin } : {};
      await raw(
        method,
        `/${page}/${secret}`,
        { ...form, "x-request-id": id },
        method === "POST" ? "intent=validate" : undefined,
      );
    }
    await waitFor(() => requests.every(({ id }) => logLines.some((l) => l.includes(id))), {
      message: "every token page request's log line",
    });
    const log = logLines.join("\n");
    for (const { page, secret } of requests) {
      expect(log).toContain(`/${page}/[redacted]`);
      expect(log).not.toContain(secret);
    }
  });
});

describe("socket rooms follow what each role may read", () => {
  async function socketOf(email: string, extra: Record<string, string> = {}) {
    const cookie = sessionOf(await login(email, extra))!;
    const socket = connect(app.url, {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie },
    });
    sockets.push(socket);
    const live: LivePayload[] = [];
    socket.on("live", (p: LivePayload) => live.push(p));
    await new Promise<void>(
      (resolve, reject) => (socket.once("connect", () => resolve()), socket.once("connect_error", reject)),
    );
    return { socket, live };
  }
  const roomsOf = async (socket: Socket) => (await app.io!.fetchSockets()).find((s) => s.id === socket.id)!.rooms;

  it("a catch-up that cannot send all that was missed tells the browser to reload its data ('stale')", async () => {
    const { socket } = await socketOf("client@demo.test");
    let stale = 0;
    socket.on("stale", () => stale++);
    // the demo data holds far more events than one catch-up reads
    const [all] = await db.sql<{ n: number }[]>`select count(*)::int as n from events`;
    expect(all!.n).toBeGreaterThan(SOCKET_LIMITS.catchupEvents);
    await socket.timeout(10_000).emitWithAck("catchup", 0);
    await waitFor(() => stale === 1);
    // from the latest position nothing is missed: no reload
    const [last] = await db.sql<{ p: string }[]>`select max(global_position)::text as p from events`;
    await socket.timeout(10_000).emitWithAck("catchup", Number(last!.p));
    expect(stale).toBe(1);
  });

  it("a client user joins their company's room, not the agency's; catch-up sends only their company's orders", async () => {
    const user = (await app.services.identity.credentialsByEmail("client@demo.test"))!;
    const consultant = (await app.services.identity.credentialsByEmail("consultant.ge@demo.test"))!;
    const { socket, live } = await socketOf("client@demo.test");
    const rooms = await roomsOf(socket);
    expect(rooms.has(`client:${user.clientId}`)).toBe(true);
    expect([...rooms].filter((r) => r.startsWith("agency:") || r.startsWith("planning:"))).toEqual([]);

    const sent = await socket.timeout(10_000).emitWithAck("catchup", 0);
    expect(sent).toBeGreaterThan(0);
    const orderIds = live.filter((p) => p.streamId.startsWith("order-")).map((p) => p.streamId.slice("order-".length));
    expect(orderIds.length).toBeGreaterThan(0);
    const owners = await db.sql<
      { client_id: string }[]
    >`select distinct client_id from rm_orders where id = any(${orderIds}::uuid[])`;
    expect(owners.map((o) => o.client_id)).toEqual([user.clientId]);
    // the agency's other client companies have orders: the client user got none of them
    const [others] = await db.sql<
      { n: number }[]
    >`select count(*)::int as n from rm_orders where agency_id = ${consultant.agencyId} and client_id <> ${user.clientId}`;
    expect(others!.n).toBeGreaterThan(0);
  });

  it("a socket flooding catch-ups is told why and disconnected; it was served one at a time and /healthz answered", async () => {
    const { socket, live } = await socketOf("candidate@demo.test", { is_candidate: "0" });
    const limit: { reason?: string }[] = [];
    socket.on("limit", (l: { reason: string }) => limit.push(l));
    // the catch-up queries this flood makes the process run (the store's one reader of them)
    const store = app.services.store;
    const read = store.readAllByPosition;
    let reads = 0;
    store.readAllByPosition = (...args) => (reads++, read(...args));
    try {
      let answers = 0;
      for (let i = 0; i < 300; i++) socket.emit("catchup", 0, () => answers++);
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
      await waitFor(() => socket.disconnected, { timeout: 10_000, message: "the flooding socket disconnected" });
      // one in flight at a time, a few a minute; when the 300 frames arrive in one read, the
      // middleware counts them all before any handler runs, so the message rate may trip first
      expect(limit).toHaveLength(1);
      expect(["catchup_busy", "catchup_rate", "rate"]).toContain(limit[0]!.reason);
      expect(reads).toBeLessThanOrEqual(SOCKET_LIMITS.catchups.burst);
      expect(answers).toBeLessThanOrEqual(reads);
      expect(live.length).toBeLessThanOrEqual(reads * SOCKET_LIMITS.catchupEvents);
    } finally {
      store.readAllByPosition = read;
    }
  });

  it("a socket's message over its size or of an unknown event is dropped, unanswered", async () => {
    const { socket } = await socketOf("candidate@demo.test", { is_candidate: "0" });
    const answered: string[] = [];
    socket.emit("catchup", "9".repeat(SOCKET_LIMITS.events.catchup! + 1), () => answered.push("size"));
    socket.emit("anything", 1, () => answered.push("unknown"));
    // a marker: a valid catch-up sent after them is answered, so they were handled first
    expect(await socket.timeout(10_000).emitWithAck("catchup", Number.MAX_SAFE_INTEGER)).toBe(0);
    expect(answered).toEqual([]);
    expect(socket.connected).toBe(true);
  });

  it("agency staff join the agency and planning rooms; candidates and admins their own", async () => {
    const consultant = (await app.services.identity.credentialsByEmail("consultant.ge@demo.test"))!;
    const staff = await roomsOf((await socketOf("consultant.ge@demo.test")).socket);
    expect(staff.has(`agency:${consultant.agencyId}`) && staff.has(`planning:${consultant.agencyId}`)).toBe(true);
    const admin = await roomsOf((await socketOf("admin@demo.test")).socket);
    expect(admin.has("admin")).toBe(true);
    expect([...admin].some((r) => r.startsWith("agency:"))).toBe(false);
  });
});
