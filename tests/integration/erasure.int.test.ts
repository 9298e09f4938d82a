import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  createStorage,
  DEMO_PASSWORD,
  INLINE_PROJECTIONS,
  integrationHarness,
  loadEnv,
  processorLag,
  rebuildProjections,
  startApp,
  type Actor,
} from "../support/harness";
import { databaseDump, filesDump, found, searchDump } from "../support/erasure-scan";
import { ensureBuild, loginCookie } from "../support/test-app";
import { waitFor } from "../support/wait";

/**
 * Erasure (issue 30, ADR 0048): Léa, the demo candidate with every kind of data, is erased; then
 * nothing of her name, address, phone, e-mail, AVS number or IBAN is left in the database, the
 * search indexes, the stored files or the application's log, nor after a rebuild from the log.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "missio-erasure-"));
const { db, domain, search } = integrationHarness({
  seed: true,
  ownSearch: { name: "erasure" },
  domain: { storage: createStorage(dataDir) },
  timeout: 240_000,
});
const logLines: string[] = [];
let app: Awaited<ReturnType<typeof startApp>>;
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

// what the demo data says of Léa (db/seed/demo-profiles.ts), as entered and as modules normalise it
const NEEDLES = [
  "Müller",
  "candidate@demo.test",
  "+41 79 123 45 67",
  "41791234567",
  "756.9217.0769.85",
  "7569217076985",
  "CH93 0076 2011 6238 5295 7",
  "CH9300762011623852957",
  "Rue de Carouge 12",
] as const;

async function actorOf(email: string): Promise<Actor> {
  const u = await domain.identity.credentialsByEmail(email);
  return { id: u!.id, role: u!.role, agencyId: u!.agencyId ?? null, clientId: u!.clientId ?? null } as Actor;
}

async function cvPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const lines = [
    "Léa Müller",
    "candidate@demo.test · +41 79 123 45 67",
    "Rue de Carouge 12, 1205 Genève",
    "AVS 756.9217.0769.85 · IBAN CH93 0076 2011 6238 5295 7",
    "Expérience professionnelle",
    "2019 - 2024 Cariste, Entrepôt du Lac, Genève",
  ];
  lines.forEach((text, i) => page.drawText(text, { x: 50, y: 790 - i * 20, size: 11, font }));
  return pdf.save();
}

const caughtUp = async () => (await processorLag(db.sql)).every((p) => p.behind === 0);
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? `${e.kind}:${e.key}` : Promise.reject(e)),
  );

let lea: Actor;
let hugo: Actor;
let ge: Actor;
let admin: Actor;
let timesheetId: string;

beforeAll(async () => {
  ensureBuild();
  lea = await actorOf("candidate@demo.test");
  hugo = await actorOf("candidate.fr@demo.test");
  ge = await actorOf("consultant.ge@demo.test");
  admin = await actorOf("admin@demo.test");
  // on top of the demo data: a parsed CV, the agency's comment, tag, archive, folder and activity, a saved search, an export
  const cv = await domain.candidates.addCv(lea, { name: "CV Léa Müller.pdf", bytes: await cvPdf() });
  expect(await domain.candidates.parseCv(cv.fileId)).toBe("parsed");
  await domain.candidateFile.addComment(ge, lea.id, "Léa Müller rappelle au +41 79 123 45 67");
  await domain.candidateFile.addTag(ge, lea.id, { tag: "Cariste Müller", colour: "red" });
  const folderId = await domain.folders.createFolder(ge, { name: "Caristes", description: "", visibility: "private" });
  await domain.folders.addToFolder(ge, folderId, [lea.id]);
  await domain.activities.logActivity(ge, { type: "call", subject: "Appel Léa Müller", candidateId: lea.id });
  await domain.engagement.saveSearch(lea, { name: "Cariste Genève", query: "?q=cariste" });
  // a question she sent signed out, by her address (sealed with the request's own key)
  await domain.support.openRequest(
    null,
    {
      kind: "question",
      topic: "account",
      name: "Léa Müller",
      email: "candidate@demo.test",
      message: "Rue de Carouge 12",
    },
    { locale: "fr" },
  );
  await domain.privacy.buildDataExport(await domain.privacy.requestDataExport(lea));
  const [timesheet] = await db.sql<{ id: string }[]>`
    select id from rm_timesheets where candidate_id = ${lea.id} order by week limit 1`;
  timesheetId = timesheet!.id;

  const { host, apiKey } = search.client.config;
  const logger = pino({ level: "debug" }, { write: (line: string) => void logLines.push(line) });
  app = await startApp({
    env: loadEnv({ NODE_ENV: "production", ROLE: "web", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir }),
    logger,
    infra: {
      databaseUrl: db.url,
      meiliUrl: host,
      meiliKey: apiKey ?? "",
      sessionSecret: "erasure-secret-0123456789abcdef0123",
      secureCookies: false,
    },
  });
  // the app's processors have indexed her and sent the notices of the demo data
  await waitFor(
    async () =>
      (await caughtUp()) &&
      (await search.client
        .index("candidates")
        .getDocument(lea.id)
        .catch(() => null)),
    { timeout: 120_000, message: "the app indexed the demo data" },
  );
  expect(found(await searchDump(search.client), NEEDLES).length).toBeGreaterThan(0);
  expect(found(await databaseDump(db.sql), NEEDLES).length).toBeGreaterThan(0);
}, 240_000);

describe("erasure", () => {
  it("a request waits for its grace period, only its owner cancels it, only an admin carries it out at once", async () => {
    expect(await refusal(domain.erasure.requestErasure(lea, "wrong-password"))).toBe("invalid:incorrect_password");
    expect(await refusal(domain.erasure.requestErasure(ge, DEMO_PASSWORD))).toBe("forbidden:not_authorized");
    await domain.erasure.requestErasure(hugo, DEMO_PASSWORD);
    const mine = await domain.erasure.myErasureRequest(hugo);
    expect(Date.parse(mine!.dueAt) - Date.parse(mine!.requestedAt)).toBe(7 * 24 * 60 * 60 * 1000);
    // nobody else sees or cancels it; the admin list shows it
    expect(await domain.erasure.myErasureRequest(lea)).toBeNull();
    expect(await refusal(domain.erasure.cancelErasure(lea))).toBe("not_found:failed_operation");
    expect(await refusal(domain.erasure.pendingErasures(ge))).toBe("forbidden:not_authorized");
    expect(await refusal(domain.erasure.carryOutErasure(ge, hugo.id))).toBe("forbidden:not_authorized");
    expect((await domain.erasure.pendingErasures(admin)).map((r) => r.userId)).toEqual([hugo.id]);
    // not due yet: the daily job leaves it; the owner cancels it
    expect(await domain.erasure.carryOutDueErasures()).toBe(0);
    await domain.erasure.cancelErasure(hugo);
    expect(await domain.erasure.myErasureRequest(hugo)).toBeNull();
    expect(await domain.erasure.pendingErasures(admin)).toEqual([]);
    // a cancelled request is not carried out by an admin either
    expect(await refusal(domain.erasure.carryOutErasure(admin, hugo.id))).toBe("not_found:failed_operation");
    expect(await domain.identity.credentialsByEmail("candidate.fr@demo.test")).not.toBeNull();
  });

  it("only platform admins open the requests page and carry one out; the banner's cancel acts on the signed-in person only", async () => {
    const cookie = async (email: string, candidate = false) => loginCookie(app.url, email, candidate);
    const get = (p: string, c: string) => fetch(`${app.url}${p}`, { headers: { cookie: c }, redirect: "manual" });
    const post = (p: string, c: string, body: Record<string, string>) =>
      fetch(`${app.url}${p}`, {
        method: "POST",
        headers: { cookie: c, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body),
        redirect: "manual",
      });
    await domain.erasure.requestErasure(hugo, DEMO_PASSWORD);
    for (const [email, candidate] of [
      ["consultant.ge@demo.test", false],
      ["candidate.fr@demo.test", true],
    ] as const) {
      const c = await cookie(email, candidate);
      expect((await get("/demandes-effacement", c)).headers.get("location")).toBe("/not-authorized");
      expect((await post("/demandes-effacement", c, { userId: hugo.id })).headers.get("location")).toBe(
        "/not-authorized",
      );
    }
    const adminCookie = await cookie("admin@demo.test");
    const list = await get("/demandes-effacement", adminCookie);
    expect(list.status).toBe(200);
    expect(await list.text()).toContain("candidate.fr@demo.test");
    // a staff member's "cancel" has no request of theirs to cancel: Hugo's stays
    const staff = await cookie("consultant.ge@demo.test");
    expect((await post("/parametres", staff, { intent: "cancel-erase" })).status).toBe(404);
    expect(await domain.erasure.myErasureRequest(hugo)).not.toBeNull();
    // Hugo's own cancel works
    const own = await post("/parametres", await cookie("candidate.fr@demo.test", true), { intent: "cancel-erase" });
    expect(own.status).toBe(200);
    expect(await domain.erasure.myErasureRequest(hugo)).toBeNull();
  });

  it("asked from /support with the password, or from the security page, lands once in the support inbox, typed", async () => {
    const cookie = await loginCookie(app.url, "candidate.fr@demo.test", true);
    const ask = (fields: Record<string, string>) => {
      const form = new FormData();
      const all = { topic: "privacy", kind: "deletion", name: "Hugo", email: "candidate.fr@demo.test", ...fields };
      for (const [k, v] of Object.entries(all)) form.set(k, v);
      return fetch(`${app.url}/support?lng=en`, {
        method: "POST",
        headers: { cookie, origin: app.url },
        body: form,
        redirect: "manual",
      });
    };
    // the requests of the tests above are in the inbox already
    const earlier = new Set((await domain.support.myRequests(hugo)).map((r) => r.id));
    const deletions = async () =>
      (await domain.support.myRequests(hugo)).filter((r) => r.kind === "deletion" && !earlier.has(r.id));
    // no password, then a wrong one: an error on the field, the message kept, the password not sent back, nothing asked
    const missing = await ask({ message: "Please delete everything" });
    expect(missing.status).toBe(400);
    const page = await missing.text();
    expect(page).toContain("Confirm with your password.");
    expect(page).toContain("Please delete everything");
    const wrong = await ask({ message: "Please delete everything", password: "not-my-password-123" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).not.toContain("not-my-password-123");
    expect(await domain.erasure.myErasureRequest(hugo)).toBeNull();
    expect(await deletions()).toEqual([]);
    // the right one: the erasure is asked (grace period) and the admins' inbox has it, typed, with the message
    const asked = await ask({ message: "Please delete everything", password: DEMO_PASSWORD });
    expect(asked.headers.get("location")).toBe("/parametres");
    expect(await domain.erasure.myErasureRequest(hugo)).not.toBeNull();
    const request = await waitFor(async () =>
      (await domain.support.supportInbox(admin, { kind: "deletion", status: null })).find((r) => !earlier.has(r.id)),
    );
    expect(request).toMatchObject({ kind: "deletion", status: "new", email: "candidate.fr@demo.test" });
    expect((await domain.support.supportRequest(admin, request.id)).messages[0]?.body).toBe("Please delete everything");
    // asked again from the security page while pending: the first request stands, no second one in the inbox
    await domain.erasure.requestErasure(hugo, DEMO_PASSWORD);
    expect(await deletions()).toHaveLength(1);
    await domain.erasure.cancelErasure(hugo);
    // asked from the security page alone: in the inbox too
    await domain.erasure.requestErasure(hugo, DEMO_PASSWORD);
    await waitFor(async () => (await deletions()).length === 2, {
      message: "the security page's request in the inbox",
    });
    await domain.erasure.cancelErasure(hugo);
  });

  it("carried out, leaves nothing of the person in the database, the indexes, the files or the log, even after a rebuild", async () => {
    const consultant = await loginCookie(app.url, "consultant.ge@demo.test", false);
    await loginCookie(app.url, "candidate@demo.test", true);
    await domain.erasure.requestErasure(lea, DEMO_PASSWORD);
    await domain.erasure.carryOutErasure(admin, lea.id);
    expect(await domain.erasure.erasedPseudonym(lea.id)).toBe(1);

    await waitFor(
      async () =>
        (await caughtUp()) &&
        (await search.client
          .index("candidates")
          .getDocument(lea.id)
          .then(
            () => false,
            () => true,
          )),
      { timeout: 60_000, message: "the indexers caught up with the erasure" },
    );
    const scan = async () => ({
      database: found(await databaseDump(db.sql), NEEDLES),
      search: found(await searchDump(search.client), NEEDLES),
      files: found(filesDump(path.join(dataDir, "files")), NEEDLES),
      log: found(logLines.join("\n"), NEEDLES),
    });
    expect(await scan()).toEqual({ database: [], search: [], files: [], log: [] });

    // agencies: the file is gone (404), the timesheet stays for payroll, pseudonymous, never a 500
    const page = (p: string) => fetch(`${app.url}${p}`, { headers: { cookie: consultant }, redirect: "manual" });
    expect((await page(`/cv-theque/${lea.id}`)).status).toBe(404);
    const timesheet = await page(`/releves-heures/${timesheetId}`);
    expect(timesheet.status).toBe(200);
    const sheetHtml = await timesheet.text();
    expect(sheetHtml).toContain("erased-candidate");
    expect(found(sheetHtml, NEEDLES)).toEqual([]);

    // the log replayed into fresh read models brings nothing back
    await rebuildProjections(domain.store, INLINE_PROJECTIONS);
    expect(await scan()).toEqual({ database: [], search: [], files: [], log: [] });
    expect(await domain.identity.credentialsByEmail("candidate@demo.test")).toBeNull();
    expect((await page(`/releves-heures/${timesheetId}`)).status).toBe(200);
    // nor the rows that name her by id only (an agency's folder, comment, activity): only the records kept for payroll and counts
    const [{ kept } = { kept: [] }] = await db.sql<{ kept: string[] }[]>`
      select coalesce(array_agg(distinct c.table_name::text order by c.table_name::text), '{}') as kept
      from information_schema.columns c
      where c.table_schema = 'public' and c.column_name in ('user_id', 'candidate_id')
        and exists (select 1 from pg_class where relname = c.table_name)
        and (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I where %I::text = %L', c.table_name, c.column_name, ${lea.id}::text), false, true, '')))[1]::text::int > 0`;
    expect(kept).toEqual([
      "rm_applications",
      "rm_assignments",
      "rm_erasure_requests",
      "rm_placements",
      "rm_proposal_candidates",
      "rm_timesheets",
    ]);
    // she cannot sign in any more (last: the failed attempt's throttle counter is keyed by the address typed)
    await expect(loginCookie(app.url, "candidate@demo.test", true)).rejects.toThrow();
  });
});
