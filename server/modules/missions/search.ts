import { MeilisearchError, type Meilisearch, type MultiSearchQuery, type SearchResponse } from "meilisearch";
import type { Db } from "../../event-store/types";
import type { Logger } from "../../lib/logger";
import { MAX_TOTAL_HITS } from "../../search/indexes";
import { apiErrorOf, multiSearch as sendMultiSearch } from "../../search/client";
import { bestLocality, localityById } from "../reference";
import type { Locality } from "../reference/contract";
import type { AdDocument } from "./indexer";
import { watchAdsIndex, type IndexGeneration } from "./search-changes";
import { excerpter } from "./search-excerpt";
import { facetCache, type FacetCounts } from "./search-facet-cache";
import { displayDistanceKm, distanceGroups, engineDistanceM, inRadius, pointKey, type Point } from "./search-geo";
import { adPlaces } from "./search-places";
import { MAX_QUERY_LENGTH, SEARCH_PAGE_SIZE, type AdSearch } from "./search-params";

/** One result of the job search: what a result card shows. */
export interface AdHit {
  id: number;
  slug: string;
  title: string;
  agencyId: string;
  agencyName: string;
  placeName: string;
  postalCode: string;
  regionCode: string;
  country: string;
  contract: string;
  jobType: string;
  sectorId: string;
  professionId: string;
  activityRateMin: number;
  activityRateMax: number;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryPeriod: string;
  hideSalary: boolean;
  commitment: string;
  commitmentDate: string | null;
  /** epoch seconds */
  publishedAt: number;
  /** from the searched place, when there is one */
  distanceKm: number | null;
  /** a few words of the description around what was searched */
  excerpt: string;
  /** how the ad fits the candidate who searched (AdSearchOptions.fit), with its reasons */
  fit?: AdFit;
}

/** A fit as the matching module gives it: the score in % and one reason per criterion. */
export interface AdFit {
  score: number;
  reasons: { criterion: string; verdict: string; params: Record<string, string | number> }[];
}

/** The place a search measures from, as resolved from its id or its text. */
export type SearchPlace = Pick<Locality, "id" | "name" | "postalCode" | "country" | "lat" | "lng">;

export interface AdSearchResult {
  hits: AdHit[];
  total: number;
  page: number;
  pages: number;
  /** counts per value, keyed by the search field (sector, profession, jobType, contract, country, region) */
  facets: Record<string, Record<string, number>>;
  /** Meilisearch could not be reached: no results, and the page says so */
  unavailable: boolean;
  place: SearchPlace | null;
}

export interface AdSearchOptions {
  /** ads the person marked as not interesting */
  excludeIds?: number[];
  /** job alerts: only ads published since */
  publishedAfter?: Date;
  hitsPerPage?: number;
  /** default true */
  facets?: boolean;
  /**
   * A signed-in candidate's fit to an ad: every hit carries it, and a sort by fit or a lowest
   * fit (AdSearch.minFit) ranks the search's first FIT_POOL ads by it. Without it, both are ignored.
   */
  fit?: (ad: AdDocument) => AdFit;
}

/** How many of a search's ads a sort by fit or a lowest fit weighs (the index's reachable hits). */
export const FIT_POOL = MAX_TOTAL_HITS;

/** The facets, by search field, with the index attribute each counts. */
export const FACETS = {
  sector: "sectorId",
  profession: "professionId",
  jobType: "jobType",
  contract: "contract",
  country: "country",
  region: "regionCode",
} as const;
type Facet = keyof typeof FACETS;
const FACET_ATTRIBUTES = Object.values(FACETS);
/** the index attribute a radius filters on and a distance sort counts (see search-geo.ts) */
const POINT = "placePoint";

/** Which start dates each availability accepts; a start to be agreed suits every availability. */
const AVAILABILITY_DAYS = { now: 7, within14: 14, more14: 14 } as const;
const DAY = 86_400;
const TIMEOUT_MS = 2_000;
const RETRIEVED: (keyof AdDocument)[] = [
  "id",
  "slug",
  "title",
  "agencyId",
  "agencyName",
  "placeName",
  "postalCode",
  "regionCode",
  "country",
  "contract",
  "jobType",
  "sectorId",
  "professionId",
  "activityRateMin",
  "activityRateMax",
  "salaryMin",
  "salaryMax",
  "salaryPeriod",
  "hideSalary",
  "commitment",
  "commitmentDate",
  "publishedAt",
  "description",
  "lat",
  "lng",
  "requiredLicences",
  "requiredLanguages",
  "permitRequired",
];

/** What a fit is computed from, without the description the page's hits fetch afterwards. */
const FIT_ATTRIBUTES = RETRIEVED.filter((a) => a !== "description");

/** A value as a filter string literal: user text never reaches a filter unquoted. */
export function quote(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

const finite = (n: number) => {
  if (!Number.isFinite(n)) throw new Error(`not a number in a search filter: ${n}`);
  return n;
};

const pointsFilter = (points: readonly Point[]) => `${POINT} IN [${points.map((p) => quote(pointKey(p))).join(", ")}]`;

interface Clause {
  /** the facet this clause narrows (left out when counting that facet's own values) */
  facet?: Facet;
  filter: string;
}

/**
 * The Meilisearch filter clauses of a search (joined with AND). A radius is the list of points
 * with ads within it (`inRange`, null without a radius).
 */
export function searchClauses(
  s: AdSearch,
  inRange: readonly Point[] | null,
  opts: AdSearchOptions,
  now: Date,
): Clause[] {
  const clauses: Clause[] = [];
  const any = (facet: Facet, values: string[]) => {
    if (values.length) clauses.push({ facet, filter: `${FACETS[facet]} IN [${values.map(quote).join(", ")}]` });
  };
  any("sector", s.sector);
  any("profession", s.profession);
  any("jobType", s.jobType);
  any("contract", s.contract);
  if (s.country) clauses.push({ facet: "country", filter: `country = ${quote(s.country)}` });
  any("region", s.region);
  // the ad's range reaches the wanted rate
  if (s.rateMin != null) clauses.push({ filter: `activityRateMax >= ${finite(s.rateMin)}` });
  if (s.salaryMin != null) clauses.push({ filter: `salaryMonthly >= ${finite(s.salaryMin)}` });
  if (s.availability) {
    const today = Math.floor(now.getTime() / 1000 / DAY) * DAY;
    const limit = today + AVAILABILITY_DAYS[s.availability] * DAY;
    const op = s.availability === "more14" ? ">" : "<=";
    clauses.push({ filter: `(startsAt IS NULL OR startsAt ${op} ${limit})` });
  }
  if (inRange) clauses.push({ filter: pointsFilter(inRange) });
  const exclude = (opts.excludeIds ?? []).filter(Number.isSafeInteger);
  if (exclude.length) clauses.push({ filter: `id NOT IN [${exclude.join(", ")}]` });
  // to the millisecond, as documents are written (adDocument)
  if (opts.publishedAfter) clauses.push({ filter: `publishedAt > ${finite(opts.publishedAfter.getTime() / 1000)}` });
  return clauses;
}

/** The sort of every order but distance (see distancePage). */
function sortOf(s: AdSearch): string[] | undefined {
  switch (s.sort) {
    case "salary":
      return ["salaryMonthly:desc", "publishedAt:desc"];
    case "relevance":
      // without words to rank by, newest first
      return s.q ? undefined : ["publishedAt:desc"];
    default:
      return ["publishedAt:desc"];
  }
}

/** The place of a search: the chosen locality, else the one the typed text clearly names. */
export function resolvePlace(s: AdSearch): SearchPlace | null {
  const found =
    (s.placeId ? localityById(s.placeId) : undefined) ??
    (s.placeText ? bestLocality(s.placeText, s.country ?? undefined) : undefined);
  return found
    ? {
        id: found.id,
        name: found.name,
        postalCode: found.postalCode,
        country: found.country,
        lat: found.lat,
        lng: found.lng,
      }
    : null;
}

/** Meilisearch is down, unreachable, too slow, or its index is not there yet. */
function isUnavailable(error: unknown) {
  const refused = apiErrorOf(error);
  if (refused) return refused.cause?.code === "index_not_found" || refused.response.status >= 500;
  return error instanceof MeilisearchError;
}

/**
 * The ads at positions [from, to) of a distance sort, as queries: the points in distance order
 * (in the groups geo sort made, see distanceGroups), each group's ads newest first, so one query
 * per group the page overlaps, with its offset into the group. Exact because a group's count is
 * known (`counts`, the placePoint facet of the same filter); the result set is bounded by
 * MAX_TOTAL_HITS, as Meilisearch bounded it. One difference: geo sort cut a bucket at 1,000
 * documents, so past 1,000 matching ads at one point its order was not by date; here it is.
 */
function distancePage(
  place: Point,
  points: readonly Point[],
  counts: Record<string, number>,
  from: number,
  to: number,
) {
  const pages: { points: Point[]; offset: number; limit: number }[] = [];
  let before = 0;
  for (const group of distanceGroups(
    place,
    points.filter((p) => counts[pointKey(p)]),
  )) {
    const size = group.reduce((n, p) => n + counts[pointKey(p)]!, 0);
    const start = Math.max(from, before);
    const end = Math.min(to, before + size);
    if (start < end) pages.push({ points: group, offset: start - before, limit: end - start });
    before += size;
    if (before >= to) break;
  }
  return pages;
}

/** A result card from its document. */
function hitOf(d: AdDocument, place: Point | null, excerpt: string): AdHit {
  return {
    id: d.id,
    slug: d.slug,
    title: d.title,
    agencyId: d.agencyId,
    agencyName: d.agencyName,
    placeName: d.placeName,
    postalCode: d.postalCode,
    regionCode: d.regionCode,
    country: d.country,
    contract: d.contract,
    jobType: d.jobType,
    sectorId: d.sectorId,
    professionId: d.professionId,
    activityRateMin: d.activityRateMin,
    activityRateMax: d.activityRateMax,
    salaryMin: d.hideSalary ? null : d.salaryMin,
    salaryMax: d.hideSalary ? null : d.salaryMax,
    salaryPeriod: d.salaryPeriod,
    hideSalary: d.hideSalary,
    commitment: d.commitment,
    commitmentDate: d.commitmentDate,
    publishedAt: d.publishedAt,
    distanceKm: place && d.lat != null ? displayDistanceKm(place, d) : null,
    excerpt,
  };
}

/** One facet-count query of a search: from the cache, else asked. */
interface Counts {
  attributes: string[];
  filter: string[];
  /** the facet counted without its own selection; none for the search's own counts */
  facet?: Facet;
  key: string;
  value?: FacetCounts;
}

export interface AdSearchDeps {
  /** rm_ads (the points that have ads) and the index change announcements */
  sql: Db;
  logger?: Logger;
  now?: () => Date;
  /** the index searched (tests compare two) */
  index?: string;
  /** how this process hears of index writes; default: LISTEN on the database */
  generation?: IndexGeneration;
  /** facet-count queries kept (default 500; 0: none, as the benchmark's comparison) */
  facetCacheEntries?: number;
}

/**
 * The job search over the `ads` index. Facets are counted the disjunctive way: each facet's
 * counts ignore its own selection, so the other values of a chosen filter keep their numbers.
 * Facet counts are cached until the index changes; hits and totals are always asked.
 */
export function adSearch(
  client: Meilisearch,
  {
    sql,
    logger,
    now = () => new Date(),
    index = "ads",
    generation = watchAdsIndex(sql, logger),
    facetCacheEntries = 500,
  }: AdSearchDeps,
) {
  let downSince: number | null = null;
  const places = adPlaces(sql, generation);
  const cache = facetCache(generation, { max: facetCacheEntries });
  const excerptOf = excerpter();
  const multiSearch = async (queries: MultiSearchQuery[]) =>
    queries.length ? sendMultiSearch(client, queries, TIMEOUT_MS) : [];

  return {
    async search(s: AdSearch, opts: AdSearchOptions = {}): Promise<AdSearchResult> {
      const place = s.placeId || s.placeText ? resolvePlace(s) : null;
      const hitsPerPage = opts.hitsPerPage ?? SEARCH_PAGE_SIZE;
      const byFit = Boolean(opts.fit) && (s.sort === "fit" || s.minFit !== null);
      const byDistance = s.sort === "distance" && place !== null && !byFit;
      const points = place && (s.radiusKm || byDistance) ? await places.all() : [];
      const inRange = place && s.radiusKm ? points.filter((p) => inRadius(place, p, finite(s.radiusKm!) * 1000)) : null;
      const clauses = searchClauses(s, inRange, opts, now());
      const filterWithout = (facet?: Facet) => clauses.filter((c) => !facet || c.facet !== facet).map((c) => c.filter);
      const q = s.q.slice(0, MAX_QUERY_LENGTH);
      const base = { indexUid: index, q, matchingStrategy: "all" } as const;
      const asked = cache.generation();

      // the facet counts: the search's own (with its points' for a distance sort), then each
      // selected facet's without its selection
      const wantFacets = opts.facets ?? true;
      const counts: Counts[] = [];
      const count = (attributes: string[], filter: string[], facet?: Facet) => {
        const key = cache.key(q, filter, attributes);
        counts.push({ attributes, filter, facet, key, value: cache.get(key) });
      };
      if (wantFacets || byDistance)
        count([...(wantFacets ? FACET_ATTRIBUTES : []), ...(byDistance ? [POINT] : [])], filterWithout());
      const selected = wantFacets
        ? (Object.keys(FACETS) as Facet[]).filter((f) => clauses.some((c) => c.facet === f))
        : [];
      for (const f of selected) count([FACETS[f]], filterWithout(f), f);
      const own = counts.find((c) => !c.facet);
      const missing = counts.filter((c) => !c.value);

      try {
        // the search's own counts, when they must be asked, come with its hits (one query, not two)
        const withHits = !byDistance && !byFit && own && !own.value ? own : undefined;
        const apart = missing.filter((c) => c !== withHits);
        const hitsQuery: MultiSearchQuery = {
          ...base,
          filter: filterWithout(),
          sort: sortOf(s),
          page: s.page,
          hitsPerPage,
          attributesToRetrieve: RETRIEVED,
          facets: withHits?.attributes,
        };
        const answers = await multiSearch([
          ...(byDistance || byFit ? [] : [hitsQuery]),
          ...apart.map((c): MultiSearchQuery => ({ ...base, filter: c.filter, limit: 0, facets: c.attributes })),
        ]);
        const main = byDistance || byFit ? undefined : (answers.shift() as SearchResponse);
        if (withHits) withHits.value = main!.facetDistribution ?? {};
        apart.forEach((c, i) => (c.value = answers[i]!.facetDistribution ?? {}));
        for (const c of missing) cache.set(c.key, c.value!, asked);

        let docs: AdDocument[];
        let total: number;
        let fits = new Map<number, AdFit>();
        if (byFit) {
          // the search's first FIT_POOL ads in its own order, weighed; the page's kept ones fetched whole
          const [pool] = await multiSearch([
            {
              ...base,
              filter: filterWithout(),
              sort: sortOf(s),
              limit: FIT_POOL,
              attributesToRetrieve: FIT_ATTRIBUTES,
            },
          ]);
          const weighed = (pool!.hits as unknown as AdDocument[])
            .map((d) => ({ d, fit: opts.fit!(d) }))
            .filter((w) => s.minFit === null || w.fit.score >= s.minFit);
          if (s.sort === "fit") weighed.sort((a, b) => b.fit.score - a.fit.score || b.d.publishedAt - a.d.publishedAt);
          else if (s.sort === "distance" && place)
            weighed.sort(
              (a, b) => engineDistanceM(place, a.d) - engineDistanceM(place, b.d) || b.d.publishedAt - a.d.publishedAt,
            );
          total = weighed.length;
          const page = weighed.slice((s.page - 1) * hitsPerPage, s.page * hitsPerPage);
          fits = new Map(page.map((w) => [w.d.id, w.fit]));
          const [whole] = await multiSearch(
            page.length
              ? [
                  {
                    indexUid: index,
                    filter: `id IN [${page.map((w) => w.d.id).join(", ")}]`,
                    limit: page.length,
                    attributesToRetrieve: RETRIEVED,
                  },
                ]
              : [],
          );
          const byId = new Map(((whole?.hits ?? []) as unknown as AdDocument[]).map((d) => [d.id, d]));
          // an ad unpublished between the two queries is left out
          docs = page.flatMap((w) => byId.get(w.d.id) ?? []);
        } else if (byDistance) {
          const perPoint = own!.value![POINT] ?? {};
          total = Math.min(
            MAX_TOTAL_HITS,
            Object.values(perPoint).reduce((a, b) => a + b, 0),
          );
          const from = (s.page - 1) * hitsPerPage;
          const pages = distancePage(place, inRange ?? points, perPoint, from, Math.min(total, from + hitsPerPage));
          const answered = await multiSearch(
            pages.map((p): MultiSearchQuery => ({
              ...base,
              filter: [...filterWithout(), pointsFilter(p.points)],
              sort: ["publishedAt:desc"],
              offset: p.offset,
              limit: p.limit,
              attributesToRetrieve: RETRIEVED,
            })),
          );
          docs = answered.flatMap((r) => r.hits as unknown as AdDocument[]);
        } else {
          docs = main!.hits as unknown as AdDocument[];
          total = main!.totalHits ?? docs.length;
        }
        if (downSince !== null) logger?.info({ downMs: Date.now() - downSince }, "search is reachable again");
        downSince = null;

        const facets: AdSearchResult["facets"] = {};
        if (wantFacets)
          for (const [facet, attribute] of Object.entries(FACETS)) facets[facet] = own!.value![attribute] ?? {};
        for (const c of counts) if (c.facet) facets[c.facet] = c.value![FACETS[c.facet]] ?? {};
        const hits = docs.map((d) => {
          const fit = fits.get(d.id) ?? opts.fit?.(d);
          return { ...hitOf(d, place, excerptOf(d.description ?? "", q)), ...(fit ? { fit } : {}) };
        });
        return {
          hits,
          total,
          page: s.page,
          pages: Math.max(1, Math.ceil(total / hitsPerPage)),
          facets,
          unavailable: false,
          place,
        };
      } catch (error) {
        if (!isUnavailable(error)) throw error;
        // one line when it goes down, not one per search
        if (downSince === null) logger?.warn({ err: error }, "search unavailable");
        downSince ??= Date.now();
        return { hits: [], total: 0, page: s.page, pages: 1, facets: {}, unavailable: true, place };
      }
    },
    /** Stops listening for index changes. */
    close: () => generation.close(),
  };
}

export type AdSearchService = ReturnType<typeof adSearch>;
