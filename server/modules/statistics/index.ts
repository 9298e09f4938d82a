import { spreadsheetCsv } from "../../lib/csv";
import { defineModule } from "../module";
import { statisticsProjection } from "./projections";
import { statisticsQueries } from "./queries";

/**
 * The agency's statistics (issue 29): read models of their own, fed inline from the applications,
 * ads, orders, proposals and timesheets events (ADR 0043), read by the statistics page and the
 * agency dashboard. No commands and no events of its own.
 */
export const statisticsModule = defineModule({
  name: "statistics",
  projections: [statisticsProjection],
  create({ sql }) {
    return {
      commands: {},
      queries: {
        ...statisticsQueries(sql),
        /** a table of the page as CSV (server/lib/csv.ts): `;`, decimal comma except in English */
        statisticsCsv: (rows: (string | number)[][], lng: string) =>
          spreadsheetCsv(rows, { decimalComma: lng !== "en" }),
      },
    };
  },
});
