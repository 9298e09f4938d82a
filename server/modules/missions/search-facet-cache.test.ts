import { describe, expect, it } from "vitest";
import { manualGeneration, type IndexGeneration } from "./search-changes";
import { facetCache } from "./search-facet-cache";

const counts = (n: number) => ({ sectorId: { construction: n } });

describe("the facet cache", () => {
  it("answers the same words, filter and attributes until the index changes", () => {
    const generation = manualGeneration();
    const cache = facetCache(generation);
    const key = cache.key("soudeur", ['country = "CH"'], ["sectorId"]);
    expect(cache.key("soudeur", ['country = "FR"'], ["sectorId"])).not.toBe(key);
    cache.set(key, counts(3), cache.generation());
    expect(cache.get(key)).toEqual(counts(3));
    generation.bump();
    expect(cache.get(key)).toBeUndefined();
  });

  it("does not keep counts asked before a change and answered after it", () => {
    const generation = manualGeneration();
    const cache = facetCache(generation);
    const asked = cache.generation();
    generation.bump();
    cache.set("k", counts(1), asked);
    expect(cache.get("k")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("caches nothing while changes cannot be heard", () => {
    const deaf: IndexGeneration = { current: () => null, bump: () => {}, close: async () => {} };
    const cache = facetCache(deaf);
    cache.set("k", counts(1), cache.generation());
    expect(cache.get("k")).toBeUndefined();
  });

  it("keeps nothing with no room", () => {
    const cache = facetCache(manualGeneration(), { max: 0 });
    cache.set("k", counts(1), cache.generation());
    expect(cache.get("k")).toBeUndefined();
  });

  it("keeps the most recently used entries, and none older than its time to live", () => {
    let now = 0;
    const cache = facetCache(manualGeneration(), { max: 2, ttlMs: 1000, now: () => now });
    cache.set("a", counts(1), 0);
    cache.set("b", counts(2), 0);
    expect(cache.get("a")).toEqual(counts(1)); // a is now the most recent
    cache.set("c", counts(3), 0);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([counts(1), undefined, counts(3)]);
    now = 1001;
    expect(cache.get("a")).toBeUndefined();
  });
});
