import { stringify } from "csv-stringify/sync";

/** Excel runs a cell starting with one of these as a formula (= + - @, tab, CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet would run as a formula gets a leading quote (formula injection). */
export const safeCell = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * The product's CSV files (library selection, folders, statistics): UTF-8 with a BOM so Excel
 * reads accents, Windows line ends (a line break inside a text is quoted), `delimiter` between fields (`;`, Excel's list separator in
 * France and Switzerland, unless told). Text cells are defused; numbers are numbers, never
 * quoted, with a decimal comma when `decimalComma` (what Excel expects in fr, de, it and pt).
 */
export function spreadsheetCsv(
  rows: readonly (readonly (string | number)[])[],
  { delimiter = ";", decimalComma = false }: { delimiter?: string; decimalComma?: boolean } = {},
): string {
  const cell = (c: string | number) =>
    typeof c === "number" ? (decimalComma ? String(c).replace(".", ",") : String(c)) : safeCell(c);
  return stringify(
    rows.map((r) => r.map(cell)),
    // a lone line feed in a text is quoted too: csv-stringify quotes only the record delimiter (CRLF)
    { delimiter, bom: true, record_delimiter: "windows", quoted_match: /[\r\n]/ },
  );
}
