import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { notFound } from "~/utils/files.server";
import { fixedT, i18next } from "~/utils/i18n.server";
import { statisticsOf } from "~/utils/statistics.server";
import { statsCsvRows } from "~/utils/statistics-csv.server";
import { STATS_TABLES, statsTable, type StatsTableName } from "~/components/statistics/tables";

/**
 * /statistiques/export?table=<name>&<the page's filters>: one of the statistics page's tables as
 * CSV, in the reader's language. The page's guard: the agency's staff, their agency only.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.statistics");
  const url = new URL(request.url);
  const name = url.searchParams.get("table") as StatsTableName;
  if (!STATS_TABLES.includes(name)) throw notFound();
  const { report, filters } = await statisticsOf(url, context, user);
  if (!report || !filters) throw new Response(null, { status: 400 });
  const [t, lng] = await Promise.all([fixedT(request, "statistics"), i18next.getLocale(request)]);
  const table = statsTable(name, report, (key, options) => t(key, options ?? {}));
  const csv = context.services.statistics.statisticsCsv(statsCsvRows(table, lng), lng);
  const filename = `statistics-${name}-${filters.period.from}-${filters.period.to}.csv`;
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
