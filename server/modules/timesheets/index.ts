import { z } from "zod";
import type { JobDeps } from "../../jobs/deps";
import { defineJob } from "../../jobs/registry";
import type { Actor } from "../identity/contract";
import { defineModule, type Idempotent } from "../module";
import { clientLinkCommands, linksProjection } from "./client-links";
import { clientSettingsCommands, clientSettingsOf, clientSettingsProjection } from "./client-settings";
import { timesheetCommands } from "./commands";
import { sheetHistory } from "./history";
import { regionsOf } from "./holidays";
import { timesheetNotices } from "./notices";
import { timesheetsProjection } from "./projections";
import { timesheetExports } from "./exports";
import { payOf, timesheetQueries, weekPayLines } from "./queries";
import { timesheetReports } from "./report";

/**
 * Timesheets (spec /fiches-horaires, /releves-heures): a candidate's week on a validated mission,
 * entered day by day, validated by the candidate, the agency and the client company (final).
 * Events reach the candidate's room (`userId`), the agency's (tenant) and the client's (`clientId`).
 * Clients are reminded by mail with a login-free link; each client's deadlines and pay rules are
 * the agency's options for it.
 * The agency attaches the client's signed report (report.ts) and exports selections (exports.ts).
 */
export const timesheetsModule = defineModule({
  name: "timesheets",
  projections: [timesheetsProjection, linksProjection, clientSettingsProjection],
  notices: timesheetNotices,
  create({ store, ctx, sql, enqueue, publicUrl, storage, once }) {
    const queries = timesheetQueries(sql);
    const sheets = timesheetCommands({ store, ctx });
    const reports = timesheetReports({ sql, store, ctx, storage, sheet: queries.timesheet });
    const exports = timesheetExports({ sql, ctx, list: queries.timesheets });
    return {
      commands: {
        ...sheets,
        // a day or a step sent again (an offline device's queue, a lost answer) is done once
        saveTimesheetDay: (actor: Actor, input: Parameters<typeof sheets.saveTimesheetDay>[1] & Idempotent) =>
          once(input.idempotencyKey, actor.id, () => sheets.saveTimesheetDay(actor, input)),
        moveTimesheet: (actor: Actor, input: Parameters<typeof sheets.moveTimesheet>[1] & Idempotent) =>
          once(input.idempotencyKey, actor.id, () => sheets.moveTimesheet(actor, input)),
        ...clientLinkCommands({ store, ctx, enqueue, publicUrl }),
        ...clientSettingsCommands({ store, ctx }),
        ...reports.commands,
      },
      queries: {
        ...queries,
        payOf,
        weekPayLines,
        /** the cantons (CH) or departments (FR) whose public holidays the pay knows */
        holidayRegions: regionsOf,
        /**
         * A sheet's history, for a reader who may read the sheet (null otherwise). A page that
         * has just read the sheet through `timesheet(actor, id)` passes it, and it is not read again.
         */
        async timesheetHistory(
          actor: Parameters<typeof queries.timesheet>[0],
          sheet: string | NonNullable<Awaited<ReturnType<typeof queries.timesheet>>>,
        ) {
          const readable = typeof sheet === "string" ? await queries.timesheet(actor, sheet) : sheet;
          return readable ? sheetHistory(sql, store, readable.id) : null;
        },
        clientTimesheetSettings: (actor: Parameters<typeof clientSettingsOf>[1], agencyId?: string) =>
          clientSettingsOf(sql, actor, agencyId),
        ...reports.queries,
        ...exports,
      },
    };
  },
  jobs: (api, { logger }: JobDeps) => [
    defineJob({
      name: "timesheets.remind-clients",
      schema: z.object({}).strict(),
      // every hour: a week's sheets waiting for a client get the reminder level their wait calls for
      cron: "7 * * * *",
      async handler(): Promise<void> {
        const mailed = await api.remindClients();
        if (mailed) logger.info({ mailed }, "clients reminded of timesheets to validate");
      },
    }),
    defineJob({
      name: "timesheets.client-deadlines",
      schema: z.object({}).strict(),
      cron: "17 * * * *",
      async handler(): Promise<void> {
        const done = await api.applyClientDeadlines();
        if (done.deemed || done.submitted) logger.info(done, "timesheet deadlines applied");
      },
    }),
  ],
});

export type TimesheetsApi = ReturnType<typeof timesheetsModule.create>["commands"] &
  ReturnType<typeof timesheetsModule.create>["queries"];

/** Erasure hook (issue 30): called by the erasure module. */
export { eraseTimesheets } from "./erase";
