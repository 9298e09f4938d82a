import type { Decider } from "../../event-store/decider";
import { ConcurrencyError } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import { nameUuid } from "../../lib/ids";
import { addDaysTo } from "../planning/contract";
import { dayProblems, emptyDay, mayDo, TIMESHEET_TRANSITIONS, type DayEntry, type TimesheetAction, type TimesheetParty, type TimesheetStatus } from "./contract";
import { isReportMime, mayAttachReport, REPORT_MAX_BYTES } from "./contract";
import { timesheetStream, type TimesheetEvent, type TimesheetMission } from "./events";

/** A sheet's id: the same for the same mission and week. */
export const timesheetIdFor = (placementId: string, week: string) => nameUuid(`timesheet:${placementId}:${week}`);

export type TimesheetCommand =
  | { type: "Open"; timesheetId: string; mission: TimesheetMission; week: string; days: DayEntry[] }
  // no version: days are saved as the person types, each its own; the status check guards the rest
  | { type: "SaveDay"; party: TimesheetParty; entry: DayEntry }
  | { type: "Move"; action: Exclude<TimesheetAction, "save">; party: TimesheetParty; expectedVersion: number; reason?: string | null }
  // no version either: a later report replaces the earlier one, whatever happened in between
  | { type: "AttachReport"; party: TimesheetParty; file: { fileId: string; name: string; mime: string; size: number } };

export interface TimesheetState {
  exists: boolean;
  timesheetId: string;
  mission: TimesheetMission | null;
  week: string;
  status: TimesheetStatus;
  days: Record<string, DayEntry>;
  version: number;
}

const REASON_NEEDED: readonly TimesheetAction[] = ["request_verification", "cancel", "not_performed"];
const notFound = () => new AppError("not_found", "timesheet_not_found");

/** Days of the sheet's week inside the mission's dates. */
export const daysOf = (week: string, m: Pick<TimesheetMission, "startDate" | "endDate">) =>
  Array.from({ length: 7 }, (_, i) => addDaysTo(week, i)).filter((d) => (!m.startDate || d >= m.startDate) && (!m.endDate || d <= m.endDate));

export const timesheetDecider: Decider<TimesheetCommand, TimesheetState, TimesheetEvent> = {
  initialState: { exists: false, timesheetId: "", mission: null, week: "", status: "in_progress", days: {}, version: 0 },
  evolve(state, e) {
    const version = state.version + 1;
    switch (e.type) {
      case "TimesheetOpened": {
        const { week, days, timesheetId, userId: _u, ...mission } = e.data;
        return { exists: true, timesheetId, mission: mission as TimesheetMission, week, status: "in_progress", days: Object.fromEntries(days.map((d) => [d.day, d])), version };
      }
      case "TimesheetDaySaved":
        return { ...state, days: { ...state.days, [e.data.entry.day]: e.data.entry }, version };
      case "TimesheetMoved":
        return { ...state, status: e.data.to as TimesheetStatus, version };
      case "TimesheetReportUploaded":
        return { ...state, version };
      default:
        return state;
    }
  },
  decide(command, state): TimesheetEvent[] {
    if (command.type === "Open") {
      if (state.exists) return [];
      const m = command.mission;
      const who = { userId: m.candidateId, candidateId: m.candidateId, clientId: m.clientId, timesheetId: command.timesheetId };
      const allowed = new Set(daysOf(command.week, m));
      return [{ type: "TimesheetOpened", data: { ...m, ...who, week: command.week, days: command.days.filter((d) => allowed.has(d.day)) } }];
    }
    if (!state.exists) throw notFound();
    if (command.type === "Move" && command.expectedVersion !== state.version) throw new ConcurrencyError(timesheetStream(state.timesheetId), command.expectedVersion);
    const m = state.mission!;
    const who = { userId: m.candidateId, candidateId: m.candidateId, clientId: m.clientId, timesheetId: state.timesheetId };
    if (command.type === "SaveDay") {
      if (!mayDo("save", state.status, command.party)) throw new AppError("conflict", "timesheet_not_editable");
      if (!daysOf(state.week, m).includes(command.entry.day)) throw new AppError("invalid", "timesheet_day_outside", "day");
      const [refused] = dayProblems(command.entry).refused;
      if (refused) throw new AppError("invalid", refused.key, refused.field);
      const before = state.days[command.entry.day] ?? emptyDay(command.entry.day);
      if (JSON.stringify(before) === JSON.stringify(command.entry)) return [];
      return [{ type: "TimesheetDaySaved", data: { ...who, entry: command.entry } }];
    }
    if (command.type === "AttachReport") {
      if (command.party !== "agency") throw new AppError("forbidden", "not_authorized");
      if (!mayAttachReport(state.status, command.party)) throw new AppError("conflict", "timesheet_report_refused");
      const { file } = command;
      if (!isReportMime(file.mime)) throw new AppError("invalid", "timesheet_report_type", "file");
      if (file.size <= 0 || file.size > REPORT_MAX_BYTES) throw new AppError("invalid", "document_too_large", "file");
      return [{ type: "TimesheetReportUploaded", data: { ...who, ...file, mime: file.mime } }];
    }
    const rule = TIMESHEET_TRANSITIONS[command.action];
    if (!mayDo(command.action, state.status, command.party)) throw new AppError("conflict", state.status === "client_validated" ? "timesheet_client_validated" : "timesheet_transition_refused");
    const reason = command.reason?.trim() || null;
    if (REASON_NEEDED.includes(command.action) && !reason) throw new AppError("invalid", "timesheet_reason_required", "reason");
    return [{ type: "TimesheetMoved", data: { ...who, action: command.action, from: state.status, to: rule.to!, party: command.party, reason } }];
  },
};
