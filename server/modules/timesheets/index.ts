import { defineModule } from "../module";
import { timesheetCommands } from "./commands";
import { timesheetsProjection } from "./projections";
import { timesheetExports } from "./exports";
import { payOf, timesheetQueries } from "./queries";
import { timesheetReports } from "./report";

/**
 * Timesheets (spec /fiches-horaires, /releves-heures): a candidate's week on a validated mission,
 * entered day by day, validated by the candidate, the agency and the client company (final).
 * Events reach the candidate's room (`userId`), the agency's (tenant) and the client's (`clientId`).
 * The agency attaches the client's signed report (report.ts) and exports selections (exports.ts).
 */
export const timesheetsModule = defineModule({
  name: "timesheets",
  needs: ["placements"],
  projections: [timesheetsProjection],
  create({ store, ctx, sql, storage }) {
    const queries = timesheetQueries(sql);
    const reports = timesheetReports({ sql, store, ctx, storage, sheet: queries.timesheet });
    const exports = timesheetExports({ sql, ctx, list: queries.timesheets });
    return { commands: { ...timesheetCommands({ store, ctx }), ...reports.commands }, queries: { ...queries, payOf, ...reports.queries, ...exports } };
  },
});

export type TimesheetsApi = ReturnType<typeof timesheetsModule.create>["commands"] & ReturnType<typeof timesheetsModule.create>["queries"];
