import type { AppLoadContext } from "@remix-run/node";
import { adSearchToQuery, emptyAdSearch, type AdHit } from "#server/modules/missions/contract";
import type { Actor } from "#server/modules/identity/contract";

/** How many jobs the dashboard suggests, and the lowest fit it suggests. */
const SUGGESTED = 5;
const LOWEST_FIT = 50;

export type JobsForYou =
  { state: "noCriteria" } | { state: "unavailable" } | { state: "ok"; hits: AdHit[]; more: string };

/**
 * "Jobs for you" (issue 32): the online ads of the candidate's sectors that fit their profile
 * best, with why; the ads they hid left out. Without jobs or sectors in their criteria there is
 * nothing to measure against: the dashboard asks for them.
 */
export async function jobsForYou(
  services: AppLoadContext["services"],
  user: Actor,
  today: string,
): Promise<JobsForYou> {
  const fit = await services.adFits(user, today);
  if (!fit?.facts.sectorIds.length) return { state: "noCriteria" };
  const search = { ...emptyAdSearch(), sector: fit.facts.sectorIds, sort: "fit" as const, minFit: LOWEST_FIT };
  const result = await services.adSearch.search(search, {
    fit,
    excludeIds: await services.engagement.hiddenIds(user),
    hitsPerPage: SUGGESTED,
    facets: false,
  });
  if (result.unavailable) return { state: "unavailable" };
  return { state: "ok", hits: result.hits, more: `/rechercher-un-emploi?${adSearchToQuery(search)}` };
}
