import { beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  INLINE_PROJECTIONS,
  MAX_SAVED_SEARCHES,
  adSearch,
  createSearchClient,
  emptyAdSearch,
  rebuildProjections,
  renderMail,
  roomsFor,
  engagementNotices,
  integrationHarness,
  type Actor,
  notifierProcessor,
  ProcessorRunner,
  createLogger,
} from "../support/harness";
import { candidateAdFits } from "../../server/modules/matching/contract";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { freePort } from "../support/own-meilisearch";
import { waitFor } from "../support/wait";

/**
 * Favourites, hidden ads, saved searches and job alerts against the real Postgres and a
 * Meilisearch of this file's own (ad numbers repeat across test databases, and the shared
 * instance has one `ads` index).
 */
const PUBLIC_URL = "https://missio.example";
/** the job's "today" is the clock's; tests move it a day on */
const {
  db,
  domain,
  clock,
  search: own,
} = integrationHarness({ clock: true, domain: { publicUrl: PUBLIC_URL }, ownSearch: { name: "engagement" } });
let agency: Awaited<ReturnType<typeof agencyWithPeople>>;
let search: ReturnType<typeof adSearch>;
/** the composition root's, on this file's domain (read when called: the harness makes it in beforeAll) */
const adFits: ReturnType<typeof candidateAdFits> = (actor, today) =>
  candidateAdFits({
    myProfile: domain.candidates.myProfile,
    myDocuments: domain.candidates.myDocuments,
    localityById: domain.reference.localityById,
  })(actor, today);

const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? `${e.field ?? ""}:${e.key}` : Promise.reject(e)),
  );

let seq = 0;
/** A new candidate, as the actor of their own commands. */
async function candidate(locale = "fr"): Promise<Actor> {
  seq++;
  const id = await domain.identity.registerUser({
    email: `cand${seq}.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName: `Léa${seq}`,
    lastName: "Martin",
    locale,
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  return { id, role: "CANDIDATE", agencyId: null, clientId: null };
}

const publish = (overrides: Parameters<typeof sampleAdFields>[0] = {}) =>
  domain.missions.createAd(agency.consultant, { fields: sampleAdFields(overrides), publish: true });

/** Waits until the indexer has put these ads online (it runs after the commit). */
const indexed = (...ids: number[]) =>
  waitFor(
    async () => {
      const found = (await search.search({ ...emptyAdSearch() }, { hitsPerPage: 1000, facets: false })).hits.map(
        (h) => h.id,
      );
      return ids.every((id) => found.includes(id));
    },
    { timeout: 15_000, message: `ads ${ids} indexed` },
  );

const mailsTo = async ({ id: userId }: Actor) =>
  db.sql<{ template: string; locale: string; params: Record<string, string> }[]>`
    select template, locale, params from mail_outbox where recipient = (select email from rm_users where id = ${userId}) order by created_at`;
const notificationsOf = (actor: Actor) => domain.notifications.listNotifications(actor);
const quiet = createLogger("silent");
/**
 * A run of the alerts job, then the notifier (a processor in the app, where its lock lets one
 * batch run at a time; here one drain at a time) raising what it sent.
 */
let notifying: Promise<unknown> = Promise.resolve();
async function sendAlerts(service: Parameters<typeof domain.engagement.sendSearchAlerts>[0]) {
  const run = await domain.engagement.sendSearchAlerts(service, adFits);
  const notifier = new ProcessorRunner(
    domain.store,
    notifierProcessor({
      store: domain.store,
      sources: [engagementNotices],
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

beforeAll(async () => {
  search = adSearch(own.client, { sql: db.sql });
  agency = await agencyWithPeople(domain, "CH");
});

describe("favourites and hidden ads", () => {
  it("keeps favourites of online ads, idempotently, and lists the ones gone offline after the online ones", async () => {
    const me = await candidate();
    const first = await publish({ title: "Maçon" });
    const second = await publish({ title: "Peintre" });
    await domain.engagement.favouriteAd(me, first);
    await domain.engagement.favouriteAd(me, first);
    await domain.engagement.favouriteAd(me, second);
    expect((await domain.engagement.favouriteIds(me)).sort()).toEqual([first, second].sort());

    await domain.missions.disableAd(agency.consultant, first);
    const list = await domain.engagement.favourites(me);
    expect(list.map((f) => [f.id, f.online, f.status])).toEqual([
      [second, true, "online"],
      [first, false, "disabled"],
    ]);
    expect(list[0]).toMatchObject({
      title: "Peintre",
      agencyName: expect.stringMatching(/^Agence /),
      placeName: "Genève",
    });

    // an offline ad cannot become a favourite, but an old favourite can still be removed
    const other = await candidate();
    expect(await keyOf(domain.engagement.favouriteAd(other, first))).toBe(":announcement_not_found");
    await domain.engagement.unfavouriteAd(me, first);
    expect(await domain.engagement.favouriteIds(me)).toEqual([second]);
    expect(await domain.engagement.favouriteIds(other)).toEqual([]);
  });

  it("refuses agency users and unknown ads; hiding a favourite takes it out of the favourites", async () => {
    const me = await candidate();
    const ad = await publish();
    expect(await keyOf(domain.engagement.favouriteAd(agency.consultant, ad))).toBe(":not_authorized");
    expect(await keyOf(domain.engagement.saveSearch(agency.manager, { name: "X", query: "" }))).toBe(":not_authorized");
    expect(await keyOf(domain.engagement.favouriteAd(me, 99_999_999))).toBe(":announcement_not_found");
    await domain.engagement.favouriteAd(me, ad);
    await domain.engagement.hideAd(me, ad);
    expect(await domain.engagement.favouriteIds(me)).toEqual([]);
    expect(await domain.engagement.hiddenIds(me)).toEqual([ad]);
    await domain.engagement.unhideAd(me, ad);
    expect(await domain.engagement.hiddenIds(me)).toEqual([]);
  });
});

describe("saved searches", () => {
  it("saves the search in its canonical form, renames it, switches alerts and deletes it", async () => {
    const me = await candidate();
    const id = await domain.engagement.saveSearch(me, {
      name: "  Électricien  Genève ",
      query: "?profession=electrician&page=3&junk=1&country=CH&sort=date",
    });
    const [saved] = await domain.engagement.savedSearches(me);
    expect(saved).toMatchObject({
      id,
      name: "Électricien Genève",
      query: "profession=electrician&country=CH",
      alerts: true,
      lastAlertDay: null,
    });

    await domain.engagement.renameSearch(me, id, "Électricien");
    await domain.engagement.switchSearchAlerts(me, id, false);
    expect((await domain.engagement.savedSearches(me))[0]).toMatchObject({ name: "Électricien", alerts: false });

    // another person's search is unknown to me
    const other = await candidate();
    expect(await keyOf(domain.engagement.deleteSearch(other, id))).toBe(":failed_operation");
    expect(await keyOf(domain.engagement.renameSearch(other, id, "Mine"))).toBe(":failed_operation");
    await domain.engagement.deleteSearch(me, id);
    expect(await domain.engagement.savedSearches(me)).toEqual([]);
    expect(await keyOf(domain.engagement.deleteSearch(me, id))).toBe(":failed_operation");
  });

  it("refuses a missing, too long or repeated name on the name field, and a 21st search", async () => {
    const me = await candidate();
    expect(await keyOf(domain.engagement.saveSearch(me, { name: " ", query: "" }))).toBe("name:validation.required");
    expect(await keyOf(domain.engagement.saveSearch(me, { name: "n".repeat(81), query: "" }))).toBe(
      "name:validation.too_long",
    );
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++)
      await domain.engagement.saveSearch(me, { name: `Recherche ${i}`, query: `q=metier${i}` });
    expect(await keyOf(domain.engagement.saveSearch(me, { name: "recherche 3", query: "" }))).toBe(
      "name:saved_search_name_taken",
    );
    expect(await keyOf(domain.engagement.saveSearch(me, { name: "Encore une", query: "" }))).toBe(
      "name:saved_search_limit",
    );
    expect(await domain.engagement.savedSearches(me)).toHaveLength(MAX_SAVED_SEARCHES);
    // someone else's names and limit are their own
    const other = await candidate();
    await domain.engagement.saveSearch(other, { name: "Recherche 3", query: "" });
    expect(await domain.engagement.savedSearches(other)).toHaveLength(1);
  });
});

describe("job alerts", () => {
  it("sends one digest a day per search, in the person's language, with a notification, only for new ads", async () => {
    clock.set(Date.now());
    const me = await candidate("de");
    const searchId = await domain.engagement.saveSearch(me, {
      name: "Dachdecker",
      query: "profession=roofer&country=CH",
    });
    await sendAlerts(search);
    expect(await mailsTo(me)).toHaveLength(0);

    const wanted = await publish({ title: "Dachdecker Genf", professionId: "roofer" });
    const hidden = await publish({ title: "Dachdecker versteckt", professionId: "roofer" });
    const unrelated = await publish({ title: "Koch", sectorId: "hospitality", professionId: "cook" });
    await domain.engagement.hideAd(me, hidden);
    await indexed(wanted, hidden, unrelated);
    const counts = await domain.engagement.newMatchCounts(me, search, await domain.engagement.savedSearches(me));
    expect(counts).toEqual({ [searchId]: 1 });

    // two runs at once (a retried job next to the cron's) still send one digest
    await Promise.all([sendAlerts(search), sendAlerts(search)]);
    const mails = await mailsTo(me);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "searchAlert", locale: "de" });
    expect(mails[0]!.params.ads).toContain(`${PUBLIC_URL}/annonce/${wanted}/S01`);
    expect(mails[0]!.params.ads).not.toContain(`/annonce/${hidden}/`);
    expect(mails[0]!.params.ads).not.toContain(`/annonce/${unrelated}/`);
    expect(mails[0]!.params.link).toBe(`${PUBLIC_URL}/rechercher-un-emploi?profession=roofer&country=CH`);
    const rendered = await renderMail("searchAlert", "de", mails[0]!.params);
    expect(rendered.subject).toBe("Neue Stellen für Ihre Suche „Dachdecker“");
    expect(rendered.html).toContain(`<a href="${PUBLIC_URL}/annonce/${wanted}/S01">`);
    const notes = await notificationsOf(me);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: "search_alert",
      params: { search: "Dachdecker", count: 1 },
      link: "/rechercher-un-emploi?profession=roofer&country=CH",
      readAt: null,
    });
    expect(await domain.notifications.unreadNotifications(me)).toBe(1);
    expect((await domain.engagement.savedSearches(me))[0]!.lastAlertDay).toBe(
      new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Zurich" }).format(clock.now()),
    );
    expect(await domain.engagement.newMatchCounts(me, search, await domain.engagement.savedSearches(me))).toEqual({
      [searchId]: 0,
    });

    // the same day: nothing more, even with a new ad
    const later = await publish({ title: "Dachdecker Lausanne", professionId: "roofer", at: "lausanne" });
    await indexed(later);
    await sendAlerts(search);
    expect(await mailsTo(me)).toHaveLength(1);

    // the next day: that ad only
    clock.set(Date.now() + 86_400_000);
    expect((await sendAlerts(search)).sent).toBeGreaterThanOrEqual(1);
    const second = (await mailsTo(me))[1]!;
    expect(second.params.ads).toContain(`/annonce/${later}/S01`);
    expect(second.params.ads).not.toContain(`/annonce/${wanted}/`);
    expect(await notificationsOf(me)).toHaveLength(2);

    // the day after, nothing new: nothing sent
    clock.set(Date.now() + 2 * 86_400_000);
    await sendAlerts(search);
    expect(await mailsTo(me)).toHaveLength(2);
  });

  it("sends nothing when alerts are off, and records nothing while search is unavailable", async () => {
    clock.set(Date.now() + 10 * 86_400_000);
    const quietOne = await candidate();
    const off = await domain.engagement.saveSearch(quietOne, { name: "Carreleur", query: "profession=tiler" });
    await domain.engagement.switchSearchAlerts(quietOne, off, false);
    const me = await candidate("it");
    await domain.engagement.saveSearch(me, { name: "Piastrellista", query: "profession=tiler" });
    const ad = await publish({ title: "Carreleur", professionId: "tiler" });
    await indexed(ad);

    const down = adSearch(createSearchClient(`http://127.0.0.1:${await freePort()}`, "nope"), { sql: db.sql });
    const before = await db.sql`select count(*)::int as n from events where type = 'SearchAlertSent'`;
    expect(await sendAlerts(down)).toEqual({ sent: 0, unavailable: true });
    expect(await db.sql`select count(*)::int as n from events where type = 'SearchAlertSent'`).toEqual(before);
    expect(await mailsTo(me)).toHaveLength(0);

    // back up: the postponed alert goes out, to the person whose alerts are on only
    expect(await sendAlerts(search)).toMatchObject({ unavailable: false });
    expect((await mailsTo(me)).map((m) => m.locale)).toEqual(["it"]);
    expect(await mailsTo(quietOne)).toHaveLength(0);
  });
});

describe("job alerts with a lowest fit", () => {
  it("send only the new ads that fit the person's profile that much, with the fit measured now", async () => {
    clock.set(Date.now() + 20 * 86_400_000);
    const me = await candidate("en");
    const geneva = domain.reference.localityById("CH-1201-geneve")!;
    await domain.candidates.saveProfile(me, {
      type: "SaveAddress",
      expectedVersion: 0,
      values: {
        street: "Rue de la Gare 1",
        country: "CH",
        localityId: geneva.id,
        postalCode: geneva.postalCode,
        city: geneva.name,
        regionCode: geneva.regionCode,
        region: geneva.region,
      },
    } as never);
    await domain.candidates.saveProfile(me, {
      type: "SaveCriteria",
      profileId: "main",
      expectedVersion: 0,
      values: {
        sectors: ["construction"],
        desiredJobs: ["plumber"],
        places: [],
        radiusKm: 20,
        availability: "immediate",
        contractType: "temporary",
        occupancyRate: 100,
      },
    } as never);
    await domain.engagement.saveSearch(me, { name: "Plumber, good fit", query: "profession=plumber&fit=70" });
    const near = await publish({ title: "Plombier Genève", professionId: "plumber" });
    // 50 km away and permanent: the profession fits, the place and the contract do not
    const far = await publish({
      title: "Plombier Lausanne",
      professionId: "plumber",
      at: "lausanne",
      contract: "permanent",
    });
    await indexed(near, far);
    const fitOf = (await adFits(me, "2026-12-01"))!;
    const { hits } = await search.search(
      { ...emptyAdSearch(), profession: ["plumber"] },
      { hitsPerPage: 1000, facets: false, fit: fitOf },
    );
    const scoreOf = (id: number) => hits.find((h) => h.id === id)!.fit!.score;
    expect(scoreOf(near)).toBeGreaterThanOrEqual(70);
    expect(scoreOf(far)).toBeLessThan(70);

    await sendAlerts(search);
    const mails = await mailsTo(me);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.params.ads).toContain(`/annonce/${near}/S01`);
    expect(mails[0]!.params.ads).not.toContain(`/annonce/${far}/`);
  });
});

describe("in-app notifications", () => {
  it("are marked read by their person only, reach that person's room, and survive a rebuild", async () => {
    const me = await candidate();
    const other = await candidate();
    await domain.notifications.raiseNotification({
      userId: me.id,
      kind: "search_alert",
      params: { search: "Test", count: 2 },
      link: "/ma-recherche",
    });
    const [note] = await notificationsOf(me);
    expect(await keyOf(domain.notifications.markNotificationsRead(other, [note!.id]))).toBe(":failed_operation");
    expect(await keyOf(domain.notifications.markNotificationsRead(me, ["not-a-uuid"]))).toBe(":failed_operation");
    expect(await domain.notifications.markNotificationsRead(me, [note!.id])).toBe("/ma-recherche");
    expect((await notificationsOf(me))[0]!.readAt).toBeInstanceOf(Date);
    expect(await domain.notifications.unreadNotifications(me)).toBe(0);

    const [raised] = await domain.store.readStream(`notifications-${me.id}`);
    expect(roomsFor(raised!)).toContain(`user:${me.id}`);
    const [engagementEvent] = await db.sql<
      { data: Record<string, unknown> }[]
    >`select data from events where type = 'SearchSaved' limit 1`;
    // the person's words are sealed in the log
    expect(JSON.stringify(engagementEvent!.data)).not.toMatch(/"name"|"query"/);

    const before = {
      saved: await db.sql`select id, user_id, name, query, alerts, last_alert_day from rm_saved_searches order by id`,
      favourites: await db.sql`select user_id, ad_id from rm_favourite_ads order by user_id, ad_id`,
      notes:
        await db.sql`select id, user_id, kind, params, link, read_at is null as unread from rm_notifications order by id`,
    };
    await rebuildProjections(domain.store, INLINE_PROJECTIONS);
    expect(
      await db.sql`select id, user_id, name, query, alerts, last_alert_day from rm_saved_searches order by id`,
    ).toEqual(before.saved);
    expect(await db.sql`select user_id, ad_id from rm_favourite_ads order by user_id, ad_id`).toEqual(
      before.favourites,
    );
    expect(
      await db.sql`select id, user_id, kind, params, link, read_at is null as unread from rm_notifications order by id`,
    ).toEqual(before.notes);
  });
});
