import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appHarness, type LivePayload } from "../support/harness";
import { loginCookie } from "../support/test-app";

/**
 * The candidate file over HTTP and sockets (issue 28), on the demo data: the page, its `?_data`,
 * its actions and its files answer the agency the candidate deals with and nobody else; the
 * file's events reach that agency's sockets only.
 */
const app = appHarness();
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));
const cookies: Record<string, string> = {};
let candidateId: string;
let candidateEmail: string;
const DATA = encodeURIComponent("routes/_app+/cv-theque_.$id");

const get = (path: string, who?: string) =>
  fetch(`${app.url}${path}`, { redirect: "manual", headers: who ? { cookie: cookies[who]! } : {} });
const post = (who: string, body: Record<string, string>, id = candidateId) =>
  fetch(`${app.url}/cv-theque/${id}?_data=${DATA}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookies[who]! },
    body: new URLSearchParams(body),
  });

beforeAll(async () => {
  const accounts = {
    ge: ["consultant.ge@demo.test", false],
    lyon: ["consultant.lyon@demo.test", false],
    client: ["client@demo.test", false],
    manager: ["manager@demo.test", false],
    candidate: ["candidate@demo.test", true],
    admin: ["admin@demo.test", false],
  } as const;
  for (const [who, [email, isCandidate]] of Object.entries(accounts))
    cookies[who] = await loginCookie(app.url, email, isCandidate);
  // a candidate who applied to Geneva and has nothing to do with Lyon
  const [row] = await app.db.sql<{ id: string; email: string }[]>`
    select u.id, u.email from rm_applications a join rm_users u on u.id = a.candidate_id
    join rm_users c on c.agency_id = a.agency_id and c.email = 'consultant.ge@demo.test'
    where a.withdrawn_at is null and not exists (
      select 1 from rm_applications b join rm_users l on l.agency_id = b.agency_id and l.email = 'consultant.lyon@demo.test'
      where b.candidate_id = a.candidate_id)
    order by a.created_at limit 1`;
  candidateId = row!.id;
  candidateEmail = row!.email;
}, 90_000);

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
  return socket;
};

describe("/cv-theque/{id}", () => {
  it("opens for the agency's staff; 404 or not-authorized for everyone else, foreign ids included", async () => {
    const page = await get(`/cv-theque/${candidateId}`, "ge");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(candidateEmail);
    expect((await get(`/cv-theque/${candidateId}?_data=${DATA}`, "ge")).status).toBe(200);

    expect((await get(`/cv-theque/${candidateId}`, "lyon")).status).toBe(404);
    expect((await get(`/cv-theque/${candidateId}?_data=${DATA}`, "lyon")).status).toBe(404);
    expect((await get(`/cv-theque/00000000-0000-4000-8000-00000000dead`, "ge")).status).toBe(404);
    for (const who of ["client", "manager", "candidate"]) {
      const res = await get(`/cv-theque/${candidateId}?_data=${DATA}`, who);
      // a `?_data` redirect is a 204 naming where it goes
      expect(res.headers.get("x-remix-redirect") ?? String(res.status), who).toMatch(/^\/not-authorized$|^404$/);
      expect(await res.text(), who).not.toContain(candidateEmail);
    }
    expect((await get(`/cv-theque/${candidateId}`)).headers.get("location")).toMatch(/^\/login/);

    const [doc] = await app.db.sql<
      { id: string }[]
    >`select id from rm_candidate_documents where user_id = ${candidateId} limit 1`;
    expect(doc).toBeDefined();
    expect((await get(`/cv-theque/${candidateId}/documents/${doc!.id}`, "ge")).status).toBe(200);
    expect((await get(`/cv-theque/${candidateId}/documents/${doc!.id}`, "lyon")).status).toBe(404);
  });

  it("tags, comments and archive: the agency's own, refused to others, bad input answered on its field", async () => {
    const ge = await socketAs("ge");
    const lyon = await socketAs("lyon");
    const heardByLyon: LivePayload[] = [];
    lyon.on("live", (e: LivePayload) => heardByLyon.push(e));
    const geHeard = new Promise<void>((resolve) =>
      ge.on(
        "live",
        (e: LivePayload) => e.type === "CandidateTagAdded" && e.streamId.endsWith(candidateId) && resolve(),
      ),
    );

    expect((await post("lyon", { intent: "addTag", tag: "Lyon-only", colour: "red" })).status).toBe(404);
    expect(
      (await post("client", { intent: "addTag", tag: "Client", colour: "red" })).headers.get("x-remix-redirect"),
    ).toBe("/not-authorized");
    expect((await post("ge", { intent: "addTag", tag: "Cariste", colour: "teal" })).status).toBe(200);
    await geHeard;

    const empty = await post("ge", { intent: "addTag", tag: "  ", colour: "teal" });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ intent: "addTag", result: { error: { tag: ["errors.tagRequired"] } } });
    const twice = await post("ge", { intent: "addTag", tag: "cariste", colour: "red" });
    expect(await twice.json()).toMatchObject({
      result: { error: { tag: ["errors.tagExists"] }, initialValue: { tag: "cariste" } },
    });
    const other = await post("ge", { intent: "archive", reason: "other", text: "" });
    expect(await other.json()).toMatchObject({ result: { error: { text: ["errors.textRequired"] } } });
    expect((await post("ge", { intent: "comment", body: "Disponible en janvier" })).status).toBe(200);

    const geFile = await (await get(`/cv-theque/${candidateId}?_data=${DATA}`, "ge")).json();
    expect(geFile.file.tags).toEqual([{ tag: "Cariste", colour: "teal" }]);
    expect(geFile.file.comments).toMatchObject([{ body: "Disponible en janvier" }]);

    // nothing of it for Lyon: no events on its sockets, no row in its list
    expect(
      heardByLyon.filter((e) => e.streamId.startsWith("candidate-file-") && e.streamId.endsWith(candidateId)),
    ).toEqual([]);
    const list = await (
      await get(`/old-cv-theque?email=${encodeURIComponent(candidateEmail)}&status=all`, "lyon")
    ).text();
    expect(list).toContain('data-testid="list-count"');
    expect(list).not.toContain(`/cv-theque/${candidateId}`);
  });
});

describe("/old-cv-theque", () => {
  it("is a server-rendered table: filters by GET, links to the file, archived ones behind their filter", async () => {
    const q = `email=${encodeURIComponent(candidateEmail)}`;
    const html = await (await get(`/old-cv-theque?${q}&status=all`, "ge")).text();
    expect(html).toContain(`href="/cv-theque/${candidateId}"`);
    expect((await post("ge", { intent: "archive", reason: "unreachable" })).status).toBe(200);
    expect(await (await get(`/old-cv-theque?${q}`, "ge")).text()).not.toContain(`href="/cv-theque/${candidateId}"`);
    expect(await (await get(`/old-cv-theque?${q}&status=archived`, "ge")).text()).toContain(
      `href="/cv-theque/${candidateId}"`,
    );
    expect((await post("ge", { intent: "restore" })).status).toBe(200);
    expect(await (await get(`/old-cv-theque?${q}`, "ge")).text()).toContain(`href="/cv-theque/${candidateId}"`);
  });
});

describe("the library's bulk actions and the file's new actions (ADR 0038)", () => {
  it("/cv-theque/export: the agency's CSV; refused to others; nothing ticked goes back to the library", async () => {
    const csv = await get(`/cv-theque/export?id=${candidateId}`, "ge");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="cv-theque-/);
    expect(await csv.text()).toContain(candidateEmail);
    // "select all on this page" without JavaScript: the page's ids
    expect(await (await get(`/cv-theque/export?all=1&pageId=${candidateId}`, "ge")).text()).toContain(candidateEmail);

    expect((await get(`/cv-theque/export?id=${candidateId}`, "lyon")).status).toBe(404);
    expect((await get(`/cv-theque/export?id=${candidateId}`, "admin")).status).toBe(403);
    for (const who of ["client", "manager", "candidate"])
      expect((await get(`/cv-theque/export?id=${candidateId}`, who)).headers.get("location"), who).toBe(
        "/not-authorized",
      );
    expect((await get(`/cv-theque/export?id=${candidateId}`)).headers.get("location")).toMatch(/^\/login/);
    expect((await get(`/cv-theque/export?id=not-an-id`, "ge")).status).toBe(400);
    expect((await get(`/cv-theque/export?q=cariste`, "ge")).headers.get("location")).toBe("/cv-theque?bulk=empty");
  });

  it("/cv-theque/proposer: lists what the agency may see, proposes with an outcome per candidate", async () => {
    const page = await (await get(`/cv-theque/proposer?id=${candidateId}`, "ge")).text();
    expect(page).toContain('data-testid="propose-form"');
    const lyonPage = await (await get(`/cv-theque/proposer?id=${candidateId}`, "lyon")).text();
    expect(lyonPage).toContain('data-testid="bulk-empty"');
    expect((await get(`/cv-theque/proposer?id=${candidateId}`, "admin")).status).toBe(404);

    const [lyonAd] = await app.db.sql<{ id: string }[]>`
      select a.id::text from rm_ads a join rm_users c on c.agency_id = a.agency_id and c.email = 'consultant.lyon@demo.test'
      where a.status = 'online' limit 1`;
    const DATA_P = encodeURIComponent("routes/_app+/cv-theque_.proposer");
    const sent = await fetch(`${app.url}/cv-theque/proposer?_data=${DATA_P}`, {
      method: "POST",
      headers: { cookie: cookies.lyon! },
      body: new URLSearchParams({
        id: candidateId,
        adId: lyonAd!.id,
        mode: "first",
        places: "1",
        expiresOn: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      }),
    });
    expect(await sent.json()).toMatchObject({ outcomes: [{ candidateId, outcome: "not_found", name: "" }] });
  });

  it("deactivate, propose and mail on the file: refused to another agency, bad input on its field", async () => {
    expect((await post("lyon", { intent: "deactivate", reason: "behaviour" })).status).toBe(404);
    expect((await post("lyon", { intent: "mail", templateId: candidateId })).status).toBe(404);
    const noReason = await post("ge", { intent: "deactivate" });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ result: { error: { reason: ["errors.reasonRequired"] } } });
    const noTemplate = await post("ge", { intent: "mail", templateId: "" });
    expect(await noTemplate.json()).toMatchObject({ result: { error: { templateId: ["errors.templateRequired"] } } });
    const foreignTemplate = await post("ge", { intent: "mail", templateId: "00000000-0000-4000-8000-00000000dead" });
    expect(foreignTemplate.status).toBe(404);
    expect(await foreignTemplate.json()).toMatchObject({ result: { error: { templateId: ["templates.not_found"] } } });

    expect((await post("ge", { intent: "deactivate", reason: "no_show" })).status).toBe(200);
    const file = await (await get(`/cv-theque/${candidateId}?_data=${DATA}`, "ge")).json();
    expect(file.file.deactivation).toMatchObject({ reason: "no_show" });
    expect((await post("ge", { intent: "reactivate", reason: "error" })).status).toBe(200);
  });
});
