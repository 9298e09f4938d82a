import { PROFESSIONS, SECTORS } from "../reference/contract";
import { AD_COUNTRIES, CONTRACTS, JOB_TYPES } from "./rules";

/**
 * The job search's state as the URL carries it (/rechercher-un-emploi?…, saved searches,
 * alerts). Pure: the page, the search engine query and the saved searches share it.
 */
export interface AdSearch {
  q: string;
  sector: string[];
  profession: string[];
  jobType: string[];
  contract: string[];
  /** lowest activity rate wanted, in % */
  rateMin: number | null;
  country: "CH" | "FR" | null;
  /** region or canton codes (CH-GE, FR-84) */
  region: string[];
  availability: "now" | "within14" | "more14" | null;
  /** lowest gross monthly salary wanted (hourly and yearly salaries are compared as monthly) */
  salaryMin: number | null;
  placeId: string | null;
  /** the place as typed (no JavaScript, or before a suggestion was picked) */
  placeText: string;
  radiusKm: number | null;
  sort: "date" | "distance" | "salary" | "relevance" | "fit";
  /** a signed-in candidate's lowest fit wanted, in % (FIT_LEVELS); ignored for anyone else */
  minFit: number | null;
  page: number;
}

export const AVAILABILITIES = ["now", "within14", "more14"] as const;
export const RADII_KM = [5, 10, 20, 50, 100] as const;
export const SORTS = ["date", "distance", "salary", "relevance", "fit"] as const;
/** the lowest fits a candidate may ask of a search or an alert */
export const FIT_LEVELS = [50, 70, 85] as const;
export const SEARCH_PAGE_SIZE = 20;
/** the index keeps at most 1,000 hits reachable (maxTotalHits) */
export const MAX_PAGE = 1000 / SEARCH_PAGE_SIZE;
export const MAX_QUERY_LENGTH = 200;
const MAX_PLACE_TEXT = 120;
const MAX_SALARY = 10_000_000;

const PROFESSION_IDS = PROFESSIONS.map((p) => p.id);
const REGION_CODE = /^(CH|FR)-[A-Z0-9]{1,4}$/;
const PLACE_ID = /^[A-Za-z0-9_-]{1,80}$/;

export const emptyAdSearch = (): AdSearch => ({
  q: "",
  sector: [],
  profession: [],
  jobType: [],
  contract: [],
  rateMin: null,
  country: null,
  region: [],
  availability: null,
  salaryMin: null,
  placeId: null,
  placeText: "",
  radiusKm: null,
  sort: "date",
  minFit: null,
  page: 1,
});

/** Known values only, once each, in the list's own order (so equal searches give equal URLs). */
const pick = (params: URLSearchParams, key: string, known: readonly string[]) => {
  const asked = new Set(params.getAll(key));
  return known.filter((v) => asked.has(v));
};

const oneOf = <T extends string>(value: string | null, known: readonly T[]): T | null =>
  (known as readonly string[]).includes(value ?? "") ? (value as T) : null;

/** "4 000", "4'000", "4000,50" → 4000, 4000, 4000.5; anything else → NaN */
const toNumber = (value: string | null) => {
  const cleaned = (value ?? "")
    .trim()
    .replace(/[\s'’]/g, "")
    .replace(",", ".");
  return cleaned === "" || !/^\d+(\.\d+)?$/.test(cleaned) ? Number.NaN : Number(cleaned);
};

/**
 * Reads a search from a query string. Tolerant by design: whatever a person or a stale link
 * sends, the result is a valid search (unknown values are dropped, text is trimmed and cut).
 */
export function parseAdSearch(params: URLSearchParams): AdSearch {
  const rate = Math.round(toNumber(params.get("rateMin")));
  const salary = toNumber(params.get("salaryMin"));
  const radius = Number(params.get("radius"));
  const page = Number(params.get("page"));
  const placeId = (params.get("placeId") ?? "").trim();
  const placeText = clean(params.get("placeText"), MAX_PLACE_TEXT);
  const hasPlace = placeId !== "" || placeText !== "";
  const sort = oneOf(params.get("sort"), SORTS) ?? "date";
  const minFit = Number(params.get("fit"));
  return {
    q: clean(params.get("q"), MAX_QUERY_LENGTH),
    sector: pick(params, "sector", SECTORS),
    profession: pick(params, "profession", PROFESSION_IDS),
    jobType: pick(params, "jobType", JOB_TYPES),
    contract: pick(params, "contract", CONTRACTS),
    rateMin: rate >= 1 && rate <= 100 ? rate : null,
    country: oneOf(params.get("country"), AD_COUNTRIES),
    region: [...new Set(params.getAll("region").map((r) => r.trim().toUpperCase()))]
      .filter((r) => REGION_CODE.test(r))
      .sort(),
    availability: oneOf(params.get("availability"), AVAILABILITIES),
    salaryMin: salary > 0 && salary <= MAX_SALARY ? salary : null,
    placeId: PLACE_ID.test(placeId) ? placeId : null,
    placeText,
    radiusKm: (RADII_KM as readonly number[]).includes(radius) ? radius : null,
    // a distance needs a place to measure from
    sort: sort === "distance" && !hasPlace ? "date" : sort,
    minFit: (FIT_LEVELS as readonly number[]).includes(minFit) ? minFit : null,
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** Text as typed, without control characters and surrounding spaces, at most `max` characters. */
function clean(value: string | null, max: number) {
  return (
    (value ?? "")
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]+/g, " ")
      .trim()
      .slice(0, max)
      .trim()
  );
}

/**
 * The canonical query string of a search (the GET form's field names, defaults left out): the
 * shareable URL, and what saved searches keep (without the page).
 */
export function adSearchToQuery(s: AdSearch, opts: { withPage?: boolean } = {}): string {
  const params = new URLSearchParams();
  const add = (key: string, value: string | number | null) => {
    if (value !== null && value !== "") params.append(key, String(value));
  };
  add("q", s.q);
  s.sector.forEach((v) => add("sector", v));
  s.profession.forEach((v) => add("profession", v));
  s.jobType.forEach((v) => add("jobType", v));
  s.contract.forEach((v) => add("contract", v));
  add("rateMin", s.rateMin);
  add("country", s.country);
  s.region.forEach((v) => add("region", v));
  add("availability", s.availability);
  add("salaryMin", s.salaryMin);
  add("placeId", s.placeId);
  add("placeText", s.placeText);
  add("radius", s.radiusKm);
  add("fit", s.minFit);
  if (s.sort !== "date") add("sort", s.sort);
  if (opts.withPage && s.page > 1) add("page", s.page);
  return params.toString();
}

/** True when the search narrows nothing (no text, no filter, no place). */
export function isEmptySearch(s: AdSearch): boolean {
  return adSearchToQuery({ ...s, sort: "date" }) === "";
}
