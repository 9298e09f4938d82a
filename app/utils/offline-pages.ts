/**
 * The candidate's pages kept on the device for reading offline (issue 31): the service worker
 * keeps the last version of each (per person) and the shell asks it to fetch them ahead. Pure,
 * shared by the page and the service worker.
 */
export const OFFLINE_PAGES = [
  "/tableau-de-bord",
  "/missions-valides",
  "/fiches-horaires",
  "/candidatures-en-attente",
  "/candidatures-retenues",
  "/candidatures-refusees",
  "/mes-propositions",
  "/hors-ligne",
] as const;

/** Shown for a page that is not on the device when the network is away. */
export const OFFLINE_FALLBACK = "/hors-ligne";

const SHEET = /^\/fiches-horaires\/[0-9a-f-]{36}$/;

/** Whether a path is one of those pages (a week's sheet included). */
export const isOfflinePage = (pathname: string): boolean =>
  (OFFLINE_PAGES as readonly string[]).includes(pathname) || SHEET.test(pathname);

/** The cache that holds one person's pages: never read for another. */
export const PAGE_CACHE_PREFIX = "missio-pages-";
/** The header the service worker stamps on what it keeps: when it was fetched. */
export const CACHED_AT_HEADER = "x-missio-cached-at";

/** Messages the pages send their service worker. */
export type ToServiceWorker =
  | { type: "user"; id: string; warm: string[]; manifestVersion: string }
  | { type: "warm"; urls: string[] }
  | { type: "signed-out" };
