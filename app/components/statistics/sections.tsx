import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { currencyOf, ddmmyyyy, formatMoney, formatNumber } from "#server/lib/contract";
import type { StatsFilters, StatsReport } from "#server/modules/statistics/contract";
import { buttonVariants } from "~/components/ui/button";
import { StatsChart } from "./chart";
import { STATS_TABLES, statsTable, type Cell, type StatsTableName } from "./tables";

/** The numeric columns each chart draws (the current period and the one before; hours only for the timesheets). */
const CHARTED: Record<StatsTableName, number[]> = {
  funnel: [1, 2],
  answers: [1, 2],
  sources: [1, 2],
  ads: [1, 2],
  offers: [1, 2],
  hours: [2],
};

function cellText(c: Cell, lng: string): string {
  if (typeof c === "string") return c;
  if (typeof c === "number") return formatNumber(c, lng);
  if ("hours" in c) return c.hours == null ? "–" : `${formatNumber(c.hours, lng, 1)} h`;
  if ("minutes" in c) return `${formatNumber(c.minutes / 60, lng, 1)} h`;
  return `${formatMoney(c.cents / 100, c.country, lng)} ${currencyOf(c.country)}`;
}

/** Each figure: a chart, its data as a table (the accessible alternative), and its CSV. */
export function StatsSections({
  report,
  filters,
}: {
  report: StatsReport;
  filters: Pick<StatsFilters, "period" | "previous">;
}) {
  const { t, i18n } = useTranslation("statistics");
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  return (
    <>
      <p className="text-sm text-muted-foreground" data-testid="stats-periods">
        {t("periods", {
          from: ddmmyyyy(filters.period.from),
          to: ddmmyyyy(filters.period.to),
          previousFrom: ddmmyyyy(filters.previous.from),
          previousTo: ddmmyyyy(filters.previous.to),
        })}
      </p>
      <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
        {STATS_TABLES.map((name) => {
          const table = statsTable(name, report, t);
          query.set("table", name);
          return (
            <section
              key={name}
              className="card-surface grid min-w-0 gap-3 p-4"
              data-testid={`stats-${name}`}
              aria-labelledby={`stats-${name}-title`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id={`stats-${name}-title`} className="text-lg font-semibold">
                  {t(`section.${name}`)}
                </h2>
                <a
                  href={`/statistiques/export?${query.toString()}`}
                  download
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                  data-testid={`csv-${name}`}
                >
                  {t("csv")}
                </a>
              </div>
              {table.rows.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("empty")}</p>
              ) : (
                <StatsChart table={table} columns={CHARTED[name]} label={t(`section.${name}`)} />
              )}
              <details data-testid={`table-${name}`}>
                <summary className="cursor-pointer text-sm">{t("showTable")}</summary>
                <div className="overflow-x-auto">
                  <table className="mt-2 w-full text-sm">
                    <caption className="sr-only">{t(`section.${name}`)}</caption>
                    <thead className="border-b text-left text-xs uppercase text-muted-foreground">
                      <tr>
                        {table.headers.map((h, i) => (
                          <th key={h} scope="col" className={i ? "px-2 py-1 text-right" : "px-2 py-1"}>
                            {h}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {table.rows.map((row, r) => (
                        <tr key={r} className="border-b last:border-0">
                          {row.map((c, i) =>
                            i === 0 ? (
                              <th key={i} scope="row" className="px-2 py-1 text-left font-normal">
                                {cellText(c, i18n.language)}
                              </th>
                            ) : (
                              <td key={i} className="px-2 py-1 text-right tabular-nums">
                                {cellText(c, i18n.language)}
                              </td>
                            ),
                          )}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            </section>
          );
        })}
      </div>
    </>
  );
}
