import { defineModule } from "../module";
import { timesheetCommands } from "./commands";
import { timesheetsProjection } from "./projections";
import { payOf, timesheetQueries } from "./queries";

/**
 * Timesheets (spec /fiches-horaires, /releves-heures): a candidate's week on a validated mission,
 * entered day by day, validated by the candidate, the agency and the client company (final).
 * Events reach the candidate's room (`userId`), the agency's (tenant) and the client's (`clientId`).
 */
export const timesheetsModule = defineModule({
  name: "timesheets",
  needs: ["placements"],
  projections: [timesheetsProjection],
  create({ store, ctx, sql }) {
    return { commands: timesheetCommands({ store, ctx }), queries: { ...timesheetQueries(sql), payOf } };
  },
});

export type TimesheetsApi = ReturnType<typeof timesheetsModule.create>["commands"] & ReturnType<typeof timesheetsModule.create>["queries"];
