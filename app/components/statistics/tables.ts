import { jobBoard } from "#server/modules/missions/contract";
import type { AnswerTimes, Pair, StatsReport } from "#server/modules/statistics/contract";

/**
 * The statistics as tables (pure): the page's accessible alternative to each chart and the CSV
 * export are the same rows. A cell is a text, a count, a duration in hours, minutes of work, or
 * an amount in cents in a country's currency; each output writes them its way.
 */
export type Cell =
  string | number | { hours: number | null } | { minutes: number } | { cents: number; country: string };
export interface StatsTable {
  name: StatsTableName;
  headers: string[];
  rows: Cell[][];
}
export const STATS_TABLES = ["funnel", "answers", "sources", "ads", "offers", "hours"] as const;
export type StatsTableName = (typeof STATS_TABLES)[number];
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const pairRow = (label: string, p: Pair): Cell[] => [label, p.current, p.previous];
const timeRow = (label: string, k: keyof AnswerTimes, r: StatsReport): Cell[] => [
  label,
  { hours: r.answer.current[k] },
  { hours: r.answer.previous[k] },
];

export function statsTable(name: StatsTableName, r: StatsReport, t: Translate): StatsTable {
  const compared = [t("table.current"), t("table.previous")];
  switch (name) {
    case "funnel":
      return {
        name,
        headers: [t("table.step"), ...compared],
        rows: (["applied", "retained", "proposed", "mission"] as const).map((k) =>
          pairRow(t(`funnel.${k}`), r.funnel[k]),
        ),
      };
    case "answers":
      return {
        name,
        headers: [t("table.measure"), ...compared],
        rows: [
          timeRow(t("answers.median"), "medianHours", r),
          timeRow(t("answers.p90"), "p90Hours", r),
          pairRow(t("answers.unanswered"), r.unanswered),
        ],
      };
    case "sources":
      return {
        name,
        headers: [t("table.source"), ...compared],
        rows: r.bySource.map((s) => pairRow(jobBoard(s.source)?.name ?? s.source, s)),
      };
    case "ads":
      return { name, headers: [t("table.ad"), ...compared], rows: r.byAd.map((a) => pairRow(a.title, a)) };
    case "offers":
      return {
        name,
        headers: [t("table.measure"), ...compared],
        rows: [
          pairRow(t("offers.published"), r.ads.published),
          pairRow(t("offers.expired"), r.ads.expired),
          [t("offers.onlineNow"), r.ads.onlineNow, ""],
          pairRow(t("offers.ordersFilled"), r.orders.filled),
          pairRow(t("offers.ordersOpen"), r.orders.open),
        ],
      };
    case "hours":
      return {
        name,
        headers: [t("table.client"), t("table.month"), t("table.hours"), t("table.amount")],
        rows: r.hours.map((h) => [
          h.clientName ?? t("table.noClient"),
          `${h.month.slice(5)}/${h.month.slice(0, 4)}`,
          { minutes: h.minutes },
          { cents: h.amountCents, country: h.country },
        ]),
      };
  }
}
