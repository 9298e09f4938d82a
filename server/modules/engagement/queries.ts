import type { Actor } from "../identity/contract";
import type { rmAds, rmFavouriteAds, rmSavedSearches } from "../../../db/schema";
import type { Db } from "../../event-store/types";
import type { Cols, Int8AsString } from "../../lib/rows";
import type { AdState } from "../missions/rules";
import type { AdSearchService } from "../missions/search";
import { parseAdSearch } from "../missions/contract";

export type FavouriteAd = Cols<
  typeof rmAds,
  "slug" | "title" | "placeName" | "country" | "status",
  { status: AdState }
> & {
  /** the ad's public number */
  id: number;
  agencyName: string;
  online: boolean;
  favouritedAt: Date;
};

export type SavedSearch = Cols<
  typeof rmSavedSearches,
  "id" | "name" | "query" | "alerts" | "checkedUntil" | "lastAlertDay" | "createdAt"
>;

export function engagementQueries(sql: Db) {
  const ids = async (table: "rm_favourite_ads" | "rm_hidden_ads", userId: string) =>
    (
      await sql<
        Int8AsString<Cols<typeof rmFavouriteAds, "adId">, "adId">[]
      >`select ad_id as "adId" from ${sql(table)} where user_id = ${userId}`
    ).map((r) => Number(r.adId));

  return {
    favouriteIds: (actor: Actor) => ids("rm_favourite_ads", actor.id),
    /** ads the person marked as not interesting: left out of their searches and alerts */
    hiddenIds: (actor: Actor) => ids("rm_hidden_ads", actor.id),

    /** /mes-favoris: online ads first, then those gone offline (shown as no longer available). */
    async favourites(actor: Actor): Promise<FavouriteAd[]> {
      const rows = await sql<Int8AsString<Omit<FavouriteAd, "online">, "id">[]>`
        select a.id, a.slug, a.title, a.place_name as "placeName", a.country, ag.name as "agencyName", a.status, f.created_at as "favouritedAt"
        from rm_favourite_ads f join rm_ads a on a.id = f.ad_id join rm_agencies ag on ag.id = a.agency_id
        where f.user_id = ${actor.id}
        order by (a.status = 'online') desc, f.created_at desc, a.id desc`;
      return rows.map((r) => ({ ...r, id: Number(r.id), online: r.status === "online" }));
    },

    /** /ma-recherche: oldest first, the order they were saved in. */
    async savedSearches(actor: Actor): Promise<SavedSearch[]> {
      return sql<SavedSearch[]>`
        select id, name, query, alerts, checked_until as "checkedUntil", last_alert_day::text as "lastAlertDay", created_at as "createdAt"
        from rm_saved_searches where user_id = ${actor.id} order by created_at, id`;
    },

    /**
     * How many ads each saved search found since its last alert (by id), hidden ads left out.
     * null when the search engine cannot be reached.
     */
    async newMatchCounts(
      actor: Actor,
      search: AdSearchService,
      searches: Pick<SavedSearch, "id" | "query" | "checkedUntil">[],
    ) {
      if (!searches.length) return {};
      const excludeIds = await ids("rm_hidden_ads", actor.id);
      const results = await Promise.all(
        searches.map((s) =>
          search.search(
            { ...parseAdSearch(new URLSearchParams(s.query)), page: 1 },
            { publishedAfter: s.checkedUntil, excludeIds, hitsPerPage: 1, facets: false },
          ),
        ),
      );
      return Object.fromEntries(
        searches.map((s, i) => [s.id, results[i]!.unavailable ? null : results[i]!.total]),
      ) as Record<string, number | null>;
    },
  };
}
