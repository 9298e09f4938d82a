import { spreadsheetCsv } from "../../lib/csv";

/** A folder's CSV (server/lib/csv.ts): `;` between fields as Excel expects in France and Switzerland. */
export const folderCsv = (headers: string[], rows: string[][]): string => spreadsheetCsv([headers, ...rows]);
