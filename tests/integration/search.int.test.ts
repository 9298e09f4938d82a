import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import {
  adDocument,
  adSearch,
  bestLocality,
  createDomain,
  emptyAdSearch,
  fixedClock,
  indexSources,
  parseAdSearch,
  reindex,
  integrationHarness,
  manualGeneration,
  type AdSearch,
  type Logger,
} from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { waitFor } from "../support/wait";

/**
 * The ads index end to end, on a Meilisearch of this file's own (the shared one is used by other
 * files whose ads have the same numbers), so this file can also stop and restart it.
 */
/** the processor's log lines, to check that an outage is logged once */
const logLines: { level: number; msg: string }[] = [];
const logger = pino(
  { level: "debug" },
  { write: (line: string) => void logLines.push(JSON.parse(line)) },
) as unknown as Logger;
const {
  db,
  domain,
  search: { meili, client, runner },
} = integrationHarness({ ownSearch: { name: "search", logger } });
let geneva: Awaited<ReturnType<typeof agencyWithPeople>>;
let lyon: Awaited<ReturnType<typeof agencyWithPeople>>;
let search: ReturnType<typeof adSearch>["search"];

const find = (overrides: Partial<AdSearch>, opts?: Parameters<typeof search>[1]) =>
  search({ ...emptyAdSearch(), ...overrides }, opts);
const ids = async (overrides: Partial<AdSearch>, opts?: Parameters<typeof search>[1]) =>
  (await find(overrides, opts)).hits.map((h) => h.id);
/** Waits until the index answers `overrides` with exactly `expected` (the indexer is asynchronous). */
const eventually = (overrides: Partial<AdSearch>, expected: number[]) =>
  waitFor(async () => JSON.stringify((await ids(overrides)).sort()) === JSON.stringify([...expected].sort()), {
    timeout: 15_000,
    message: `search ${JSON.stringify(overrides)} → ${expected}`,
  });

beforeAll(async () => {
  search = adSearch(client, { sql: db.sql }).search;
  geneva = await agencyWithPeople(domain, "CH");
  lyon = await agencyWithPeople(domain, "FR");
});

describe("the ads indexer", () => {
  it("indexes published ads only and takes them out when disabled, archived, expired or deleted", async () => {
    const c = geneva.consultant;
    const online = await domain.missions.createAd(c, {
      fields: sampleAdFields({ title: "Grutier alpha" }),
      publish: true,
    });
    const draft = await domain.missions.createAd(c, { fields: sampleAdFields({ title: "Grutier beta" }) });
    const expiring = await domain.missions.createAd(c, {
      fields: sampleAdFields({
        title: "Grutier gamma",
        commitmentDate: null,
        commitment: "to_agree",
        endDate: inDays(2),
      }),
      publish: true,
    });
    const archived = await domain.missions.createAd(c, {
      fields: sampleAdFields({ title: "Grutier delta" }),
      publish: true,
    });
    const deleted = await domain.missions.createAd(c, {
      fields: sampleAdFields({ title: "Grutier epsilon" }),
      publish: true,
    });
    await eventually({ q: "grutier" }, [online, expiring, archived, deleted]);
    expect(draft).toBeGreaterThan(0);

    await domain.missions.disableAd(c, online);
    await domain.missions.archiveAd(c, archived);
    await domain.missions.deleteAd(c, deleted);
    // the expiry job, five days later
    expect(
      (await createDomain(db.sql, { clock: fixedClock(new Date(Date.now() + 5 * 86_400_000)) }).missions.expireDueAds())
        .ads,
    ).toBe(1);
    await eventually({ q: "grutier" }, []);

    await domain.missions.publishAd(c, online);
    await eventually({ q: "grutier" }, [online]);
  });

  it("reflects an edit, and never puts a hidden salary in the index", async () => {
    const c = geneva.consultant;
    const id = await domain.missions.createAd(c, {
      fields: sampleAdFields({ title: "Couvreur zingueur" }),
      publish: true,
    });
    await eventually({ q: "zingueur" }, [id]);
    await domain.missions.editAd(
      c,
      id,
      sampleAdFields({ title: "Ferblantier couvreur", hideSalary: true, salaryMin: 41, salaryMax: 47 }),
    );
    await eventually({ q: "ferblantier" }, [id]);
    expect(await ids({ q: "zingueur" })).toEqual([]);
    const doc = await client.index("ads").getDocument(id);
    expect(doc).toMatchObject({
      title: "Ferblantier couvreur",
      hideSalary: true,
      salaryMin: null,
      salaryMax: null,
      salaryMonthly: null,
    });
    // the hidden salary (41–47) is nowhere in the document; times are left out (a publication's milliseconds may read ".47")
    const { publishedAt: _p, startsAt: _s, ...rest } = doc as Record<string, unknown>;
    expect(JSON.stringify(rest)).not.toMatch(/\b4[17]\b/);
    expect((await find({ q: "ferblantier" })).hits[0]).toMatchObject({
      hideSalary: true,
      salaryMin: null,
      salaryMax: null,
    });
  });
});

describe("the job search", () => {
  let electricianGe: number;
  let cookLyon: number;
  let nurseLausanne: number;

  beforeAll(async () => {
    electricianGe = await domain.missions.createAd(geneva.consultant, {
      fields: sampleAdFields({
        title: "Électricien de chantier",
        qualification: "kilowatt",
        salaryMin: 30,
        salaryMax: 36,
        salaryPeriod: "hour",
        commitmentDate: inDays(3),
      }),
      publish: true,
    });
    nurseLausanne = await domain.missions.createAd(geneva.consultant, {
      fields: sampleAdFields({
        at: "lausanne",
        title: "Infirmier de nuit",
        qualification: "kilowatt",
        sectorId: "health",
        professionId: "nurse",
        contract: "permanent",
        jobType: "part_time",
        activityRateMin: 40,
        activityRateMax: 60,
        salaryMin: 6500,
        salaryMax: 7200,
        salaryPeriod: "month",
        commitmentDate: inDays(30),
        endDate: inDays(90),
      }),
      publish: true,
    });
    cookLyon = await domain.missions.createAd(lyon.consultant, {
      fields: sampleAdFields({
        at: "lyon",
        title: "Cuisinier en brasserie",
        qualification: "kilowatt",
        sectorId: "hospitality",
        professionId: "cook",
        salaryMin: 2000,
        salaryMax: 2300,
        salaryPeriod: "month",
        commitment: "to_agree",
        commitmentDate: null,
      }),
      publish: true,
    });
    // "kilowatt" marks this group's ads, so other tests' ads stay out of the counts
    await eventually({ q: "kilowatt" }, [electricianGe, nurseLausanne, cookLyon]);
  });

  it("finds a word with a typo and a profession by its name in another language", async () => {
    expect(await ids({ q: "electricen" })).toContain(electricianGe);
    expect(await ids({ q: "Elektriker" })).toContain(electricianGe);
    expect(await ids({ q: "cuisinier lyon" })).toEqual([cookLyon]);
    const [hit] = (await find({ q: "electricen kilowatt" })).hits;
    expect(hit).toMatchObject({
      id: electricianGe,
      title: "Électricien de chantier",
      placeName: "Genève",
      postalCode: "1201",
      country: "CH",
      salaryMin: 30,
      salaryMax: 36,
      salaryPeriod: "hour",
    });
    expect(hit!.excerpt).toContain("équipe de 4");
  });

  it("filters by sector, contract, job type, country, region, rate, salary and availability", async () => {
    const q = "kilowatt";
    expect(await ids({ q, sector: ["health", "hospitality"] })).toEqual(
      expect.arrayContaining([nurseLausanne, cookLyon]),
    );
    expect(await ids({ q, sector: ["health", "hospitality"] })).toHaveLength(2);
    expect(await ids({ q, profession: ["electrician"] })).toEqual([electricianGe]);
    expect(await ids({ q, contract: ["permanent"] })).toEqual([nurseLausanne]);
    expect(await ids({ q, jobType: ["part_time"] })).toEqual([nurseLausanne]);
    expect((await ids({ q, country: "CH" })).sort()).toEqual([electricianGe, nurseLausanne].sort());
    expect(await ids({ q, region: ["FR-84"] })).toEqual([cookLyon]);
    // the nurse ad tops at 60 %
    expect((await ids({ q, rateMin: 80 })).sort()).toEqual([electricianGe, cookLyon].sort());
    // 36 CHF an hour is about 6,240 a month: above 6,000, under 7,000
    expect((await ids({ q, salaryMin: 6000 })).sort()).toEqual([electricianGe, nurseLausanne].sort());
    expect(await ids({ q, salaryMin: 7000 })).toEqual([nurseLausanne]);
    // starts in 3 days, in 30 days, to be agreed
    expect((await ids({ q, availability: "now" })).sort()).toEqual([electricianGe, cookLyon].sort());
    expect((await ids({ q, availability: "within14" })).sort()).toEqual([electricianGe, cookLyon].sort());
    expect((await ids({ q, availability: "more14" })).sort()).toEqual([nurseLausanne, cookLyon].sort());
  });

  it("keeps to a radius around a place and sorts by distance", async () => {
    const q = "kilowatt";
    const genevaPlace = bestLocality("Genève", "CH")!;
    // Lausanne is about 50 km from Geneva, Lyon about 110 km
    expect(await ids({ q, placeId: genevaPlace.id, radiusKm: 20 })).toEqual([electricianGe]);
    expect(await ids({ q, placeId: genevaPlace.id, radiusKm: 100, sort: "distance" })).toEqual([
      electricianGe,
      nurseLausanne,
    ]);
    const all = await find({ q, placeId: genevaPlace.id, sort: "distance" });
    expect(all.hits.map((h) => h.id)).toEqual([electricianGe, nurseLausanne, cookLyon]);
    expect(all.place).toMatchObject({ id: genevaPlace.id, name: "Genève" });
    const [near, mid, far] = all.hits.map((h) => h.distanceKm!);
    expect(near).toBeLessThan(5);
    expect(mid).toBeGreaterThan(40);
    expect(mid).toBeLessThan(60);
    expect(far).toBeGreaterThan(100);
    expect(far).toBeLessThan(130);
    // without JavaScript the place comes as text: the clear match is used
    expect(await ids({ q, placeText: "Lyon", radiusKm: 20 })).toEqual([cookLyon]);
    // a place nobody can find narrows nothing
    const unknown = await find({ q, placeText: "Qwxzv", radiusKm: 5 });
    expect(unknown.place).toBeNull();
    expect(unknown.total).toBe(3);
  });

  it("sorts by salary as monthly amounts, hourly rates included", async () => {
    expect(await ids({ q: "kilowatt", sort: "salary" })).toEqual([nurseLausanne, electricianGe, cookLyon]);
  });

  it("counts facets, each without its own selection", async () => {
    const plain = await find({ q: "kilowatt" });
    expect(plain.total).toBe(3);
    expect(plain.facets.sector).toEqual({ construction: 1, health: 1, hospitality: 1 });
    expect(plain.facets.country).toEqual({ CH: 2, FR: 1 });
    expect(plain.facets.contract).toEqual({ temporary: 2, permanent: 1 });
    expect(plain.facets.region).toEqual({ "CH-GE": 1, "CH-VD": 1, "FR-84": 1 });

    const chosen = await find({ q: "kilowatt", contract: ["permanent"], country: "CH" });
    expect(chosen.total).toBe(1);
    // the other contract keeps its count within Switzerland; countries are counted for the permanent ads
    expect(chosen.facets.contract).toEqual({ temporary: 1, permanent: 1 });
    expect(chosen.facets.country).toEqual({ CH: 1 });
    expect(chosen.facets.sector).toEqual({ health: 1 });
  });

  it("leaves out hidden ads, keeps to ads published after a date, and pages", async () => {
    expect(await ids({ q: "kilowatt" }, { excludeIds: [nurseLausanne, cookLyon] })).toEqual([electricianGe]);
    expect(await ids({ q: "kilowatt" }, { publishedAfter: new Date(Date.now() + 60_000) })).toEqual([]);
    const first = await find({ q: "kilowatt" }, { hitsPerPage: 2 });
    const second = await find({ q: "kilowatt", page: 2 }, { hitsPerPage: 2 });
    expect([first.pages, first.hits.length, second.hits.length]).toEqual([2, 2, 1]);
    expect(new Set([...first.hits, ...second.hits].map((h) => h.id)).size).toBe(3);
  });

  it("keeps facet counts and the places with ads until the indexer announces a change, in every process", async () => {
    // a search that never hears of changes keeps what it cached; the app's hears the indexer
    const deaf = adSearch(client, { sql: db.sql, generation: manualGeneration() });
    const q = "kilowatt";
    const nearLyon = { q, placeId: "FR-69123-69001", radiusKm: 20 } as const;
    const before = await deaf.search({ ...emptyAdSearch(), ...nearLyon });
    expect(before.total).toBe(1);
    const counts = (await deaf.search({ ...emptyAdSearch(), q })).facets;
    expect(counts.country).toEqual({ CH: 2, FR: 1 });
    await find({ q });
    await find(nearLyon);

    // an ad at a place that had none: Villeurbanne, 4 km from Lyon
    const villeurbanne = {
      localityId: "FR-69266-69100",
      name: "Villeurbanne",
      postalCode: "69100",
      region: "Auvergne-Rhône-Alpes",
      regionCode: "FR-84",
      lat: 45.7719,
      lng: 4.8902,
    };
    const id = await domain.missions.createAd(lyon.consultant, {
      fields: sampleAdFields({ at: "lyon", title: "Plombier kilowatt", place: villeurbanne }),
      publish: true,
    });
    await waitFor(async () => (await find(nearLyon)).hits.some((h) => h.id === id), {
      timeout: 15_000,
      message: "the app's search finds the ad near Lyon",
    });
    expect((await find({ q })).facets.country).toEqual({ CH: 2, FR: 2 });

    // hits and totals are never cached; the deaf search's counts and places are as it cached them
    const plain = await deaf.search({ ...emptyAdSearch(), q });
    expect(plain.total).toBe(4);
    expect(plain.facets.country).toEqual({ CH: 2, FR: 1 });
    expect((await deaf.search({ ...emptyAdSearch(), ...nearLyon })).hits.map((h) => h.id)).not.toContain(id);
    await deaf.close();
    await domain.missions.deleteAd(lyon.consultant, id);
    await eventually({ q }, [electricianGe, nurseLausanne, cookLyon]);
  });

  it("answers odd input with a normal result", async () => {
    for (const q of [
      "",
      "a".repeat(5000),
      "'; drop table--",
      "<script>alert(1)</script>",
      '%%%***"\\',
      'region = "CH-GE" OR 1=1',
    ]) {
      const s = parseAdSearch(
        new URLSearchParams({ q, region: `CH-GE" OR id > 0 OR region = "`, placeText: q, sort: "distance" }),
      );
      const result = await search(s);
      expect(result.unavailable, q.slice(0, 20)).toBe(false);
      expect(result.hits.length).toBeLessThanOrEqual(20);
    }
    // values that did not come through parseAdSearch are quoted, never read as filter syntax
    const crafted = await find({ q: "kilowatt", region: ['CH-GE" OR id > 0 OR regionCode = "x'], sector: ['a"b\\'] });
    expect(crafted).toMatchObject({ unavailable: false, total: 0 });
  });

  it("rebuilds the same documents with npm run search:reindex", async () => {
    const all = async () =>
      (await client.index("ads").getDocuments({ limit: 1000 })).results.sort((a, b) => Number(a.id) - Number(b.id));
    const before = await all();
    const counts = await reindex(client, indexSources(db.sql));
    expect(counts.ads).toBe(before.length);
    expect(await all()).toEqual(before);
    // and the index is what the indexer writes
    const ad = await domain.missions.publicAd(electricianGe);
    expect(before.find((d) => d.id === electricianGe)).toEqual(JSON.parse(JSON.stringify(adDocument(ad!))));
  });

  it("fails the reindex when Meilisearch refuses a batch, and leaves the live index as it was", async () => {
    const before = (await client.index("ads").getStats()).numberOfDocuments;
    // the batches are queued without waiting for each: a refused one is still an error
    const refused = {
      index: "ads" as const,
      async *documents() {
        yield [{ id: "fine-1", title: "Soudeur" }];
        yield [{ id: "not a valid id!", title: "Cariste" }];
      },
    };
    await expect(reindex(client, [refused])).rejects.toThrow(/reindex ads: Meilisearch task \d+ failed/);
    expect((await client.index("ads").getStats()).numberOfDocuments).toBe(before);
  });
});

describe("Meilisearch down", () => {
  it("publishing still works, the search says it is unavailable, and the indexer catches up once it is back", async () => {
    const c = geneva.consultant;
    await meili.stop();
    const errorsBefore = logLines.filter((l) => l.msg === "processor batch failed").length;

    const id = await domain.missions.createAd(c, {
      fields: sampleAdFields({ title: "Soudeur orbital" }),
      publish: true,
    });
    expect(await domain.missions.publicAd(id)).not.toBeNull();
    const started = Date.now();
    const down = await find({ q: "soudeur" });
    expect(down).toMatchObject({ unavailable: true, hits: [], total: 0 });
    expect(Date.now() - started).toBeLessThan(2500);

    await waitFor(() => runner.lastError !== null, { message: "the indexer notices" });
    // a few more edits while down: retried quietly with backoff, one error line for the outage
    // the marker: two more failed retries logged, at any level (the first may have started before
    // the edit, the second read it); of all these lines, one only is an error
    const failures = () => logLines.filter((l) => l.msg.startsWith("processor batch failed")).length;
    const failuresBefore = failures();
    await domain.missions.editAd(c, id, sampleAdFields({ title: "Soudeur orbital TIG" }));
    await waitFor(() => failures() >= failuresBefore + 2, { message: "two retries after the edit" });
    expect(logLines.filter((l) => l.msg === "processor batch failed").length - errorsBefore).toBe(1);

    await meili.start();
    await eventually({ q: "soudeur tig" }, [id]);
    // the batch that indexed it clears the error once it has saved its checkpoint
    await waitFor(() => runner.lastError === null, { message: "the indexer recovers" });
    expect(logLines.some((l) => l.msg === "processor recovered")).toBe(true);
  });
});

function inDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe("a candidate's fit", () => {
  it("sorts by fit, keeps the ads at a lowest fit only (total and pages of those), and carries the fit on every hit", async () => {
    const c = geneva.consultant;
    // the fit of this test: the score written in the ad's qualification
    const scores = [35, 90, 55, 70, 85];
    const made = [];
    for (const score of scores)
      made.push(
        await domain.missions.createAd(c, {
          fields: sampleAdFields({ title: `Fitcheck ${score}`, qualification: `score ${score}` }),
          publish: true,
        }),
      );
    await eventually({ q: "Fitcheck" }, made);
    const byScore = new Map(made.map((id, i) => [id, scores[i]!]));
    const fit = (ad: { id?: number }) => ({
      score: byScore.get(ad.id!) ?? 0,
      reasons: [{ criterion: "profession", verdict: "match", params: {} }],
    });

    const sorted = await find({ q: "Fitcheck", sort: "fit" }, { fit });
    expect(sorted.hits.map((h) => h.fit?.score)).toEqual([90, 85, 70, 55, 35]);
    // the page's hits are whole: their description's excerpt is there
    expect(sorted.hits.every((h) => h.excerpt.length > 0)).toBe(true);

    const atLeast = await find({ q: "Fitcheck", sort: "fit", minFit: 70 }, { fit, hitsPerPage: 2 });
    expect(atLeast.total).toBe(3);
    expect(atLeast.pages).toBe(2);
    expect(atLeast.hits.map((h) => h.fit?.score)).toEqual([90, 85]);
    const second = await find({ q: "Fitcheck", sort: "fit", minFit: 70, page: 2 }, { fit, hitsPerPage: 2 });
    expect(second.hits.map((h) => h.fit?.score)).toEqual([70]);

    // a lowest fit keeps another sort: newest first
    const byDate = await find({ q: "Fitcheck", sort: "date", minFit: 70 }, { fit });
    expect(byDate.hits.map((h) => h.id)).toEqual(made.filter((id) => byScore.get(id)! >= 70).reverse());

    // any other search of a candidate carries the fit too
    expect((await find({ q: "Fitcheck" }, { fit })).hits.every((h) => typeof h.fit?.score === "number")).toBe(true);
    // without a candidate (a visitor, an agency): neither the sort nor the lowest fit applies
    const visitor = await find({ q: "Fitcheck", sort: "fit", minFit: 85 });
    expect(visitor.total).toBe(5);
    expect(visitor.hits.every((h) => h.fit === undefined)).toBe(true);
  });
});
