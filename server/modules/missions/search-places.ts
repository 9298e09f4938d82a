import type { Db } from "../../event-store/types";
import type { IndexGeneration } from "./search-changes";
import type { Point } from "./search-geo";

/**
 * The points where online ads stand (their localities'), which a radius filter lists and a
 * distance sort orders. Only points with ads: the filter stays a few hundred values long where a
 * list of every locality (39,000) would cost Meilisearch more than the geo radius it replaces.
 *
 * Read from rm_ads (an index-only scan of rm_ads_online_points) and kept while the index
 * generation stays the same: a new locality appears in rm_ads before the indexer writes its ad,
 * so the list read after the indexer's announcement holds it. A point listed whose ads have left
 * the index only lengthens the filter.
 */
export function adPlaces(sql: Db, generation: IndexGeneration, { ttlMs = 30_000, now = Date.now } = {}) {
  let cached: { generation: number | null; at: number; points: Promise<Point[]> } | null = null;

  const read = async (): Promise<Point[]> => {
    const rows = await sql<
      { lat: number; lng: number }[]
    >`select distinct lat, lng from rm_ads where status = 'online'`;
    return rows.map((r) => ({ lat: r.lat, lng: r.lng }));
  };

  return {
    /** Every point that has online ads (one read shared by the searches that ask meanwhile). */
    all(): Promise<Point[]> {
      const current = generation.current();
      if (!cached || current === null || cached.generation !== current || now() - cached.at > ttlMs) {
        const points = read();
        const entry = { generation: current, at: now(), points };
        cached = entry;
        // a failed read is not kept: the next search reads again
        points.catch(() => {
          if (cached === entry) cached = null;
        });
      }
      return cached.points;
    },
  };
}

export type AdPlaces = ReturnType<typeof adPlaces>;
