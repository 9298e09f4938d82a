import { beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  createLogger,
  createSearchClient,
  integrationHarness,
  notifierProcessor,
  ProcessorRunner,
  renderMail,
  roomsFor,
  type Actor,
} from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { freePort } from "../support/own-meilisearch";
import { candidatesIndexer } from "../../server/modules/library/indexer";
import { librarySearch } from "../../server/modules/library";
import { libraryAlertNotices } from "../../server/modules/library-searches/alerts";
import { MAX_LIBRARY_SEARCHES } from "../../server/modules/library-searches/contract";
import { bestLocality } from "../../server/modules/reference";

/**
 * Saved CV library searches and their daily alerts (issue 28) against the real Postgres, event
 * store and a Meilisearch of this file's own (the `candidates` index is per test database).
 */
const PUBLIC_URL = "https://missio.example";
const { db, domain, clock, search } = integrationHarness({
  clock: true,
  domain: { publicUrl: PUBLIC_URL },
  ownSearch: { name: "library-searches" },
  timeout: 120_000,
});
const quiet = createLogger("silent");
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

let ge: Awaited<ReturnType<typeof agencyWithPeople>>;
let other: Awaited<ReturnType<typeof agencyWithPeople>>;
let colleague: Actor;
let indexer: ProcessorRunner;
/** the index follows every event appended so far (the app runs the same processor continuously) */
const follow = async () => {
  while (await indexer.runOnce());
};
const library = () => librarySearch(search.client, { sql: db.sql, logger: quiet, now: () => new Date() });

const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? `${e.field ?? ""}:${e.key}` : Promise.reject(e)),
  );

let seq = 0;
/** A Swiss candidate visible to every Swiss agency, a forklift driver ("cariste") in Carouge. */
async function cariste(firstName: string): Promise<Actor> {
  seq++;
  const id = await domain.identity.registerUser({
    email: `ls${seq}.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName,
    lastName: "Test",
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  const me: Actor = { id, role: "CANDIDATE", agencyId: null, clientId: null };
  const l = bestLocality("Carouge", "CH")!;
  const c = domain.candidates;
  await c.saveProfile(me, {
    type: "SaveIdentity",
    expectedVersion: 0,
    country: "CH",
    values: { firstName, phone: "079 555 12 34", workPermit: "CH_CITIZEN" },
  });
  await c.saveProfile(me, {
    type: "SaveAddress",
    expectedVersion: 0,
    values: {
      street: "Rue 1",
      country: "CH",
      localityId: l.id,
      postalCode: l.postalCode,
      city: l.name,
      regionCode: l.regionCode,
      region: l.region,
    },
  });
  await c.saveProfile(me, {
    type: "SaveCriteria",
    profileId: "main",
    expectedVersion: 0,
    values: { desiredJobs: ["forklift_driver"], availability: "immediate" },
  });
  await c.saveProfile(me, { type: "SaveSkills", expectedVersion: 0, values: { skills: ["Cariste"] } });
  await c.saveProfile(me, { type: "SaveLibraryVisibility", expectedVersion: 0, values: { visibility: "country" } });
  return me;
}

const mailsTo = async ({ id }: Actor) =>
  db.sql<{ template: string; locale: string; params: Record<string, string> }[]>`
    select template, locale, params from mail_outbox where recipient = (select email from rm_users where id = ${id})
    and template = 'libraryAlert' order by created_at`;

/** A run of the alerts job, then the notifier (a processor in the app) raising what it sent. */
let notifying: Promise<unknown> = Promise.resolve();
async function sendAlerts(service = library()) {
  const run = await domain.librarySearches.sendLibraryAlerts(service);
  const notifier = new ProcessorRunner(
    domain.store,
    notifierProcessor({
      store: domain.store,
      sources: [libraryAlertNotices],
      recipients: domain.identity,
      logger: quiet,
      publicUrl: PUBLIC_URL,
    }),
    quiet,
  );
  notifying = notifying.then(async () => {
    while (await notifier.runOnce());
  });
  await notifying;
  return run;
}
const nextDay = () => clock.set(clock.now().getTime() + 86_400_000);

beforeAll(async () => {
  ge = await agencyWithPeople(domain, "CH");
  other = await agencyWithPeople(domain, "CH");
  const id = await domain.identity.registerUser({
    email: `colleague.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName: "Colette",
    lastName: "Collègue",
    locale: "de",
    role: "COLLABORATOR",
    country: null,
    agencyId: ge.agencyId,
    clientId: null,
    verified: true,
  });
  colleague = { id, role: "COLLABORATOR", agencyId: ge.agencyId, clientId: null };
  indexer = new ProcessorRunner(domain.store, candidatesIndexer(search.client), quiet, 500);
  await cariste("Alice");
  await follow();
}, 120_000);

describe("saved library searches", () => {
  it("saves the search's own query string, lists, renames, switches alerts and deletes, for its owner only", async () => {
    const ls = domain.librarySearches;
    const id = await ls.saveLibrarySearch(ge.consultant, {
      name: "Caristes Genève",
      query: "?q=cariste&page=3&place=Carouge&radius=20&sort=activity&junk=1",
    });
    expect(await ls.librarySearches(ge.consultant)).toMatchObject([
      { id, name: "Caristes Genève", query: "q=cariste&place=Carouge&radius=20&sort=activity", alerts: true },
    ]);
    await ls.renameLibrarySearch(ge.consultant, id, "Caristes Carouge");
    await ls.switchLibrarySearchAlerts(ge.consultant, id, false);
    expect(await ls.librarySearches(ge.consultant)).toMatchObject([{ name: "Caristes Carouge", alerts: false }]);

    // a colleague, another agency, a client user, a candidate: nothing to see, nothing to change
    expect(await ls.librarySearches(colleague)).toEqual([]);
    expect(await ls.librarySearches(other.consultant)).toEqual([]);
    expect(await ls.librarySearches(ge.client)).toEqual([]);
    for (const who of [colleague, other.consultant]) {
      expect(await keyOf(ls.renameLibrarySearch(who, id, "Mine"))).toBe(":failed_operation");
      expect(await keyOf(ls.switchLibrarySearchAlerts(who, id, true))).toBe(":failed_operation");
      expect(await keyOf(ls.deleteLibrarySearch(who, id))).toBe(":failed_operation");
    }
    const alice = (await db.sql<{ id: string }[]>`select id from rm_users where first_name = 'Alice'`)[0]!;
    const candidate: Actor = { id: alice.id, role: "CANDIDATE", agencyId: null, clientId: null };
    for (const who of [ge.client, ge.manager, candidate]) {
      expect(await keyOf(ls.saveLibrarySearch(who, { name: "X", query: "q=x" }))).toBe(":not_authorized");
      expect(await keyOf(ls.deleteLibrarySearch(who, id))).toBe(":not_authorized");
    }
    expect(await keyOf(ls.deleteLibrarySearch(ge.consultant, crypto.randomUUID()))).toBe(":failed_operation");

    await ls.deleteLibrarySearch(ge.consultant, id);
    expect(await ls.librarySearches(ge.consultant)).toEqual([]);

    // the consultant's room only (never the agency's), and their words sealed in the log
    const events = await domain.store.readStream(`library-searches-${ge.consultant.id}`);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(roomsFor(e)).toEqual([`user:${ge.consultant.id}`]);
    const [raw] = await db.sql<{ data: Record<string, unknown> }[]>`
      select data from events where stream_id = ${`library-searches-${ge.consultant.id}`} order by stream_version limit 1`;
    expect(JSON.stringify(raw!.data)).not.toMatch(/Caristes|cariste/);
  });

  it("refuses a missing or taken name, a query that does not read, and one search past the limit", async () => {
    const ls = domain.librarySearches;
    const me = other.consultant;
    expect(await keyOf(ls.saveLibrarySearch(me, { name: "  ", query: "" }))).toBe("name:validation.required");
    expect(await keyOf(ls.saveLibrarySearch(me, { name: "Broken", query: 'q=cariste AND "chariot' }))).toBe(
      "query:query.unclosed_quote",
    );
    for (let i = 0; i < MAX_LIBRARY_SEARCHES; i++) await ls.saveLibrarySearch(me, { name: `S${i}`, query: "q=x" });
    expect(await keyOf(ls.saveLibrarySearch(me, { name: "s0", query: "" }))).toBe("name:saved_search_name_taken");
    expect(await keyOf(ls.saveLibrarySearch(me, { name: "One more", query: "" }))).toBe("name:saved_search_limit");
    // a colleague's own limit is theirs
    for (const s of await ls.librarySearches(me)) await ls.deleteLibrarySearch(me, s.id);
  });
});

describe("daily library alerts", () => {
  it("tells each consultant once a day of the candidates new to their search, never one hidden since", async () => {
    const ls = domain.librarySearches;
    const mine = await ls.saveLibrarySearch(ge.consultant, { name: "Caristes", query: "q=cariste" });
    const off = await ls.saveLibrarySearch(other.consultant, { name: "Caristes aussi", query: "q=cariste" });
    await ls.switchLibrarySearchAlerts(other.consultant, off, false);
    await ls.saveLibrarySearch(colleague, { name: "Caristes", query: "q=cariste" });

    // the first run records what the searches match (Alice): nothing is news yet
    expect(await sendAlerts()).toEqual({ sent: 0, unavailable: false });
    expect(await mailsTo(ge.consultant)).toEqual([]);

    const bob = await cariste("Bob");
    await follow();
    // the colleague left the agency's staff meanwhile: no alert for them
    await domain.identity.setMemberEnabled(ge.consultant, colleague.id, false, "left the agency");
    expect(await sendAlerts()).toEqual({ sent: 1, unavailable: false });
    const [mail] = await mailsTo(ge.consultant);
    expect(mail!.params).toMatchObject({ search: "Caristes", count: "1", link: `${PUBLIC_URL}/cv-theque?q=cariste` });
    expect(mail!.params.candidates).toContain(`Bob Test – Carouge – Cariste: ${PUBLIC_URL}/cv-theque/${bob.id}`);
    expect(mail!.params.candidates).toContain(`${PUBLIC_URL}/cv-theque/${bob.id}`);
    // names, place and desired jobs only: never a phone or an e-mail
    expect(mail!.params.candidates).not.toMatch(/079|@/);
    expect(mail!.params.candidates).not.toContain("Alice");
    expect((await renderMail("libraryAlert", mail!.locale, mail!.params)).text).toContain("1 nouveau candidat");
    const notes = await domain.notifications.listNotifications(ge.consultant);
    expect(notes).toMatchObject([
      { kind: "library_alert", params: { search: "Caristes", count: 1 }, link: "/cv-theque?q=cariste" },
    ]);
    expect(await mailsTo(colleague)).toEqual([]);
    expect(await mailsTo(other.consultant)).toEqual([]);

    // a second run the same day, even with someone new: the day's digest is sent
    await cariste("Carl");
    await follow();
    expect(await sendAlerts()).toEqual({ sent: 0, unavailable: false });
    expect(await mailsTo(ge.consultant)).toHaveLength(1);

    // the next day: Carl, not Bob again. After the index saw them, Dora hid her profile, and Fay,
    // who applied to the other agency, went back to "only the agencies I dealt with"
    nextDay();
    const dora = await cariste("Dora");
    const fay = await cariste("Fay");
    const adId = await domain.missions.createAd(other.consultant, {
      fields: sampleAdFields({ questions: [] }),
      publish: true,
    });
    await domain.applications.apply(fay, {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "upload", name: "cv-fay.pdf", bytes: PDF },
    });
    await follow();
    for (const [who, visibility] of [
      [dora, "hidden"],
      [fay, "relations"],
    ] as const)
      await domain.candidates.saveProfile(who, {
        type: "SaveLibraryVisibility",
        expectedVersion: 1,
        values: { visibility },
      });
    expect(await sendAlerts()).toEqual({ sent: 1, unavailable: false });
    const second = (await mailsTo(ge.consultant))[1]!.params.candidates!;
    expect(second).toContain("Carl");
    expect(second).not.toMatch(/Bob|Dora|Fay/);
    expect(mine).toBeTruthy();
  });

  it("stops without recording anything while Meilisearch is down, and sends on the next run", async () => {
    nextDay();
    const eve = await cariste("Eve");
    await follow();
    const down = librarySearch(createSearchClient(`http://127.0.0.1:${await freePort()}`, "nope"), {
      sql: db.sql,
      logger: quiet,
      now: () => new Date(),
    });
    const before = await db.sql`select count(*)::int as n from events where type = 'LibraryAlertSent'`;
    const sentBefore = (await mailsTo(ge.consultant)).length;
    expect(await sendAlerts(down)).toEqual({ sent: 0, unavailable: true });
    expect(await db.sql`select count(*)::int as n from events where type = 'LibraryAlertSent'`).toEqual(before);
    expect(await mailsTo(ge.consultant)).toHaveLength(sentBefore);

    expect(await sendAlerts()).toEqual({ sent: 1, unavailable: false });
    const mails = await mailsTo(ge.consultant);
    expect(mails).toHaveLength(sentBefore + 1);
    expect(mails.at(-1)!.params.candidates).toContain(`/cv-theque/${eve.id}`);
  });
});
