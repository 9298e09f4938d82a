import type { Meilisearch, MultiSearchQuery, Settings } from "meilisearch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FACETS,
  CONTRACTS,
  INDEX_SETTINGS,
  PROFESSIONS,
  JOB_TYPES,
  RADII_KM,
  SECTORS,
  SORTS,
  adColumns,
  adDocument,
  adSearch,
  adSearchToQuery,
  adSlug,
  composeAd,
  createSearchClient,
  demoTowns,
  emptyAdSearch,
  engineDistanceM,
  integrationHarness,
  localityById,
  manualGeneration,
  missionQueries,
  parseAdSearch,
  searchClauses,
  seededRandom,
  type AdFields,
  type AdSearch,
  type AdSearchResult,
  type Point,
  type Random,
} from "../support/harness";
import { agencyWithPeople } from "../support/missions";

/**
 * The job search as it is (the points with ads listed in the app instead of `_geoRadius`, no
 * `_geo` in the index, the excerpt made here, facet counts cached) against the search as it was,
 * kept below as the reference: the same generated ads in two indexes of the shared Meilisearch,
 * one with today's settings and one with the old ones, and hundreds of random searches that must
 * give the same hits in the same order, the same totals and the same facet counts. The data holds
 * the cases that could tell them apart: points on the very edge of each radius, points less than
 * a metre apart (one geo sort bucket), one place under two locality ids and one locality id at
 * two places, ads published in the same second, several pages of ads at one point.
 */

const { db, domain, meili } = integrationHarness({ meili: true, timeout: 180_000 });
const NEW_INDEX = `ads_new_${process.pid}`;
const OLD_INDEX = `ads_old_${process.pid}`;
const NOW = new Date();
const ADS = 700;
const WAIT = { timeout: 120_000, interval: 50 };

// ---------------------------------------------------------------------------------------------
// the search as it was (server/modules/missions/search.ts and search/indexes.ts before the change)

const OLD_SETTINGS: Settings = {
  searchableAttributes: [
    "title",
    "qualification",
    "professionLabels",
    "sectorLabels",
    "placeName",
    "agencyName",
    "description",
  ],
  filterableAttributes: [
    "id",
    "sectorId",
    "professionId",
    "jobType",
    "contract",
    "activityRateMin",
    "activityRateMax",
    "country",
    "regionCode",
    "startsAt",
    "publishedAt",
    "salaryMonthly",
    "agencyId",
    "branchId",
    "_geo",
  ],
  sortableAttributes: ["publishedAt", "salaryMax", "salaryMonthly", "_geo"],
  rankingRules: ["sort", "words", "typo", "proximity", "attribute", "exactness"],
  typoTolerance: { enabled: true },
  faceting: { maxValuesPerFacet: 200 },
  pagination: { maxTotalHits: 1000 },
};

interface Outcome {
  ids: number[];
  total: number;
  pages: number;
  facets: Record<string, Record<string, number>>;
  distances: (number | null)[];
  excerpts: string[];
}

function distanceKm(a: Point, b: Point) {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10;
}

type Options = { excludeIds?: number[]; publishedAfter?: Date; hitsPerPage?: number; facets?: boolean };

async function oldSearch(client: Meilisearch, s: AdSearch, opts: Options): Promise<Outcome> {
  const locality = s.placeId ? localityById(s.placeId) : undefined;
  const place = locality ? { lat: locality.lat, lng: locality.lng } : null;
  const hitsPerPage = opts.hitsPerPage ?? 20;
  // the clauses without a radius have not changed; the radius was `_geoRadius`
  const clauses = searchClauses(s, null, opts, NOW);
  if (place && s.radiusKm) clauses.push({ filter: `_geoRadius(${place.lat}, ${place.lng}, ${s.radiusKm * 1000})` });
  const filterWithout = (facet?: string) => clauses.filter((c) => !facet || c.facet !== facet).map((c) => c.filter);
  const sort =
    s.sort === "distance"
      ? place
        ? [`_geoPoint(${place.lat}, ${place.lng}):asc`, "publishedAt:desc"]
        : ["publishedAt:desc"]
      : s.sort === "salary"
        ? ["salaryMonthly:desc", "publishedAt:desc"]
        : s.sort === "relevance" && s.q
          ? undefined
          : ["publishedAt:desc"];
  const base = { indexUid: OLD_INDEX, q: s.q, matchingStrategy: "all" } as const;
  const wantFacets = opts.facets ?? true;
  const main: MultiSearchQuery = {
    ...base,
    filter: filterWithout(),
    sort,
    page: s.page,
    hitsPerPage,
    attributesToCrop: ["description"],
    cropLength: 30,
    facets: wantFacets ? Object.values(FACETS) : undefined,
  };
  const selected = wantFacets
    ? (Object.keys(FACETS) as (keyof typeof FACETS)[]).filter((f) => clauses.some((c) => c.facet === f))
    : [];
  const { results } = await client.multiSearch({
    queries: [
      main,
      ...selected.map((f): MultiSearchQuery => ({ ...base, filter: filterWithout(f), limit: 0, facets: [FACETS[f]] })),
    ],
  });
  const [first, ...others] = results;
  const facets: Outcome["facets"] = {};
  if (wantFacets)
    for (const [facet, attribute] of Object.entries(FACETS))
      facets[facet] = first!.facetDistribution?.[attribute] ?? {};
  selected.forEach((facet, i) => (facets[facet] = others[i]!.facetDistribution?.[FACETS[facet]] ?? {}));
  const hits = first!.hits as unknown as { id: number; _geo: Point; _formatted: { description: string } }[];
  const total = first!.totalHits ?? 0;
  return {
    ids: hits.map((h) => h.id),
    total,
    pages: Math.max(1, Math.ceil(total / hitsPerPage)),
    facets,
    distances: hits.map((h) => (place ? distanceKm(place, h._geo) : null)),
    excerpts: hits.map((h) => h._formatted.description),
  };
}

const outcome = (r: AdSearchResult): Outcome => ({
  ids: r.hits.map((h) => h.id),
  total: r.total,
  pages: r.pages,
  facets: r.facets,
  distances: r.hits.map((h) => h.distanceKm),
  excerpts: r.hits.map((h) => h.excerpt),
});

// ---------------------------------------------------------------------------------------------
// the data

const GENEVA = localityById("CH-1201-geneve")!;
const RADIAN = Math.PI / 180;

/** The engine's distance before its rounding to the millimetre, to aim points between millimetres. */
function rawDistanceM(a: Point, b: Point) {
  const hav = (t: number) => (1 - Math.cos(t)) / 2;
  const total =
    hav(b.lat * RADIAN - a.lat * RADIAN) +
    Math.cos(a.lat * RADIAN) * Math.cos(b.lat * RADIAN) * hav(b.lng * RADIAN - a.lng * RADIAN);
  return 2 * 6371e3 * Math.asin(Math.sqrt(total));
}

/** The point at `metres` from `from` on a bearing (degrees), by bisection. */
function pointAt(from: Point, metres: number, bearing: number): Point {
  const at = (t: number) => ({
    lat: from.lat + Math.cos(bearing * RADIAN) * t,
    lng: from.lng + Math.sin(bearing * RADIAN) * t,
  });
  let lo = 0;
  let hi = 3;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (rawDistanceM(from, at(mid)) <= metres) lo = mid;
    else hi = mid;
  }
  return at(lo);
}

interface Place {
  localityId: string;
  name: string;
  postalCode: string;
  region: string;
  regionCode: string;
  country: "CH" | "FR";
  lat: number;
  lng: number;
}

const synthetic = (id: string, p: Point, country: "CH" | "FR" = "CH"): Place => ({
  localityId: id,
  name: `Lieu ${id}`,
  postalCode: country === "CH" ? "1299" : "01999",
  region: country === "CH" ? "Genève" : "Auvergne-Rhône-Alpes",
  regionCode: country === "CH" ? "CH-GE" : "FR-84",
  country,
  lat: p.lat,
  lng: p.lng,
});

/** Points 0.3 mm inside, 0.3 mm and 0.7 mm beyond (rounded to the radius and beyond it), and half a metre around each radius. */
const EDGES = RADII_KM.flatMap((km, k) =>
  [-0.5, -0.0003, 0.0003, 0.0007, 0.5].map((off, j) => ({
    km,
    off,
    place: synthetic(`EDGE-${km}-${j}`, pointAt(GENEVA, km * 1000 + off, 17 + 31 * k + 7 * j)),
  })),
);
/** Points a fraction of a metre apart, 3 km from Geneva: geo sort buckets them by their nearest. */
const MARGINS = [3000, 3000.4, 3000.9, 3001.3, 3002.5, 3002.9].map((m, j) =>
  synthetic(`MARGIN-${j}`, pointAt(GENEVA, m, 200 + 25 * j)),
);
/** One place under two ids; one id (Geneva's) at its reference point and at the tests' fixture point. */
const TWINS = [synthetic("TWIN-A", pointAt(GENEVA, 7000, 90)), synthetic("TWIN-B", pointAt(GENEVA, 7000, 90))];
const GENEVA_FIXTURE: Place = {
  localityId: GENEVA.id,
  name: "Genève",
  postalCode: "1201",
  region: "Genève",
  regionCode: "CH-GE",
  country: "CH",
  lat: 46.2044,
  lng: 6.1432,
};

function placesOf(r: Random) {
  const towns = [...demoTowns("CH"), ...demoTowns("FR")].map((t) => ({
    weight: t.weight,
    place: {
      localityId: t.place.id,
      name: t.place.name,
      postalCode: t.place.postalCode,
      region: t.place.region,
      regionCode: t.place.regionCode,
      country: t.place.country,
      lat: t.place.lat,
      lng: t.place.lng,
    } as Place,
  }));
  // many small places scattered up to ~150 km around Geneva and Lyon
  const scattered = Array.from({ length: 80 }, (_, i) => {
    const [centre, country] = i % 2 ? ([{ lat: 45.764, lng: 4.8357 }, "FR"] as const) : ([GENEVA, "CH"] as const);
    return {
      weight: 1,
      place: synthetic(`SCATTER-${i}`, pointAt(centre, r.int(500, 150_000), r.int(0, 359)), country),
    };
  });
  return [...towns, ...scattered, { weight: 6, place: GENEVA_FIXTURE }];
}

/** `ADS` online ads straight into rm_ads (and a few offline ones), as the bench makes them. */
async function generate(agencies: { agencyId: string; consultant: string }[]) {
  const r = seededRandom(20_261_124);
  const all = placesOf(r);
  const weights = Object.fromEntries(all.map((p, i) => [String(i), p.weight]));
  const today = NOW.toISOString().slice(0, 10);
  const rows: Record<string, unknown>[] = [];
  const special: { id: number; tag: string; place: Place }[] = [];
  let id = 900_000;
  const add = (place: Place, publishedAt: Date, status = "online", tag?: string) => {
    const agency = agencies[place.country === "CH" ? 0 : 1]!;
    const f: AdFields = composeAd(r, {
      professionId: r.pick(PROFESSIONS).id,
      place: {
        id: place.localityId,
        name: place.name,
        postalCode: place.postalCode,
        region: place.region,
        regionCode: place.regionCode,
        country: place.country,
        lat: place.lat,
        lng: place.lng,
      },
      language: place.country === "CH" && r.chance(0.1) ? "de" : "fr",
      agencyName: "Agence",
      today,
      contactId: agency.consultant,
    });
    // composeAd places with the locality's own record: keep this place's point and id
    f.place = {
      localityId: place.localityId,
      name: place.name,
      postalCode: place.postalCode,
      region: place.region,
      regionCode: place.regionCode,
      lat: place.lat,
      lng: place.lng,
    };
    if (tag) f.qualification = `${f.qualification} ${tag}`;
    id++;
    if (tag) special.push({ id, tag, place });
    rows.push({
      id,
      agency_id: agency.agencyId,
      branch_id: null,
      client_id: null,
      created_by: agency.consultant,
      awaiting_review: false,
      status,
      slug: adSlug(f, id),
      ...adColumns(db.sql, f),
      order_id: null,
      published_at: publishedAt,
      created_at: publishedAt,
      updated_at: publishedAt,
    });
  };
  const randomDate = () => new Date(NOW.getTime() - r.int(60, 45 * 86_400) * 1000);
  for (let i = 0; i < ADS; i++) add(all[Number(r.weighted(weights))]!.place, randomDate());
  // the same second for a few ads at one point and at different points
  const second = randomDate();
  for (const place of [GENEVA_FIXTURE, GENEVA_FIXTURE, TWINS[0]!, MARGINS[0]!]) add(place, second);
  for (const { place } of EDGES) add(place, randomDate(), "online", "zqbord");
  // the farther the newer: a wrong bucket puts them in date order
  MARGINS.forEach((place, j) => add(place, new Date(NOW.getTime() - (10 - j) * 3_600_000), "online", "zqmarge"));
  for (const place of TWINS) add(place, randomDate(), "online", "zqjumeau");
  // offline ads: neither indexed nor listed as places with ads
  for (let i = 0; i < 20; i++)
    add(
      synthetic(`OFFLINE-${i}`, pointAt(GENEVA, 4000 + i, 45)),
      randomDate(),
      r.pick(["disabled", "expired", "archived"]),
    );
  for (let i = 0; i < rows.length; i += 200)
    await db.sql`insert into rm_ads ${db.sql(rows.slice(i, i + 200) as never)}`;
  const online = rows.filter((row) => row.status === "online").map((row) => row.id as number);
  return { online, special };
}

async function fill(client: Meilisearch, uid: string, settings: Settings, documents: Record<string, unknown>[]) {
  await client
    .deleteIndex(uid)
    .waitTask(WAIT)
    .catch(() => undefined);
  await client.createIndex(uid, { primaryKey: "id" }).waitTask(WAIT);
  const settled = await client.index(uid).updateSettings(settings).waitTask(WAIT);
  expect(settled.status, settled.error?.message).toBe("succeeded");
  const added = await client.index(uid).addDocuments(documents).waitTask(WAIT);
  expect(added.status, added.error?.message).toBe("succeeded");
}

// ---------------------------------------------------------------------------------------------

let client: Meilisearch;
let search: ReturnType<typeof adSearch>;
let online: number[];
let special: { id: number; tag: string; place: Place }[];

beforeAll(async () => {
  client = createSearchClient(meili.url, meili.key);
  const ch = await agencyWithPeople(domain, "CH");
  const fr = await agencyWithPeople(domain, "FR");
  ({ online, special } = await generate([
    { agencyId: ch.agencyId, consultant: ch.consultant.id },
    { agencyId: fr.agencyId, consultant: fr.consultant.id },
  ]));
  const ads = await missionQueries(db.sql).adsForIndex(online);
  expect(ads).toHaveLength(online.length);
  const docs = ads.map(adDocument);
  await fill(client, NEW_INDEX, INDEX_SETTINGS.ads, docs as unknown as Record<string, unknown>[]);
  await fill(
    client,
    OLD_INDEX,
    OLD_SETTINGS,
    docs.map((d) => ({ ...d, _geo: { lat: d.lat, lng: d.lng } })),
  );
  search = adSearch(client, { sql: db.sql, index: NEW_INDEX, now: () => NOW, generation: manualGeneration() });
}, 180_000);

afterAll(async () => {
  await search?.close();
  for (const uid of [NEW_INDEX, OLD_INDEX])
    await client
      ?.deleteIndex(uid)
      .waitTask(WAIT)
      .catch(() => undefined);
});

const canonical = (s: Partial<AdSearch>) =>
  parseAdSearch(new URLSearchParams(`${adSearchToQuery({ ...emptyAdSearch(), ...s }, { withPage: true })}`));

/** Both searches, the new one twice (its second answer comes with cached facet counts). */
async function compare(s: AdSearch, opts: Options = {}) {
  const before = await oldSearch(client, s, opts);
  const after = outcome(await search.search(s, opts));
  const again = outcome(await search.search(s, opts));
  const label = `${adSearchToQuery(s, { withPage: true })} ${JSON.stringify(opts)}`;
  expect(after, label).toEqual(before);
  expect(again, label).toEqual(before);
  return { before, after };
}

describe("the job search against the search it replaces", () => {
  it("gives the same hits, order, totals and facet counts for random searches", async () => {
    const r = seededRandom(7);
    const words = [
      "",
      "",
      "",
      "",
      "",
      "électricien",
      "cariste",
      "serveur",
      "infirmier",
      "soudeur",
      "chauffeur",
      "Elektriker",
      "electricen",
      "cuisinier",
      "maçon chantier",
      "vendeur magasin",
      "aide",
      "temporaire",
    ];
    const places = [
      "CH-1201-geneve",
      "CH-1003-lausanne",
      "FR-69123-69001",
      "CH-2000-neuchatel",
      "CH-1260-nyon",
      "FR-74010-74000",
    ];
    let hits = 0;
    let paged = 0;
    let excerpts = 0;
    for (let i = 0; i < 300; i++) {
      const placeId = r.chance(0.8) ? r.pick(places) : null;
      const s = canonical({
        q: r.pick(words),
        sector: r.chance(0.2) ? r.sample(SECTORS, r.int(1, 3)) : [],
        contract: r.chance(0.2) ? r.sample(CONTRACTS, r.int(1, 2)) : [],
        jobType: r.chance(0.1) ? r.sample(JOB_TYPES, 1) : [],
        country: r.chance(0.15) ? r.pick(["CH", "FR"] as const) : null,
        region: r.chance(0.1) ? [r.pick(["CH-GE", "CH-VD", "FR-84"])] : [],
        rateMin: r.chance(0.08) ? r.pick([50, 80, 100]) : null,
        salaryMin: r.chance(0.08) ? r.pick([3000, 4500]) : null,
        availability: r.chance(0.08) ? r.pick(["now", "within14", "more14"] as const) : null,
        placeId,
        radiusKm: placeId && r.chance(0.7) ? r.pick(RADII_KM) : null,
        sort: r.pick(SORTS),
        page: Number(r.weighted({ "1": 60, "2": 20, "3": 10, "6": 5, "50": 5 })),
      });
      const opts: Options = r.chance(0.1)
        ? { excludeIds: r.sample(online, 30) }
        : r.chance(0.05)
          ? { publishedAfter: new Date(NOW.getTime() - 5 * 86_400_000), facets: false, hitsPerPage: 5 }
          : {};
      const { before } = await compare(s, opts);
      hits += before.ids.length;
      if (before.total > 20) paged++;
      if (s.q) excerpts += before.ids.length;
    }
    // the searches reached many ads, many of them had several pages, and many excerpts centred on words
    expect(hits).toBeGreaterThan(2000);
    expect(paged).toBeGreaterThan(80);
    expect(excerpts).toBeGreaterThan(500);
  });

  it("sorts by distance over several pages, through points a metre apart and ads of the same second", async () => {
    for (const placeId of ["CH-1201-geneve", "FR-69123-69001"]) {
      for (const radiusKm of [null, 5, 50] as const) {
        for (const page of [1, 2, 3, 4, 8, 30, 50])
          await compare(canonical({ placeId, radiusKm, sort: "distance", page }));
      }
    }
    // the ads of the margin points: their order is the buckets', not the dates' nor the distances'
    const { after } = await compare(canonical({ q: "zqmarge", placeId: GENEVA.id, sort: "distance" }));
    expect(after.ids).toHaveLength(6);
    const tags = special.filter((a) => a.tag === "zqmarge").map((a) => a.id);
    // buckets from each one's nearest: [3000, 3000.4, 3000.9] [3001.3] [3002.5, 3002.9] m, newest first in each
    expect(after.ids).toEqual([tags[2], tags[1], tags[0], tags[3], tags[5], tags[4]]);
  });

  it("keeps the edge of every radius as _geoRadius did", async () => {
    for (const km of RADII_KM) {
      const { after } = await compare(canonical({ q: "zqbord", placeId: GENEVA.id, radiusKm: km, sort: "distance" }), {
        hitsPerPage: 50,
      });
      const inside = special.filter((a) => a.tag === "zqbord" && engineDistanceM(GENEVA, a.place) <= km * 1000);
      // per radius: 0.5 m and 0.3 mm inside, 0.3 mm beyond (rounded to the radius); not 0.7 mm nor 0.5 m beyond
      expect(
        EDGES.filter((e) => e.km === km && engineDistanceM(GENEVA, e.place) <= km * 1000).map((e) => e.off),
      ).toEqual([-0.5, -0.0003, 0.0003]);
      expect(after.ids.sort()).toEqual(inside.map((a) => a.id).sort());
    }
  });

  it("finds one place under two locality ids, and one locality id at two places", async () => {
    const twins = await compare(canonical({ q: "zqjumeau", placeId: GENEVA.id, radiusKm: 10, sort: "distance" }));
    expect(twins.after.ids).toHaveLength(2);
    // Geneva's ads at its reference point and at the fixtures' point, 200 m apart, by distance
    for (const radiusKm of [null, 5] as const)
      await compare(canonical({ placeId: GENEVA.id, radiusKm, sort: "distance", page: 1 }));
  });
});
