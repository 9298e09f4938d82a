import { stringify } from "csv-stringify/sync";
import { currencyOf } from "#server/modules/missions/contract";
import type { Cell, StatsTable } from "~/components/statistics/tables";

/** Excel runs a cell starting with one of these as a formula: such a text gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Two decimals at most, with a comma except in English (what Excel expects in fr, de, it and pt). */
const decimal = (n: number, lng: string) => {
  const text = String(Math.round(n * 100) / 100);
  return lng === "en" ? text : text.replace(".", ",");
};

function cellText(c: Cell, lng: string): string {
  if (typeof c === "string") return FORMULA_START.test(c) ? `'${c}` : c;
  if (typeof c === "number") return String(c);
  if ("hours" in c) return c.hours == null ? "" : decimal(c.hours, lng);
  if ("minutes" in c) return decimal(c.minutes / 60, lng);
  return `${decimal(c.cents / 100, lng)} ${currencyOf(c.country)}`;
}

/**
 * A statistics table as CSV, the way the timesheets' export writes it (ADR 0017): UTF-8 with a BOM
 * so Excel reads accents, `;` between fields, decimal comma except in English, formulas defused.
 */
export function statsCsv(table: StatsTable, lng: string): string {
  const rows = [table.headers, ...table.rows].map((row) => row.map((c) => cellText(c, lng)));
  return `\uFEFF${stringify(rows, { delimiter: ";", record_delimiter: "\r\n" })}`;
}
