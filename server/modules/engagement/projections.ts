import type { Projection, Tx } from "../../event-store/types";
import { ENGAGEMENT_EVENT_TYPES, type EngagementEvent } from "./events";

/**
 * Where "new since" starts for a search saved (or switched back on) at `at`. The ads index dates
 * ads to the second, so an ad published later in that same second must still count as new.
 */
const sinceStartOfSecond = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000 - 1);

/** rm_favourite_ads, rm_hidden_ads, rm_saved_searches: inline (read-your-writes on the pages). */
export const engagementProjection: Projection<EngagementEvent> = {
  name: "engagement",
  eventTypes: ENGAGEMENT_EVENT_TYPES,
  tables: ["rm_favourite_ads", "rm_hidden_ads", "rm_saved_searches"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      const at = e.createdAt;
      switch (e.type) {
        case "AdFavourited":
          await tx`insert into rm_favourite_ads (user_id, ad_id, created_at) values (${e.data.userId}, ${e.data.adId}, ${at}) on conflict do nothing`;
          break;
        case "AdUnfavourited":
          await tx`delete from rm_favourite_ads where user_id = ${e.data.userId} and ad_id = ${e.data.adId}`;
          break;
        case "AdMarkedUninteresting":
          await tx`insert into rm_hidden_ads (user_id, ad_id, created_at) values (${e.data.userId}, ${e.data.adId}, ${at}) on conflict do nothing`;
          break;
        case "AdUninterestingUndone":
          await tx`delete from rm_hidden_ads where user_id = ${e.data.userId} and ad_id = ${e.data.adId}`;
          break;
        case "SearchSaved":
          // an erased person's sealed words are gone, and so are their read models
          if (e.erased) break;
          await tx`insert into rm_saved_searches (id, user_id, name, query, alerts, checked_until, created_at)
            values (${e.data.searchId}, ${e.data.userId}, ${e.data.name}, ${e.data.query}, true, ${sinceStartOfSecond(at)}, ${at})`;
          break;
        case "SavedSearchRenamed":
          if (e.erased) break;
          await tx`update rm_saved_searches set name = ${e.data.name} where id = ${e.data.searchId}`;
          break;
        case "SavedSearchAlertsSwitched":
          // alerts back on: what appeared while they were off is not news any more
          await tx`update rm_saved_searches set alerts = ${e.data.alerts}, checked_until = case when ${e.data.alerts} then ${sinceStartOfSecond(at)} else checked_until end
            where id = ${e.data.searchId}`;
          break;
        case "SavedSearchDeleted":
          await tx`delete from rm_saved_searches where id = ${e.data.searchId}`;
          break;
        case "SearchAlertSent":
          await tx`update rm_saved_searches set last_alert_day = ${e.data.day}, checked_until = ${new Date(e.data.checkedUntil)} where id = ${e.data.searchId}`;
          break;
      }
    }
  },
};
