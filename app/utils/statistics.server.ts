import type { AppLoadContext } from "@remix-run/node";
import type { Actor } from "#server/modules/identity/contract";
import { statsFiltersOf, statsFilterSchema, statsToday } from "#server/modules/statistics/contract";

/** The filters' fields as typed, kept to show them back (with their errors) in the GET form. */
const FIELDS = ["period", "from", "to", "branch", "consultant"] as const;

/**
 * The statistics of a GET query (the page and its CSV exports read the same query): the filters'
 * values as typed, their errors by field (translation keys), and the report when they are valid.
 */
export async function statisticsOf(url: URL, context: AppLoadContext, user: Actor) {
  const values = Object.fromEntries(FIELDS.map((f) => [f, url.searchParams.get(f) ?? ""])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  const parsed = statsFilterSchema.safeParse(
    Object.fromEntries(FIELDS.filter((f) => values[f] !== "").map((f) => [f, values[f]])),
  );
  if (!parsed.success) return { values, errors: parsed.error.flatten().fieldErrors, filters: null, report: null };
  const now = new Date();
  const filters = statsFiltersOf(parsed.data, statsToday(now));
  const report = await context.services.statistics.statisticsReport(user, filters, now);
  return { values, errors: {}, filters, report };
}
