import type { AppLoadContext, SerializeFrom } from "@remix-run/node";
import type { SessionUser } from "#server/modules/identity/contract";
import { addDaysTo, mondayOf } from "#server/modules/planning/contract";

type Services = AppLoadContext["services"];

/** Saved searches whose new ads the dashboard counts (one search query each). */
const SEARCHES_COUNTED = 5;
const ITEMS = 3;
/** Ads ending within this many days count as expiring on the agency dashboard. */
const EXPIRING_DAYS = 7;

/**
 * The candidate dashboard's "what matters now": saved searches and their new ads, favourites,
 * the next shifts and the timesheets to fill in.
 */
export async function candidateGlance(
  { engagement, adSearch, planning, timesheets }: Services,
  user: SessionUser,
  today: string,
) {
  const [searches, favourites, shifts, toOpen, sheets] = await Promise.all([
    engagement.savedSearches(user),
    engagement.favourites(user),
    planning.myShifts(user, today),
    timesheets.weeksToOpen(user, today),
    timesheets.sheetCounts(user),
  ]);
  const counted = searches.slice(0, SEARCHES_COUNTED);
  const newCounts = await engagement.newMatchCounts(user, adSearch, counted);
  const online = favourites.filter((f) => f.online);
  return {
    searches: {
      saved: searches.length,
      alerts: searches.filter((s) => s.alerts).length,
      newAds: counted.reduce((n, s) => n + (newCounts[s.id] ?? 0), 0),
      items: counted
        .slice(0, ITEMS)
        .map((s) => ({ id: s.id, name: s.name, query: s.query, newCount: newCounts[s.id] ?? null })),
    },
    favourites: {
      total: favourites.length,
      online: online.length,
      items: online.slice(0, ITEMS).map((f) => ({ id: f.id, title: f.title, placeName: f.placeName })),
    },
    shifts: {
      upcoming: shifts.length,
      unconfirmed: shifts.filter((s) => !s.confirmed).length,
      items: shifts
        .slice(0, ITEMS)
        .map((s) => ({ id: s.id, adTitle: s.adTitle, day: s.day, start: s.start, end: s.end, place: s.place })),
    },
    timesheets: {
      toEnter: toOpen.length + (sheets.byStatus.in_progress ?? 0),
      toCheck: sheets.byStatus.verification ?? 0,
      disputes: sheets.disputes,
    },
  };
}

/**
 * The agency dashboard's "what matters now": ads online, ending soon and proposed by clients,
 * mission proposals waiting for a pick, this week's planning and the timesheets to validate.
 */
export async function agencyGlance(
  { missions, placements, planning, timesheets }: Services,
  user: SessionUser,
  today: string,
) {
  const monday = mondayOf(today);
  const [ads, proposals, week, sheets] = await Promise.all([
    missions.adsAtAGlance(user, addDaysTo(today, EXPIRING_DAYS)),
    placements.proposalsAtAGlance(user),
    planning.planningAtAGlance(user, monday, addDaysTo(monday, 6)),
    timesheets.sheetCounts(user),
  ]);
  return {
    ads: { ...ads, expiringDays: EXPIRING_DAYS },
    proposals,
    planning: { ...week, week: monday },
    timesheets: {
      toValidate: sheets.byStatus.employee_validated ?? 0,
      disputes: sheets.disputes,
      atClient: sheets.byStatus.agency_validated ?? 0,
    },
  };
}

export type CandidateGlanceData = SerializeFrom<Awaited<ReturnType<typeof candidateGlance>>>;
export type AgencyGlanceData = SerializeFrom<Awaited<ReturnType<typeof agencyGlance>>>;
