import type { Meilisearch, Settings } from "meilisearch";

/** Index settings of DESIGN.md section 6; documents arrive from the modules that own them. */
export const INDEX_SETTINGS: Record<"ads" | "candidates", Settings> = {
  // documents: server/modules/missions/indexer.ts (adDocument); only online ads are indexed
  ads: {
    searchableAttributes: ["title", "qualification", "professionLabels", "sectorLabels", "placeName", "agencyName", "description"],
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
    // "sort" first: a search sorted by date or salary is ordered by it; "relevance" sends no sort
    rankingRules: ["sort", "words", "typo", "proximity", "attribute", "exactness"],
    typoTolerance: { enabled: true },
    faceting: { maxValuesPerFacet: 200 },
    pagination: { maxTotalHits: 1000 },
  },
  candidates: {
    searchableAttributes: ["desiredJobs", "skills", "experience", "training", "languages", "place"],
    filterableAttributes: ["sector", "profession", "jobType", "contract", "activityRate", "country", "region", "availability", "status", "agencyId", "branchId", "_geo"],
    sortableAttributes: ["updatedAt", "_geo"],
    typoTolerance: { enabled: true },
    pagination: { maxTotalHits: 1000 },
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
    await client.createIndex(uid, { primaryKey: "id" }).waitTask(WAIT).catch(() => undefined);
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
    await client.deleteIndex(tmp).waitTask(WAIT).catch(() => undefined);
    await client.createIndex(tmp, { primaryKey: "id" }).waitTask(WAIT);
    await client.index(tmp).updateSettings(INDEX_SETTINGS[uid]).waitTask(WAIT);
    counts[uid] = 0;
    for (const source of sources.filter((s) => s.index === uid)) {
      for await (const batch of source.documents()) {
        await client.index(tmp).addDocuments(batch).waitTask(WAIT);
        counts[uid] += batch.length;
      }
    }
    await client.createIndex(uid, { primaryKey: "id" }).waitTask(WAIT).catch(() => undefined);
    await client.swapIndexes([{ indexes: [uid, tmp], rename: false }]).waitTask(WAIT);
    await client.deleteIndex(tmp).waitTask(WAIT);
  }
  return counts;
}
