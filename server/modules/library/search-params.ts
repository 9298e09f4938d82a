import { z } from "zod";

/** The CV library's search, as its form sends it (GET, so a search is a link and works without JavaScript). */
export const LIBRARY_PAGE_SIZE = 20;
export const MAX_LIBRARY_QUERY = 300;
export const LIBRARY_RADII = [5, 10, 20, 30, 50, 100] as const;
export const LIBRARY_SORTS = ["relevance", "activity", "distance"] as const;
/** "lives": lives within the radius; "travels": their own mobility radius reaches the place */
export const PLACE_MODES = ["lives", "travels"] as const;
/** last activity within this many days */
export const ACTIVITY_DAYS = [7, 30, 90, 365] as const;

/** The facets: search field → index attribute (each a list of values the form sends as repeated fields). */
export const LIBRARY_FACETS = {
  profession: "professions",
  sector: "sectors",
  availability: "availability",
  contract: "contractType",
  permit: "workPermit",
  licence: "licences",
  language: "languages",
  country: "country",
  region: "regionCode",
  department: "department",
} as const;
/** documents valid (no expired permit or ID) or not: counted at search time, an expiry needs no event */
export const VALIDITY = ["yes", "no"] as const;
export type LibraryFacet = keyof typeof LIBRARY_FACETS;

const values = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) =>
    (v === undefined ? [] : Array.isArray(v) ? v : [v])
      .map((x) => x.trim())
      .filter(Boolean)
      .slice(0, 20),
  );
const oneOf = <T extends readonly [string, ...string[]]>(choices: T, fallback: T[number]) =>
  z
    .string()
    .optional()
    .transform((v) => ((choices as readonly string[]).includes(v ?? "") ? (v as T[number]) : fallback));

export const librarySearchSchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? "").slice(0, MAX_LIBRARY_QUERY)),
  ...(Object.fromEntries(Object.keys(LIBRARY_FACETS).map((k) => [k, values])) as Record<LibraryFacet, typeof values>),
  /** the agency's own tags (their keys), any of them; and "1": only the candidates it archived (ADR 0036) */
  tag: values,
  archived: z
    .string()
    .optional()
    .transform((v) => v === "1"),
  /** spoken at least this level, with `language` */
  level: z.string().optional(),
  activity: z
    .string()
    .optional()
    .transform((v) => ((ACTIVITY_DAYS as readonly number[]).includes(Number(v)) ? Number(v) : null)),
  place: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, 120)),
  radius: z
    .string()
    .optional()
    .transform((v) => ((LIBRARY_RADII as readonly number[]).includes(Number(v)) ? Number(v) : 20)),
  reach: oneOf(PLACE_MODES, "lives"),
  valid: z
    .string()
    .optional()
    .transform((v) => ((VALIDITY as readonly string[]).includes(v ?? "") ? (v as (typeof VALIDITY)[number]) : null)),
  sort: oneOf(LIBRARY_SORTS, "relevance"),
  /** a favourite folder's candidates only (issue 29): the server checks the folder is the user's to see */
  folder: z
    .string()
    .optional()
    .transform((v) => (v && /^[0-9a-f-]{36}$/i.test(v) ? v : null)),
  page: z
    .string()
    .optional()
    .transform((v) => Math.min(50, Math.max(1, Math.floor(Number(v)) || 1))),
});
export type LibrarySearch = z.output<typeof librarySearchSchema>;

/** The search read from a URL's query string (unknown or bad values fall back to their defaults). */
export function librarySearchOf(params: URLSearchParams): LibrarySearch {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    raw[key] = all.length > 1 ? all : all[0]!;
  }
  return librarySearchSchema.parse(raw);
}
