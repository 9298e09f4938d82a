import type { Meilisearch, SearchParams } from "meilisearch";
import type { Db } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { MAX_TOTAL_HITS } from "../../search/indexes";
import { folderMemberIds } from "../folders";
import { isAgencyStaff, type Actor } from "../identity/contract";
import { bestLocality, localityById, REGIONS } from "../reference";
import { additionFilters, agencyTags, archiveFilter, tagAttribute, type AgencyTag } from "./agency-additions";
import { parseQuery, toMeilisearch, type QueryError, type QueryNode } from "./boolean-query";
import type { CandidateDocument } from "./document-shape";
import {
  ACTIVITY_DAYS,
  LIBRARY_FACETS,
  LIBRARY_PAGE_SIZE,
  LIBRARY_RADII,
  type LibraryFacet,
  type LibrarySearch,
} from "./search-params";

/** One result: what a card shows (no contact details: ADR 0034). */
export interface LibraryHit {
  id: string;
  firstName: string;
  lastName: string;
  placeName: string;
  professions: string[];
  availability: string | null;
  contractType: string | null;
  /** epoch seconds */
  lastActivity: number;
  documentsValid: boolean;
  distanceKm: number | null;
  /** a few words around what was searched; the matches between \u0001 and \u0002 */
  excerpt: string;
  /** the searching agency's tags on them (never another agency's) */
  tags: AgencyTag[];
}

export interface LibraryResult {
  hits: LibraryHit[];
  total: number;
  page: number;
  pages: number;
  facets: Partial<Record<LibraryFacet, Record<string, number>>>;
  /** candidates active within each of ACTIVITY_DAYS */
  activity: Record<string, number>;
  /** candidates whose documents are all valid ("yes") or not ("no") */
  validity: Record<string, number>;
  /** the query could not be read: the message, the query kept in the box */
  queryError: QueryError | null;
  /** the place typed is no known locality */
  placeUnknown: boolean;
  place: { name: string; postalCode: string } | null;
  /** Meilisearch could not be reached */
  unavailable: boolean;
  /** the local names of the cantons and regions in the facets */
  regionNames: Record<string, string>;
  /** the agency's tags among the results (and those chosen), with their counts */
  tags: (AgencyTag & { count: number })[];
  /** how many of the results the agency archived (the "archived" filter's count) */
  archived: number;
}

const MARK_START = "\u0001";
const MARK_END = "\u0002";
const quote = (v: string) => `"${v.replace(/["\\]/g, "\\$&")}"`;
const RADIANS = Math.PI / 180;
/** great-circle km, one decimal */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const h =
    Math.sin(((b.lat - a.lat) * RADIANS) / 2) ** 2 +
    Math.cos(a.lat * RADIANS) * Math.cos(b.lat * RADIANS) * Math.sin(((b.lng - a.lng) * RADIANS) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10;
}
const pointOf = (key: string) => {
  const [lat, lng] = key.split(",").map(Number);
  return { lat: lat!, lng: lng! };
};

/**
 * The place filter without `_geo` (DESIGN section 6): the points where the agency's candidates
 * live are counted once (a facet), measured in the app, and become `placePoint IN [...]`. "Lives
 * within N km" keeps the points within N; "would travel there" keeps each point with the
 * candidates whose mobility radius (one of LIBRARY_RADII) covers its distance.
 */
export function placeFilter(
  points: string[],
  center: { lat: number; lng: number },
  search: Pick<LibrarySearch, "radius" | "reach">,
): string {
  const measured = points.map((p) => ({ p, d: distanceKm(center, pointOf(p)) }));
  if (search.reach === "lives") {
    const near = measured.filter((m) => m.d <= search.radius).map((m) => quote(m.p));
    return near.length ? `placePoint IN [${near.join(", ")}]` : `id = "none"`;
  }
  const clauses: string[] = [];
  let below = -1;
  for (const r of LIBRARY_RADII) {
    const ring = measured.filter((m) => m.d > below && m.d <= r).map((m) => quote(m.p));
    if (ring.length) clauses.push(`(placePoint IN [${ring.join(", ")}] AND mobilityKm >= ${r})`);
    below = r;
  }
  return clauses.length ? `(${clauses.join(" OR ")})` : `id = "none"`;
}

/** The first searched attribute with a match, else the start of the CV's text. */
function excerptOf(formatted: Record<string, unknown> | undefined): string {
  if (!formatted) return "";
  for (const key of ["cvText", "experience", "skills", "desiredJobs", "training", "documentTitles"]) {
    const v = formatted[key];
    const texts = Array.isArray(v) ? (v as string[]) : typeof v === "string" ? [v] : [];
    const hit = texts.find((t) => t.includes(MARK_START));
    if (hit) return hit;
  }
  return typeof formatted.cvText === "string" ? formatted.cvText : "";
}

export type LibrarySearchService = ReturnType<typeof librarySearch>;

/** The CV library's search over the `candidates` index, scoped to the actor's agency on the server. */
export function librarySearch(client: Meilisearch, { sql, logger, now }: { sql: Db; logger: Logger; now: () => Date }) {
  const index = client.index<CandidateDocument>("candidates");

  /** Who the agency sees: those it dealt with, and those visible to its country (ADR 0034). */
  async function tenantFilter(actor: Actor): Promise<string> {
    if (!isAgencyStaff(actor) || !actor.agencyId) throw new AppError("forbidden", "not_authorized");
    const [agency] = await sql<{ country: string }[]>`select country from rm_agencies where id = ${actor.agencyId}`;
    if (!agency) throw new AppError("forbidden", "not_authorized");
    return `(agencyIds = ${quote(actor.agencyId)} OR visibleCountry = ${quote(agency.country)})`;
  }

  /** The search's words and filters (the place filter apart: it needs a look at the index). */
  function filtersOf(tenant: string, agencyId: string, node: QueryNode | null, s: LibrarySearch) {
    const { q, filter: queryFilter } = toMeilisearch(node);
    const filters = [tenant, ...queryFilter, ...additionFilters(agencyId, s)];
    for (const [field, attribute] of Object.entries(LIBRARY_FACETS) as [LibraryFacet, string][]) {
      const chosen = s[field];
      if (chosen.length) filters.push(`${attribute} IN [${chosen.map(quote).join(", ")}]`);
    }
    if (s.level && s.language.length === 1) filters.push(`languageLevels = ${quote(`${s.language[0]}:${s.level}`)}`);
    const nowSeconds = Math.floor(now().getTime() / 1000);
    if (s.activity) filters.push(`lastActivity >= ${nowSeconds - s.activity * 86400}`);
    const validFilter = { yes: `documentsExpireAt > ${nowSeconds}`, no: `documentsExpireAt <= ${nowSeconds}` };
    if (s.valid) filters.push(validFilter[s.valid]);
    return { q, filters, nowSeconds, validFilter };
  }

  /** "Lives within N km" or "would travel there" (clause null: no place asked; "unknown": no such place). */
  async function placeClause(tenant: string, s: LibrarySearch) {
    if (!s.place) return { place: undefined, clause: null };
    const place = localityById(s.place) ?? bestLocality(s.place);
    if (!place) return "unknown" as const;
    const points = await index.search("", { filter: tenant, limit: 0, facets: ["placePoint"] });
    return { place, clause: placeFilter(Object.keys(points.facetDistribution?.placePoint ?? {}), place, s) };
  }

  /** `folder=<id>`: that folder's candidates, if the actor may see it (else nobody). */
  async function folderClause(actor: Actor, s: LibrarySearch): Promise<string | null> {
    if (!s.folder) return null;
    const ids = (await folderMemberIds(sql, actor, s.folder)) ?? [];
    return `id IN [${ids.map(quote).join(", ") || '"none"'}]`;
  }

  return {
    /**
     * The ids of the candidates a saved search matches now, most recently active first (at most
     * MAX_TOTAL_HITS), for its daily alert; unavailable when Meilisearch cannot be reached.
     */
    async matchingIds(
      actor: Actor,
      s: LibrarySearch,
    ): Promise<{ ids: string[]; unavailable: false } | { ids: null; unavailable: true }> {
      const tenant = await tenantFilter(actor);
      const parsed = parseQuery(s.q);
      if (!parsed.ok) return { ids: [], unavailable: false };
      const { q, filters } = filtersOf(tenant, actor.agencyId!, parsed.node, s);
      const inFolder = await folderClause(actor, s);
      if (inFolder) filters.push(inFolder);
      try {
        const place = await placeClause(tenant, s);
        if (place === "unknown") return { ids: [], unavailable: false };
        if (place.clause) filters.push(place.clause);
        const found = await index.search(q, {
          filter: filters,
          matchingStrategy: "all",
          limit: MAX_TOTAL_HITS,
          sort: ["lastActivity:desc"],
          attributesToRetrieve: ["id"],
        });
        return { ids: found.hits.map((h) => h.id), unavailable: false };
      } catch (err) {
        logger.warn({ err }, "CV library search failed");
        return { ids: null, unavailable: true };
      }
    },

    async search(actor: Actor, s: LibrarySearch): Promise<LibraryResult> {
      const tenant = await tenantFilter(actor);
      const agencyId = actor.agencyId!;
      const empty: LibraryResult = {
        hits: [],
        total: 0,
        page: s.page,
        pages: 0,
        facets: {},
        activity: {},
        validity: {},
        queryError: null,
        placeUnknown: false,
        place: null,
        unavailable: false,
        regionNames: {},
        tags: [],
        archived: 0,
      };
      const parsed = parseQuery(s.q);
      if (!parsed.ok) return { ...empty, queryError: parsed.error };
      const { q, filters, nowSeconds, validFilter } = filtersOf(tenant, agencyId, parsed.node, s);
      const inFolder = await folderClause(actor, s);
      if (inFolder) filters.push(inFolder);

      try {
        const placed = await placeClause(tenant, s);
        if (placed === "unknown") return { ...empty, placeUnknown: true };
        const { place } = placed;
        if (placed.clause) filters.push(placed.clause);
        const byDistance = s.sort === "distance" && place;
        const common: SearchParams = {
          filter: filters,
          matchingStrategy: "all",
          attributesToHighlight: ["cvText", "experience", "skills", "desiredJobs", "training", "documentTitles"],
          highlightPreTag: MARK_START,
          highlightPostTag: MARK_END,
          attributesToCrop: ["cvText"],
          cropLength: 24,
        };
        let response;
        let total: number;
        if (byDistance) {
          // distance is sorted in the app over the bounded result set (DESIGN section 6)
          const all = await index.search(q, {
            filter: filters,
            matchingStrategy: "all",
            limit: MAX_TOTAL_HITS,
            attributesToRetrieve: ["id", "lat", "lng"],
          });
          const ordered = all.hits
            .map((h) => ({ id: h.id, d: h.lat == null ? Infinity : distanceKm(place, { lat: h.lat, lng: h.lng! }) }))
            .sort((a, b) => a.d - b.d)
            .slice((s.page - 1) * LIBRARY_PAGE_SIZE, s.page * LIBRARY_PAGE_SIZE)
            .map((h) => h.id);
          total = all.estimatedTotalHits ?? all.hits.length;
          response = await index.search(q, {
            ...common,
            filter: [...filters, `id IN [${ordered.map(quote).join(", ") || '"none"'}]`],
            limit: LIBRARY_PAGE_SIZE,
          });
          response.hits.sort((a, b) => ordered.indexOf(a.id) - ordered.indexOf(b.id));
        } else {
          response = await index.search(q, {
            ...common,
            hitsPerPage: LIBRARY_PAGE_SIZE,
            page: s.page,
            sort: s.sort === "activity" ? ["lastActivity:desc"] : undefined,
          });
          total = response.totalHits ?? 0;
        }
        const facetsResponse = await index.search(q, {
          filter: filters,
          matchingStrategy: "all",
          limit: 0,
          facets: [...Object.values(LIBRARY_FACETS), tagAttribute(agencyId)],
        });
        // the two counts without a facet of their own: each option with the other filters
        const count = (drop: string, extra: string) => ({
          indexUid: "candidates",
          q,
          matchingStrategy: "all" as const,
          limit: 0,
          filter: [...filters.filter((f) => !f.startsWith(drop)), extra],
        });
        const counts = await client.multiSearch({
          queries: [
            ...ACTIVITY_DAYS.map((days) => count("lastActivity", `lastActivity >= ${nowSeconds - days * 86400}`)),
            count("documentsExpireAt", validFilter.yes),
            count("documentsExpireAt", validFilter.no),
            count("archivedBy", archiveFilter(agencyId, true)),
          ],
        });
        const tagsOfAgency = await agencyTags(sql, agencyId);
        const tagOf = (key: string): AgencyTag => tagsOfAgency.get(key) ?? { key, label: key, colour: "slate" };
        const tagCounts = facetsResponse.facetDistribution?.[tagAttribute(agencyId)] ?? {};
        const countOf = (i: number) => counts.results[i]?.estimatedTotalHits ?? 0;
        const facets: LibraryResult["facets"] = {};
        for (const [field, attribute] of Object.entries(LIBRARY_FACETS) as [LibraryFacet, string][])
          facets[field] = facetsResponse.facetDistribution?.[attribute] ?? {};
        return {
          ...empty,
          total,
          pages: Math.ceil(Math.min(total, MAX_TOTAL_HITS) / LIBRARY_PAGE_SIZE),
          hits: response.hits.map((h) => ({
            id: h.id,
            firstName: h.firstName,
            lastName: h.lastName,
            placeName: h.placeName,
            professions: h.professions,
            availability: h.availability,
            contractType: h.contractType,
            lastActivity: h.lastActivity,
            documentsValid: h.documentsExpireAt > nowSeconds,
            distanceKm: place && h.lat != null ? distanceKm(place, { lat: h.lat, lng: h.lng! }) : null,
            excerpt: excerptOf(h._formatted as Record<string, unknown> | undefined),
            tags: (h.agencyTags?.[agencyId] ?? []).map(tagOf),
          })),
          facets,
          activity: Object.fromEntries(ACTIVITY_DAYS.map((d, i) => [String(d), countOf(i)])),
          validity: { yes: countOf(ACTIVITY_DAYS.length), no: countOf(ACTIVITY_DAYS.length + 1) },
          archived: countOf(ACTIVITY_DAYS.length + 2),
          tags: [...new Set([...s.tag, ...Object.keys(tagCounts)])].map((key) => ({
            ...tagOf(key),
            count: tagCounts[key] ?? 0,
          })),
          place: place ? { name: place.name, postalCode: place.postalCode } : null,
          regionNames: Object.fromEntries(
            Object.keys(facets.region ?? {}).map((code) => [code, REGIONS.find((r) => r.code === code)?.name ?? code]),
          ),
        };
      } catch (err) {
        logger.warn({ err }, "CV library search failed");
        return { ...empty, unavailable: true };
      }
    },
  };
}
