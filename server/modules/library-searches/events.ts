/**
 * A consultant's saved CV library searches and their daily alerts (issue 28): one stream per
 * person, `library-searches-<userId>`. Each search belongs to the agency the consultant was in
 * when saving it. Events name the consultant (`userId`) and no tenant: the realtime router sends
 * them to the consultant's own room, never the agency's (a colleague does not see them).
 */
export const librarySearchesStream = (userId: string) => `library-searches-${userId}`;

export const MAX_LIBRARY_SEARCHES = 20;
export const LIBRARY_SEARCH_NAME_MAX = 80;
export const LIBRARY_SEARCH_QUERY_MAX = 2000;
/** Candidates listed in one digest; the rest are one click away in the library. */
export const LIBRARY_DIGEST_SIZE = 10;

type Owned = { userId: string };

/** name and query are the consultant's own words: sealed with their data key. */
export interface LibrarySearchSaved {
  type: "LibrarySearchSaved";
  data: Owned & { searchId: string; agencyId: string; name: string; query: string };
}
export interface LibrarySearchRenamed {
  type: "LibrarySearchRenamed";
  data: Owned & { searchId: string; name: string };
}
export interface LibrarySearchAlertsSwitched {
  type: "LibrarySearchAlertsSwitched";
  data: Owned & { searchId: string; alerts: boolean };
}
export interface LibrarySearchDeleted {
  type: "LibrarySearchDeleted";
  data: Owned & { searchId: string };
}
/**
 * The candidates the search matched when its alerts first ran (after saving, or switching them
 * back on): what is not news. Ids only, no one's personal data.
 */
export interface LibrarySearchBaselined {
  type: "LibrarySearchBaselined";
  data: Owned & { searchId: string; candidateIds: string[] };
}
/**
 * One digest per search and day (Europe/Zurich): the candidates new to the search (all of them,
 * the mail lists the first LIBRARY_DIGEST_SIZE). Ids only: the mail, written in the same
 * transaction, holds the names; the search's name and query are sealed with the consultant's key.
 */
export interface LibraryAlertSent {
  type: "LibraryAlertSent";
  data: Owned & { searchId: string; day: string; candidateIds: string[]; searchName: string; query: string };
}

export type LibrarySearchEvent =
  | LibrarySearchSaved
  | LibrarySearchRenamed
  | LibrarySearchAlertsSwitched
  | LibrarySearchDeleted
  | LibrarySearchBaselined
  | LibraryAlertSent;

export const LIBRARY_SEARCH_EVENT_TYPES = [
  "LibrarySearchSaved",
  "LibrarySearchRenamed",
  "LibrarySearchAlertsSwitched",
  "LibrarySearchDeleted",
  "LibrarySearchBaselined",
  "LibraryAlertSent",
] as const;
