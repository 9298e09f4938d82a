import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appHarness, createLogger, createSearchClient, faqSearch, type LivePayload } from "../support/harness";
import { loginCookie } from "../support/test-app";

/**
 * Support over HTTP and sockets (issue 30), on the demo data: the FAQ by audience and language,
 * searched with a typo through Meilisearch and listed from PostgreSQL when the engine is away; the
 * contact form signed in (with a checked attachment) and signed out (an e-mail, the input kept on
 * error, a bot's hidden field, the rate limit); a request is its requester's and the platform
 * admins' only (others: 404, attachment included); the admins answer (mailed, shown, live), the
 * requester's reply reopens it; the request's words are sealed in the log.
 */
const app = appHarness();
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));
const cookies: Record<string, string> = {};
const SUPPORT = encodeURIComponent("routes/support");
const PAGE = encodeURIComponent("routes/_app+/support.demandes.$id");
const INBOX = encodeURIComponent("routes/_app+/support.boite");
const FOREIGN = "00000000-0000-4000-8000-00000000dead";
// a real 1×1 PNG: the upload checks read its magic bytes
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const get = (path: string, who?: string) =>
  fetch(`${app.url}${path}`, { redirect: "manual", headers: who ? { cookie: cookies[who]! } : {} });
const contact = (who: string | null, fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("attachment", new Blob([new Uint8Array(file.bytes)]), file.name);
  return fetch(`${app.url}/support?_data=${SUPPORT}`, {
    method: "POST",
    redirect: "manual",
    headers: who ? { cookie: cookies[who]! } : {},
    body: form,
  });
};
const onRequest = (id: string, who: string, body: Record<string, string>) =>
  fetch(`${app.url}/support/demandes/${id}?_data=${PAGE}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookies[who]! },
    body: new URLSearchParams(body),
  });
const requestOf = async (id: string, who: string) =>
  (await (await get(`/support/demandes/${id}?_data=${PAGE}`, who)).json()).request;
const lastMail = async (to: string, template: string) =>
  (
    await app.db.sql<{ locale: string; params: Record<string, string> }[]>`
      select locale, params from mail_outbox where recipient = ${to} and template = ${template}
      order by created_at desc limit 1`
  )[0];

const socketAs = async (who: string) => {
  const socket = connect(app.url, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: cookies[who]! },
  });
  sockets.push(socket);
  await new Promise<void>(
    (resolve, reject) => (socket.once("connect", () => resolve()), socket.once("connect_error", reject)),
  );
  const heard: LivePayload[] = [];
  socket.on("live", (e: LivePayload) => heard.push(e));
  return heard;
};

beforeAll(async () => {
  const accounts = {
    candidate: ["candidate@demo.test", true],
    other: ["candidate.fr@demo.test", true],
    consultant: ["consultant.ge@demo.test", false],
    client: ["client@demo.test", false],
    admin: ["admin@demo.test", false],
  } as const;
  for (const [who, [email, isCandidate]] of Object.entries(accounts))
    cookies[who] = await loginCookie(app.url, email, isCandidate);
}, 90_000);

describe("the FAQ", () => {
  it("lists the published entries for the reader's audience, in their language", async () => {
    const visitor = await (await get(`/support?lng=en&_data=${SUPPORT}`)).json();
    const questions = visitor.faq.map((f: { question: string }) => f.question);
    expect(questions).toContain("My agency account is awaiting validation");
    expect(questions).not.toContain("How do I delete my account?");
    const candidate = await (await get(`/support?lng=de&_data=${SUPPORT}`, "candidate")).json();
    expect(candidate.faq.map((f: { question: string }) => f.question)).toContain("Wie lösche ich mein Konto?");
    expect(candidate.kinds).toEqual(["question", "deletion", "data_export"]);
    expect((await (await get(`/support?_data=${SUPPORT}`, "client")).json()).kinds).toEqual(["question"]);
  });

  it("finds an entry despite a typo through Meilisearch, once the indexer wrote it", async () => {
    await expect
      .poll(
        async () => {
          const data = await (await get(`/support?lng=fr&q=suprimer%20compte&_data=${SUPPORT}`, "candidate")).json();
          return data.degraded ? "degraded" : data.faq.map((f: { question: string }) => f.question);
        },
        { timeout: 30_000 },
      )
      .toContain("Comment supprimer mon compte ?");
  });

  it("answers from PostgreSQL, degraded, when Meilisearch does not answer", async () => {
    const away = faqSearch(createSearchClient("http://127.0.0.1:9", "key", { timeout: 500 }), {
      sql: app.db.sql,
      logger: createLogger("silent"),
    });
    const result = await away.search("compte", "candidate", "fr");
    expect(result.degraded).toBe(true);
    expect(result.items.map((i) => i.question)).toContain("Comment supprimer mon compte ?");
  });
});

describe("support requests", () => {
  let requestId: string;

  it("opens a candidate's request with an attachment, mails its confirmation, tells the admins live", async () => {
    const admins = await socketAs("admin");
    const res = await contact(
      "candidate",
      {
        topic: "timesheets",
        kind: "question",
        name: "Lea Muller",
        email: "candidate@demo.test",
        message: "Mes heures manquent",
      },
      { name: "capture.png", bytes: PNG },
    );
    const to = res.headers.get("x-remix-redirect") ?? "";
    expect(to).toMatch(/^\/support\/demandes\/[0-9a-f-]{36}\?envoye=1$/);
    requestId = to.split("/").pop()!.split("?")[0]!;
    expect((await lastMail("candidate@demo.test", "supportReceived"))?.params.link).toContain(requestId);
    await expect.poll(() => admins.some((e) => e.streamId === `support-${requestId}`), { timeout: 15_000 }).toBe(true);
    const mine = await requestOf(requestId, "candidate");
    expect(mine).toMatchObject({ status: "new", attachmentName: "capture.png", mine: true });
    // the message is sealed in the log, readable only through the person's key
    const [row] = await app.db.sql<{ data: string }[]>`
      select data::text as data from events where stream_id = ${`support-${requestId}`} and stream_version = 1`;
    expect(row!.data).not.toContain("Mes heures manquent");
  });

  it("shows a request and its attachment to its requester and the admins only", async () => {
    for (const who of ["other", "consultant", "client"]) {
      expect((await get(`/support/demandes/${requestId}`, who)).status, who).toBe(404);
      expect((await get(`/support/demandes/${requestId}/piece-jointe`, who)).status, who).toBe(404);
    }
    expect((await get(`/support/demandes/${FOREIGN}`, "candidate")).status).toBe(404);
    for (const who of ["candidate", "admin"]) {
      const file = await get(`/support/demandes/${requestId}/piece-jointe`, who);
      expect(file.status, who).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    }
    const inbox = await (await get(`/support/boite?statut=new&_data=${INBOX}`, "admin")).json();
    expect(inbox.requests.map((r: { id: string }) => r.id)).toContain(requestId);
    expect((await get("/support/boite", "consultant")).headers.get("location")).toBe("/not-authorized");
    expect((await (await get(`/support?_data=${SUPPORT}`, "other")).json()).requests).toEqual([]);
  });

  it("lets only an admin answer; the answer is mailed and shown; the requester's reply reopens it", async () => {
    expect((await onRequest(requestId, "consultant", { intent: "answer", message: "x" })).status).toBe(404);
    expect((await onRequest(requestId, "other", { intent: "reply", message: "x" })).status).toBe(404);
    expect((await onRequest(requestId, "candidate", { intent: "answer", message: "x" })).status).toBe(404);
    const empty = await onRequest(requestId, "admin", { intent: "answer", message: " " });
    expect(empty.status).toBe(400);
    expect((await empty.json()).result.error.message).toEqual(["errors.messageRequired"]);
    await onRequest(requestId, "admin", { intent: "answer", message: "Nous corrigeons vos heures." });
    expect(await lastMail("candidate@demo.test", "supportAnswered")).toMatchObject({
      params: { answer: "Nous corrigeons vos heures." },
    });
    const answered = await requestOf(requestId, "candidate");
    expect(answered.status).toBe("answered");
    expect(answered.messages.at(-1)).toMatchObject({ fromRequester: false, body: "Nous corrigeons vos heures." });
    await onRequest(requestId, "admin", { intent: "status", status: "closed" });
    expect((await requestOf(requestId, "candidate")).status).toBe("closed");
    await onRequest(requestId, "candidate", { intent: "reply", message: "Merci, une autre question" });
    expect((await requestOf(requestId, "admin")).status).toBe("new");
  });

  it("refuses a deletion request from anyone but a candidate, and a renamed file, on their fields", async () => {
    const base = { topic: "account", name: "Paul", email: "consultant.ge@demo.test", message: "Bonjour" };
    const kind = await contact("consultant", { ...base, kind: "deletion" });
    expect(kind.status).toBe(400);
    expect((await kind.json()).result.error.kind).toEqual(["errors.kind"]);
    const renamed = await contact("candidate", { ...base, kind: "question" }, { name: "cv.pdf", bytes: PNG });
    expect(renamed.status).toBe(400);
    const body = await renamed.json();
    expect(body.result.error.attachment).toEqual(["document_content_mismatch"]);
    expect(body.result.initialValue.message).toBe("Bonjour");
  });
});

describe("the signed-out contact form", () => {
  it("keeps the input on error, drops a bot's request, and is rate-limited per address", async () => {
    const visitor = { topic: "agencies", kind: "question", name: "Agence Test", message: "Validation ?" };
    const bad = await contact(null, { ...visitor, email: "pas-une-adresse" });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.result.error.email).toEqual(["errors.emailInvalid"]);
    expect(body.result.initialValue).toMatchObject({ name: "Agence Test", message: "Validation ?" });
    const count = async () =>
      (await app.db.sql`select count(*)::int as n from rm_support_requests where requester_id is null`)[0]!.n;
    const before = await count();
    const bot = await contact(null, { ...visitor, email: "bot@example.test", website: "http://spam.test" });
    expect(bot.headers.get("x-remix-redirect")).toBe("/support?envoye=1");
    expect(await count()).toBe(before);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await contact(null, { ...visitor, email: `v${i}@example.test` })).status);
    expect(statuses.slice(0, 5).every((s) => s === 204)).toBe(true);
    expect(statuses[5]).toBe(429);
    expect(await count()).toBe(before + 5);
    expect(await lastMail("v0@example.test", "supportReceived")).toMatchObject({ locale: "fr" });
  });
});
