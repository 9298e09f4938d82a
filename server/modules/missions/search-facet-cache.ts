import type { IndexGeneration } from "./search-changes";

/** counts per value, per index attribute: a Meilisearch facetDistribution */
export type FacetCounts = Record<string, Record<string, number>>;

export interface FacetCacheOptions {
  /** entries kept, least recently used out first */
  max?: number;
  /** a safety net: should a change announcement be lost, nothing is older than this */
  ttlMs?: number;
  now?: () => number;
}

/**
 * The facet counts of recent searches (never their hits or totals, which must be exact at once):
 * people page, sort and come back with the same words and filters, and each facet count costs
 * Meilisearch as much as the search itself. An entry is used only in the index generation it was
 * asked in; a count asked before a change and answered after it is not kept.
 */
export function facetCache(
  generation: IndexGeneration,
  { max = 500, ttlMs = 30_000, now = Date.now }: FacetCacheOptions = {},
) {
  const entries = new Map<string, { generation: number; at: number; counts: FacetCounts }>();
  return {
    /** The key of a facet query: its words, its filter and the attributes it counts. */
    key: (q: string, filter: string[], attributes: readonly string[]) => JSON.stringify([q, filter, attributes]),
    /** The generation a query starts in (null: do not cache). */
    generation: () => generation.current(),
    get(key: string): FacetCounts | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.generation !== generation.current() || now() - entry.at > ttlMs) return undefined;
      entries.set(key, entry); // most recently used last
      return entry.counts;
    },
    set(key: string, counts: FacetCounts, askedIn: number | null) {
      if (askedIn === null || askedIn !== generation.current()) return;
      entries.delete(key);
      entries.set(key, { generation: askedIn, at: now(), counts });
      for (const oldest of entries.keys()) {
        if (entries.size <= max) break;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

export type FacetCache = ReturnType<typeof facetCache>;
