import { MeilisearchApiError, MeilisearchError, type Meilisearch, type MultiSearchQuery } from "meilisearch";
import type { Logger } from "../../lib/logger";
import { bestLocality, localityById } from "../reference";
import type { Locality } from "../reference/contract";
import type { AdDocument } from "./indexer";
import { MAX_QUERY_LENGTH, SEARCH_PAGE_SIZE, type AdSearch } from "./search-params";

/** One result of the job search: what a result card shows. */
export interface AdHit {
  id: number;
  slug: string;
  title: string;
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
}

/** The facets, by search field, with the index attribute each counts. */
export const FACETS = { sector: "sectorId", profession: "professionId", jobType: "jobType", contract: "contract", country: "country", region: "regionCode" } as const;
type Facet = keyof typeof FACETS;

/** Which start dates each availability accepts; a start to be agreed suits every availability. */
const AVAILABILITY_DAYS = { now: 7, within14: 14, more14: 14 } as const;
const DAY = 86_400;
const TIMEOUT_MS = 2_000;
const RETRIEVED: (keyof AdDocument)[] = [
  "id",
  "slug",
  "title",
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
  "_geo",
];

/** A value as a filter string literal: user text never reaches a filter unquoted. */
export function quote(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

const finite = (n: number) => {
  if (!Number.isFinite(n)) throw new Error(`not a number in a search filter: ${n}`);
  return n;
};

interface Clause {
  /** the facet this clause narrows (left out when counting that facet's own values) */
  facet?: Facet;
  filter: string;
}

/** The Meilisearch filter clauses of a search (joined with AND). */
export function searchClauses(s: AdSearch, place: SearchPlace | null, opts: AdSearchOptions, now: Date): Clause[] {
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
  if (place && s.radiusKm) clauses.push({ filter: `_geoRadius(${finite(place.lat)}, ${finite(place.lng)}, ${finite(s.radiusKm) * 1000})` });
  const exclude = (opts.excludeIds ?? []).filter(Number.isSafeInteger);
  if (exclude.length) clauses.push({ filter: `id NOT IN [${exclude.join(", ")}]` });
  if (opts.publishedAfter) clauses.push({ filter: `publishedAt > ${finite(Math.floor(opts.publishedAfter.getTime() / 1000))}` });
  return clauses;
}

function sortOf(s: AdSearch, place: SearchPlace | null): string[] | undefined {
  switch (s.sort) {
    case "distance":
      return place ? [`_geoPoint(${place.lat}, ${place.lng}):asc`, "publishedAt:desc"] : ["publishedAt:desc"];
    case "salary":
      return ["salaryMonthly:desc", "publishedAt:desc"];
    case "relevance":
      // without words to rank by, newest first
      return s.q ? undefined : ["publishedAt:desc"];
    default:
      return ["publishedAt:desc"];
  }
}

/** Great-circle distance in km, one decimal. */
function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10;
}

/** The place of a search: the chosen locality, else the one the typed text clearly names. */
export function resolvePlace(s: AdSearch): SearchPlace | null {
  const found = (s.placeId ? localityById(s.placeId) : undefined) ?? (s.placeText ? bestLocality(s.placeText, s.country ?? undefined) : undefined);
  return found ? { id: found.id, name: found.name, postalCode: found.postalCode, country: found.country, lat: found.lat, lng: found.lng } : null;
}

/** Meilisearch is down, unreachable, too slow, or its index is not there yet. */
function isUnavailable(error: unknown) {
  if (error instanceof MeilisearchApiError) return error.cause?.code === "index_not_found" || error.response.status >= 500;
  return error instanceof MeilisearchError;
}

/**
 * The job search over the `ads` index. Facets are counted the disjunctive way: each facet's
 * counts ignore its own selection, so the other values of a chosen filter keep their numbers.
 */
export function adSearch(client: Meilisearch, { logger, now = () => new Date() }: { logger?: Logger; now?: () => Date } = {}) {
  let downSince: number | null = null;
  return {
    async search(s: AdSearch, opts: AdSearchOptions = {}): Promise<AdSearchResult> {
      const place = s.placeId || s.placeText ? resolvePlace(s) : null;
      const hitsPerPage = opts.hitsPerPage ?? SEARCH_PAGE_SIZE;
      const clauses = searchClauses(s, place, opts, now());
      const filterWithout = (facet?: Facet) => clauses.filter((c) => !facet || c.facet !== facet).map((c) => c.filter);
      const base: MultiSearchQuery = { indexUid: "ads", q: s.q.slice(0, MAX_QUERY_LENGTH), matchingStrategy: "all" };
      const wantFacets = opts.facets ?? true;
      const main: MultiSearchQuery = {
        ...base,
        filter: filterWithout(),
        sort: sortOf(s, place),
        page: s.page,
        hitsPerPage,
        attributesToRetrieve: RETRIEVED,
        attributesToCrop: ["description"],
        cropLength: 30,
        facets: wantFacets ? Object.values(FACETS) : undefined,
      };
      // a facet with a selection is counted again without it
      const selected = wantFacets ? (Object.keys(FACETS) as Facet[]).filter((f) => clauses.some((c) => c.facet === f)) : [];
      const queries = [main, ...selected.map((f): MultiSearchQuery => ({ ...base, filter: filterWithout(f), limit: 0, facets: [FACETS[f]] }))];
      try {
        const { results } = await client.multiSearch({ queries }, { signal: AbortSignal.timeout(TIMEOUT_MS) });
        if (downSince !== null) logger?.info({ downMs: Date.now() - downSince }, "search is reachable again");
        downSince = null;
        const [first, ...others] = results;
        const facets: AdSearchResult["facets"] = {};
        for (const [facet, attribute] of Object.entries(FACETS)) facets[facet] = first!.facetDistribution?.[attribute] ?? {};
        selected.forEach((facet, i) => (facets[facet] = others[i]!.facetDistribution?.[FACETS[facet]] ?? {}));
        const hits = (first!.hits as unknown as (AdDocument & { _formatted?: { description?: string } })[]).map((d): AdHit => ({
          id: d.id,
          slug: d.slug,
          title: d.title,
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
          distanceKm: place && d._geo ? distanceKm(place, d._geo) : null,
          excerpt: d._formatted?.description ?? "",
        }));
        const total = first!.totalHits ?? hits.length;
        return { hits, total, page: s.page, pages: Math.max(1, Math.ceil(total / hitsPerPage)), facets, unavailable: false, place };
      } catch (error) {
        if (!isUnavailable(error)) throw error;
        // one line when it goes down, not one per search
        if (downSince === null) logger?.warn({ err: error }, "search unavailable");
        downSince ??= Date.now();
        return { hits: [], total: 0, page: s.page, pages: 1, facets: {}, unavailable: true, place };
      }
    },
  };
}

export type AdSearchService = ReturnType<typeof adSearch>;
