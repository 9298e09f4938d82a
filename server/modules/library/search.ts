import type { FacetDistribution, Hits, Meilisearch, MultiSearchQuery, SearchResponse } from "meilisearch";
import type { Db } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { multiSearch } from "../../search/client";
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
  /** this agency deactivated them for itself (ADR 0038) */
  deactivated: boolean;
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

/** Meilisearch must answer within this (as the job search's); else the search says it is unavailable */
const TIMEOUT_MS = 2_000;
/** the attributes a result card shows, and those its excerpt is taken from */
const CARD_ATTRIBUTES = [
  "deactivatedBy",
  "id",
  "firstName",
  "lastName",
  "placeName",
  "professions",
  "availability",
  "contractType",
  "lastActivity",
  "documentsExpireAt",
  "lat",
  "lng",
];
const EXCERPT_ATTRIBUTES = ["cvText", "experience", "skills", "desiredJobs", "training", "documentTitles"];
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
  for (const key of EXCERPT_ATTRIBUTES) {
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
  /** The searches in one request, without the client's machinery around each call (ADR 0026). */
  const send = async (queries: MultiSearchQuery[]) =>
    (await multiSearch(client, queries, TIMEOUT_MS)) as SearchResponse<CandidateDocument>[];

  /** an agency's country never changes: asked once per agency and process */
  const countries = new Map<string, string>();

  /** Who the agency sees: those it dealt with, and those visible to its country (ADR 0034). */
  async function tenantFilter(actor: Actor): Promise<string> {
    if (!isAgencyStaff(actor) || !actor.agencyId) throw new AppError("forbidden", "not_authorized");
    let country = countries.get(actor.agencyId);
    if (!country) {
      const [agency] = await sql<{ country: string }[]>`select country from rm_agencies where id = ${actor.agencyId}`;
      if (!agency) throw new AppError("forbidden", "not_authorized");
      countries.set(actor.agencyId, (country = agency.country));
    }
    return `(agencyIds = ${quote(actor.agencyId)} OR visibleCountry = ${quote(country)})`;
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
    const [points] = await send([{ indexUid: "candidates", q: "", filter: tenant, limit: 0, facets: ["placePoint"] }]);
    return { place, clause: placeFilter(Object.keys(points!.facetDistribution?.placePoint ?? {}), place, s) };
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
        const [found] = await send([
          {
            indexUid: "candidates",
            q,
            filter: filters,
            matchingStrategy: "all",
            limit: MAX_TOTAL_HITS,
            sort: ["lastActivity:desc"],
            attributesToRetrieve: ["id"],
          },
        ]);
        return { ids: found!.hits.map((h) => h.id), unavailable: false };
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
        const facetAttributes = [...Object.values(LIBRARY_FACETS), tagAttribute(agencyId)];
        const common = {
          indexUid: "candidates",
          q,
          filter: filters,
          matchingStrategy: "all" as const,
          // what a card and its excerpt show: not the rest of the document (its `words` alone
          // are most of it), which Meilisearch would send twice (the hit and its _formatted)
          attributesToRetrieve: [...CARD_ATTRIBUTES, tagAttribute(agencyId), ...EXCERPT_ATTRIBUTES],
          attributesToHighlight: EXCERPT_ATTRIBUTES,
          highlightPreTag: MARK_START,
          highlightPostTag: MARK_END,
          attributesToCrop: ["cvText"],
          cropLength: 24,
        };
        // the counts without a facet of their own: each option with the other filters
        const count = (drop: string, extra: string) => ({
          indexUid: "candidates",
          q,
          matchingStrategy: "all" as const,
          limit: 0,
          filter: [...filters.filter((f) => !f.startsWith(drop)), extra],
        });
        // Documents valid "yes" and "no" split the search without its own validity choice: one
        // is counted, the other is what remains of the exact total (one search less for
        // Meilisearch); a distance sort's total is an estimate, so both are counted there.
        const validityAsked: keyof typeof validFilter = s.valid === "yes" ? "no" : "yes";
        const validityCounted = byDistance ? (["yes", "no"] as const) : [validityAsked];
        const counts = [
          ...ACTIVITY_DAYS.map((days) => count("lastActivity", `lastActivity >= ${nowSeconds - days * 86400}`)),
          ...validityCounted.map((v) => count("documentsExpireAt", validFilter[v])),
        ];
        // The activity and validity counts drop their own filter: without such a choice, the
        // hits' own dates give them in the app when the bounded result set holds every hit (one
        // search in place of five); a search with words is mostly that narrow. Else (no words:
        // cheap counts; too many hits) Meilisearch counts them.
        const countable = !s.activity && !s.valid;
        // the "archived" option's count: always asked, with the first request
        const archivedCount = count("archivedBy", archiveFilter(agencyId, true));
        const dates = {
          indexUid: "candidates",
          q,
          filter: filters,
          matchingStrategy: "all" as const,
          limit: MAX_TOTAL_HITS,
          attributesToRetrieve: ["lastActivity", "documentsExpireAt"],
        };
        let dated: Pick<CandidateDocument, "lastActivity" | "documentsExpireAt">[] | null = null;
        let response: { hits: Hits<CandidateDocument>; facetDistribution?: FacetDistribution };
        let total: number;
        let countResults: { estimatedTotalHits?: number; totalHits?: number }[] = [];
        let archived: number;
        if (byDistance) {
          // distance is sorted in the app over the bounded result set (DESIGN section 6); that
          // search counts the facets too
          const [all, archivedHits] = await send([
            {
              indexUid: "candidates",
              q,
              filter: filters,
              matchingStrategy: "all",
              limit: MAX_TOTAL_HITS,
              attributesToRetrieve: ["id", "lat", "lng", "lastActivity", "documentsExpireAt"],
              facets: facetAttributes,
            },
            archivedCount,
          ]);
          archived = archivedHits!.estimatedTotalHits ?? 0;
          const ordered = all!.hits
            .map((h) => ({ id: h.id, d: h.lat == null ? Infinity : distanceKm(place, { lat: h.lat, lng: h.lng! }) }))
            .sort((a, b) => a.d - b.d)
            .slice((s.page - 1) * LIBRARY_PAGE_SIZE, s.page * LIBRARY_PAGE_SIZE)
            .map((h) => h.id);
          total = all!.estimatedTotalHits ?? all!.hits.length;
          if (countable && all!.hits.length < MAX_TOTAL_HITS) dated = all!.hits;
          const [page, ...rest] = await send([
            {
              ...common,
              filter: [...filters, `id IN [${ordered.map(quote).join(", ") || '"none"'}]`],
              limit: LIBRARY_PAGE_SIZE,
            },
            ...(dated ? [] : counts),
          ]);
          page!.hits.sort((a, b) => ordered.indexOf(a.id) - ordered.indexOf(b.id));
          response = { hits: page!.hits, facetDistribution: all!.facetDistribution };
          countResults = rest;
        } else {
          // one request: the page with its facet counts, then the counts of the options
          const [page, archivedHits, ...rest] = await send([
            {
              ...common,
              hitsPerPage: LIBRARY_PAGE_SIZE,
              page: s.page,
              sort: s.sort === "activity" ? ["lastActivity:desc"] : undefined,
              facets: facetAttributes,
            },
            archivedCount,
            ...(countable && q ? [dates] : counts),
          ]);
          response = page!;
          archived = archivedHits!.estimatedTotalHits ?? 0;
          total = page!.totalHits ?? 0;
          if (!(countable && q)) countResults = rest;
          else if (rest[0]!.hits.length >= total) dated = rest[0]!.hits;
          else countResults = await send(counts);
        }
        const countOf = (i: number) => countResults[i]?.estimatedTotalHits ?? 0;
        const asked = countOf(ACTIVITY_DAYS.length);
        // the other option: the search without its validity choice, less the one counted
        const withoutValidity = s.valid ? total + asked : total;
        const validYes = dated?.filter((h) => h.documentsExpireAt > nowSeconds).length ?? 0;
        const validity = dated
          ? { yes: validYes, no: dated.length - validYes }
          : byDistance
            ? { yes: asked, no: countOf(ACTIVITY_DAYS.length + 1) }
            : { [validityAsked]: asked, [validityAsked === "yes" ? "no" : "yes"]: withoutValidity - asked };
        const activity = Object.fromEntries(
          ACTIVITY_DAYS.map((days, i) => [
            String(days),
            dated ? dated.filter((h) => h.lastActivity >= nowSeconds - days * 86400).length : countOf(i),
          ]),
        );
        const facets: LibraryResult["facets"] = {};
        for (const [field, attribute] of Object.entries(LIBRARY_FACETS) as [LibraryFacet, string][])
          facets[field] = response.facetDistribution?.[attribute] ?? {};
        const tagsOfAgency = await agencyTags(sql, agencyId);
        const tagOf = (key: string): AgencyTag => tagsOfAgency.get(key) ?? { key, label: key, colour: "slate" };
        const tagCounts = response.facetDistribution?.[tagAttribute(agencyId)] ?? {};
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
            deactivated: h.deactivatedBy?.includes(agencyId) ?? false,
          })),
          facets,
          activity,
          validity,
          archived,
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
