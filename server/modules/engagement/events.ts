/**
 * A person's favourites, hidden ads and saved searches: one stream per person,
 * `engagement-<userId>`. Pure: shared with the UI for the limits.
 */
export const engagementStream = (userId: string) => `engagement-${userId}`;

/** Saved searches (spec: "saved searches and job alerts"). */
export const MAX_SAVED_SEARCHES = 20;
export const SEARCH_NAME_MAX = 80;
export const SEARCH_QUERY_MAX = 2000;
/** Ads listed in one alert digest; the rest are one click away on the search page. */
export const ALERT_DIGEST_SIZE = 10;

/** Every event names its person, so the realtime processor routes it to their room. */
type Owned = {
  userId: string;
};

export interface AdFavourited {
  type: "AdFavourited";
  data: Owned & { adId: number };
}
export interface AdUnfavourited {
  type: "AdUnfavourited";
  data: Owned & { adId: number };
}
/** "Not interested": the ad no longer shows in the person's search results. */
export interface AdMarkedUninteresting {
  type: "AdMarkedUninteresting";
  data: Owned & { adId: number };
}
export interface AdUninterestingUndone {
  type: "AdUninterestingUndone";
  data: Owned & { adId: number };
}
/** name and query are the person's own words: sealed with their data key (see decider). */
export interface SearchSaved {
  type: "SearchSaved";
  data: Owned & { searchId: string; name: string; query: string };
}
export interface SavedSearchRenamed {
  type: "SavedSearchRenamed";
  data: Owned & { searchId: string; name: string };
}
export interface SavedSearchAlertsSwitched {
  type: "SavedSearchAlertsSwitched";
  data: Owned & { searchId: string; alerts: boolean };
}
export interface SavedSearchDeleted {
  type: "SavedSearchDeleted";
  data: Owned & { searchId: string };
}
/** What a digest told the person (public facts of the ads): the notifier writes the mail and notification from it. */
export interface AlertDigest {
  searchName: string;
  /** the saved search's query string, for the link back to the results */
  query: string;
  /** every ad matching since the last check (the digest lists the first ones) */
  total: number;
  ads: { id: number; title: string; placeName: string; agencyName: string }[];
}

/**
 * One digest per search and day (Europe/Zurich): ads published up to checkedUntil were seen.
 * Digests sent before the notifier existed have no `digest`: they were notified when sent.
 */
export interface SearchAlertSent {
  type: "SearchAlertSent";
  data: Owned & { searchId: string; day: string; adIds: number[]; checkedUntil: string; digest?: AlertDigest };
}

export type EngagementEvent =
  | AdFavourited
  | AdUnfavourited
  | AdMarkedUninteresting
  | AdUninterestingUndone
  | SearchSaved
  | SavedSearchRenamed
  | SavedSearchAlertsSwitched
  | SavedSearchDeleted
  | SearchAlertSent;

export const ENGAGEMENT_EVENT_TYPES = [
  "AdFavourited",
  "AdUnfavourited",
  "AdMarkedUninteresting",
  "AdUninterestingUndone",
  "SearchSaved",
  "SavedSearchRenamed",
  "SavedSearchAlertsSwitched",
  "SavedSearchDeleted",
  "SearchAlertSent",
] as const;
