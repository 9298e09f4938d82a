import { stringify } from "csv-stringify/sync";

/** A cell a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;
export const safeCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** A folder's CSV: UTF-8 with a BOM (Excel reads accents), `;` between fields as Excel expects in France and Switzerland. */
export function folderCsv(headers: string[], rows: string[][]): string {
  return stringify(
    [headers, ...rows].map((r) => r.map(safeCell)),
    {
      delimiter: ";",
      bom: true,
      record_delimiter: "windows",
    },
  );
}
