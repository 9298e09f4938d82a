import type { EnqueuedTask, Meilisearch, Settings } from "meilisearch";

/** the ads a search can reach (page × hits per page); a search's total is capped there */
export const MAX_TOTAL_HITS = 1000;
/** the points (localities) with online ads a distance sort can count; France and Switzerland hold ~39,000 localities */
export const MAX_AD_POINTS = 50_000;

/** Index settings of DESIGN.md section 6; documents arrive from the modules that own them. */
export const INDEX_SETTINGS: Record<"ads" | "candidates" | "faq", Settings> = {
  // documents: server/modules/missions/indexer.ts (adDocument); only online ads are indexed.
  // Lean where it saves indexing without changing results (ADR "Job search without Meilisearch's
  // geo index"): each filterable attribute with only the operators the search uses, no facet
  // search, no typos on numbers, and no `_geo` (radius and distance sort go through `placePoint`;
  // with `_geo`, every one-document update rewrote the geo index: ~2 s of CPU on 100,000 ads).
  ads: {
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
      {
        attributePatterns: [
          "id",
          "sectorId",
          "professionId",
          "jobType",
          "contract",
          "country",
          "regionCode",
          "agencyId",
          "branchId",
          "placePoint",
        ],
        features: { facetSearch: false, filter: { equality: true, comparison: false } },
      },
      {
        attributePatterns: ["activityRateMax", "startsAt", "publishedAt", "salaryMonthly"],
        features: { facetSearch: false, filter: { equality: false, comparison: true } },
      },
    ],
    sortableAttributes: ["publishedAt", "salaryMonthly"],
    // "sort" first: a search sorted by date or salary is ordered by it; "relevance" sends no sort
    rankingRules: ["sort", "words", "typo", "proximity", "attribute", "exactness"],
    typoTolerance: { enabled: true, disableOnNumbers: true },
    facetSearch: false,
    // a distance sort counts the ads of every point with ads (placePoint): all of them, not 200
    faceting: { maxValuesPerFacet: MAX_AD_POINTS },
    pagination: { maxTotalHits: MAX_TOTAL_HITS },
  },
  // documents: server/modules/library/document.ts (candidateDocument), only candidates who appear
  // in some agency's library (ADR 0034). Like the ads: no `_geo`, a place is `placePoint`; the
  // tenant filter is `agencyIds` or `visibleCountry`; `words` carries the boolean query's OR and NOT.
  candidates: {
    searchableAttributes: [
      "desiredJobs",
      "skills",
      "experience",
      "training",
      "cvText",
      "documentTitles",
      "licences",
      "placeName",
    ],
    filterableAttributes: [
      {
        attributePatterns: [
          "id",
          "professions",
          "sectors",
          "availability",
          "contractType",
          "workPermit",
          "licences",
          "languages",
          "languageLevels",
          "country",
          "regionCode",
          "department",
          "placePoint",
          "agencyIds",
          "visibleCountry",
          "words",
          "archivedBy",
          // one attribute per agency (agencyTags.<agencyId>): an agency's facet holds its tags only
          "agencyTags.*",
        ],
        features: { facetSearch: false, filter: { equality: true, comparison: false } },
      },
      {
        attributePatterns: ["occupancyRate", "mobilityKm", "lastActivity", "documentsExpireAt"],
        features: { facetSearch: false, filter: { equality: false, comparison: true } },
      },
    ],
    sortableAttributes: ["lastActivity"],
    rankingRules: ["sort", "words", "typo", "proximity", "attribute", "exactness"],
    typoTolerance: { enabled: true, disableOnNumbers: true },
    facetSearch: false,
    faceting: { maxValuesPerFacet: MAX_AD_POINTS },
    pagination: { maxTotalHits: MAX_TOTAL_HITS },
  },
  // documents: server/modules/support/faq-search.ts, one per published FAQ entry and language (ADR 0046)
  faq: {
    searchableAttributes: ["question", "answer"],
    filterableAttributes: ["lang", "audiences", "topic"],
    typoTolerance: { enabled: true },
    facetSearch: false,
    pagination: { maxTotalHits: 100 },
  },
};

export type IndexName = keyof typeof INDEX_SETTINGS;

/** A module registers how to read all its documents from its read models for a reindex. */
export interface IndexSource {
  index: IndexName;
  documents(): AsyncIterable<Record<string, unknown>[]>;
}

/**
 * How long to wait for a Meilisearch task. Tasks queue behind others (the indexer's, a large
 * batch), so the client's default of 5 s fails a healthy engine under load.
 */
const WAIT = { timeout: 10 * 60_000, interval: 50 };

export async function bootstrapIndexes(client: Meilisearch) {
  for (const [uid, settings] of Object.entries(INDEX_SETTINGS)) {
    await client
      .createIndex(uid, { primaryKey: "id" })
      .waitTask(WAIT)
      .catch(() => undefined);
    await client.index(uid).updateSettings(settings).waitTask(WAIT);
  }
}

/**
 * Rebuild an index without a gap: fill a fresh index, then swap it with the live one.
 */
export async function reindex(client: Meilisearch, sources: IndexSource[]) {
  const counts: Record<string, number> = {};
  for (const uid of Object.keys(INDEX_SETTINGS) as IndexName[]) {
    const tmp = `${uid}_rebuild`;
    await client
      .deleteIndex(tmp)
      .waitTask(WAIT)
      .catch(() => undefined);
    await client.createIndex(tmp, { primaryKey: "id" }).waitTask(WAIT);
    await client.index(tmp).updateSettings(INDEX_SETTINGS[uid]).waitTask(WAIT);
    counts[uid] = 0;
    // Queued without waiting for each: Meilisearch indexes the additions waiting in its queue as
    // one batch, far cheaper than one batch per read (500 candidates took 1.3 s each, the whole
    // 100,000 more than the 5 minutes of issue 28; docs/benchmarks.md section 13).
    const queued: EnqueuedTask[] = [];
    for (const source of sources.filter((s) => s.index === uid)) {
      for await (const batch of source.documents()) {
        queued.push(await client.index(tmp).addDocuments(batch));
        counts[uid] += batch.length;
      }
    }
    for (const task of await client.tasks.waitForTasks(queued, WAIT))
      if (task.status !== "succeeded")
        throw new Error(`reindex ${uid}: Meilisearch task ${task.uid} ${task.status}: ${task.error?.message ?? ""}`);
    await client
      .createIndex(uid, { primaryKey: "id" })
      .waitTask(WAIT)
      .catch(() => undefined);
    await client.swapIndexes([{ indexes: [uid, tmp], rename: false }]).waitTask(WAIT);
    await client.deleteIndex(tmp).waitTask(WAIT);
  }
  return counts;
}
