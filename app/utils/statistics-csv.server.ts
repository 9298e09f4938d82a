import { currencyOf } from "#server/modules/missions/contract";
import type { Cell, StatsTable } from "~/components/statistics/tables";

/** Two decimals at most (the sheet's decimal separator is the helper's). */
const decimal = (n: number) => Math.round(n * 100) / 100;

function cell(c: Cell, lng: string): string | number {
  if (typeof c === "string" || typeof c === "number") return c;
  if ("hours" in c) return c.hours == null ? "" : decimal(c.hours);
  if ("minutes" in c) return decimal(c.minutes / 60);
  const amount = String(decimal(c.cents / 100));
  return `${lng === "en" ? amount : amount.replace(".", ",")} ${currencyOf(c.country)}`;
}

/**
 * A statistics table's rows for its CSV (written by the statistics module with server/lib/csv.ts,
 * the way the timesheets' export writes, ADR 0017): texts in the reader's language, hours and
 * amounts with two decimals at most.
 */
export const statsCsvRows = (table: StatsTable, lng: string): (string | number)[][] =>
  [table.headers, ...table.rows].map((row) => row.map((c) => cell(c, lng)));
