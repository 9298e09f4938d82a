import { fileTypeFromBuffer } from "file-type";
import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db } from "../../event-store/types";
import type { Storage } from "../../infra/storage";
import { AppError } from "../../lib/errors";
import { cleanFileName } from "../../lib/uploads";
import type { Actor } from "../identity/contract";
import { REPORT_MAX_BYTES, REPORT_TYPES, type ReportMime } from "./contract";
import { sheetFor } from "./commands";
import { timesheetDecider } from "./decider";
import { timesheetStream } from "./events";
import type { TimesheetRow } from "./queries";

/**
 * A report's real type: the name must end in .pdf, .jpg, .jpeg, .png or .webp AND the content
 * (magic bytes) be of that type. A text file named report.pdf is refused, and so is a PNG named
 * report.pdf (it would download under a name its content belies).
 */
export async function checkReport(name: string, bytes: Uint8Array): Promise<ReportMime> {
  if (bytes.byteLength > REPORT_MAX_BYTES) throw new AppError("invalid", "document_too_large", "file");
  const extension = name.toLowerCase().split(".").pop() ?? "";
  const expected = Object.hasOwn(REPORT_TYPES, extension) ? REPORT_TYPES[extension as keyof typeof REPORT_TYPES] : null;
  const detected = bytes.byteLength > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  if (!expected || detected?.mime !== expected) throw new AppError("invalid", "timesheet_report_type", "file");
  return expected;
}

/**
 * The client's signed report of a week (spec "uploadCr"): the agency attaches it, the sheet's
 * readers download it. The bytes are stored before the event is appended and removed again if
 * the append fails; a replaced report's file stays (the log still names it).
 */
export function timesheetReports(deps: {
  sql: Db;
  store: EventStore;
  ctx: DecideContext;
  storage: Storage;
  sheet: (actor: Actor, id: string) => Promise<TimesheetRow | null>;
}) {
  const { sql, store, ctx, storage } = deps;
  return {
    commands: {
      async attachTimesheetReport(
        actor: Actor,
        input: { timesheetId: string; upload: { name: string; bytes: Uint8Array } | null },
      ) {
        const sheet = await sheetFor(sql, actor, input.timesheetId);
        if (!sheet) throw new AppError("not_found", "timesheet_not_found");
        if (sheet.party !== "agency") throw new AppError("forbidden", "not_authorized");
        if (!input.upload) throw new AppError("invalid", "validation.required", "file");
        const { bytes } = input.upload;
        const name = cleanFileName(input.upload.name);
        const mime = await checkReport(name, bytes);
        const fileId = ctx.ids.uuid();
        await storage.put(fileId, bytes);
        try {
          const command = {
            type: "AttachReport" as const,
            party: sheet.party,
            file: { fileId, name, mime, size: bytes.byteLength },
          };
          const events = await handleCommand(
            store,
            timesheetDecider,
            timesheetStream(sheet.id),
            command,
            ctx,
            { actor: actor.id, tenant: sheet.agencyId },
            { retries: 3 },
          );
          return { version: events.at(-1)?.streamVersion ?? null };
        } catch (error) {
          await storage.remove(fileId);
          throw error;
        }
      },
    },
    queries: {
      /** The sheet's report for those who read the sheet (its candidate, agency, client company, platform admins); null for anyone else. */
      async timesheetReportFile(
        actor: Actor,
        timesheetId: string,
      ): Promise<{ name: string; mime: string; bytes: Uint8Array } | null> {
        const report = (await deps.sheet(actor, timesheetId))?.report;
        const bytes = report ? await storage.get(report.fileId) : null;
        return report && bytes ? { name: report.name, mime: report.mime, bytes } : null;
      },
    },
  };
}
