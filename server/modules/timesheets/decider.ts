import type { Decider } from "../../event-store/decider";
import { ConcurrencyError } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import { nameUuid } from "../../lib/ids";
import { addDaysTo } from "../planning/contract";
import {
  countryOf,
  dayProblems,
  emptyDay,
  sameDay,
  mayDo,
  mayDoOn,
  REASON_NEEDED,
  TIMESHEET_TRANSITIONS,
  workedMinutes,
  type DayEntry,
  type DayReduction,
  type Dispute,
  type TimesheetAction,
  type TimesheetParty,
  type TimesheetStatus,
} from "./contract";
import { isReportMime, mayAttachReport, REPORT_MAX_BYTES } from "./contract";
import { timesheetStream, type TimesheetEvent, type TimesheetMission } from "./events";

/** A sheet's id: the same for the same mission and week. */
export const timesheetIdFor = (placementId: string, week: string) => nameUuid(`timesheet:${placementId}:${week}`);
/** The n-th adjustment sheet of a sheet (from 1): asking twice at once lands on the same one. */
export const adjustmentIdFor = (timesheetId: string, n: number) => nameUuid(`adjustment:${timesheetId}:${n}`);

export type TimesheetCommand =
  // an adjustment sheet opens from the one it corrects, already past the candidate (employee_validated)
  | {
      type: "Open";
      timesheetId: string;
      mission: TimesheetMission;
      week: string;
      days: DayEntry[];
      adjusts?: string | null;
    }
  // no version: days are saved as the person types, each its own; the status check guards the rest
  /**
   * `expected`: the day as the person's device last had it (an offline device, a second device):
   * the save is refused when the day has changed since, so neither version is lost unseen.
   */
  | { type: "SaveDay"; party: TimesheetParty; entry: DayEntry; expected?: DayEntry | null }
  | { type: "CorrectDay"; party: TimesheetParty; expectedVersion: number; entry: DayEntry; reason: string }
  | {
      type: "Move";
      action: Exclude<TimesheetAction, "save" | "correct">;
      party: TimesheetParty;
      expectedVersion: number;
      reason?: string | null;
      reductions?: DayReduction[];
      /** `adjust`: the adjustment sheet already opened */
      adjustmentId?: string;
    }
  // no version either: a later report replaces the earlier one, whatever happened in between
  | { type: "AttachReport"; party: TimesheetParty; file: { fileId: string; name: string; mime: string; size: number } };

export interface TimesheetState {
  exists: boolean;
  timesheetId: string;
  mission: TimesheetMission | null;
  week: string;
  status: TimesheetStatus;
  days: Record<string, DayEntry>;
  reductions: DayReduction[];
  dispute: Dispute | null;
  adjusts: string | null;
  adjustments: string[];
  version: number;
}

const notFound = () => new AppError("not_found", "timesheet_not_found");

/** Days of the sheet's week inside the mission's dates. */
export const daysOf = (week: string, dates: Pick<TimesheetMission, "startDate" | "endDate">) =>
  Array.from({ length: 7 }, (_, i) => addDaysTo(week, i)).filter(
    (day) => (!dates.startDate || day >= dates.startDate) && (!dates.endDate || day <= dates.endDate),
  );

export const timesheetDecider: Decider<TimesheetCommand, TimesheetState, TimesheetEvent> = {
  initialState: {
    exists: false,
    timesheetId: "",
    mission: null,
    week: "",
    status: "in_progress",
    days: {},
    reductions: [],
    dispute: null,
    adjusts: null,
    adjustments: [],
    version: 0,
  },
  evolve(state, event) {
    const version = state.version + 1;
    switch (event.type) {
      case "TimesheetOpened": {
        const { week, days, timesheetId, userId: _userId, adjusts, status, ...mission } = event.data;
        const open = {
          exists: true,
          timesheetId,
          mission: mission as TimesheetMission,
          week,
          days: Object.fromEntries(days.map((entry) => [entry.day, entry])),
          adjusts: adjusts ?? null,
        };
        return {
          ...timesheetDecider.initialState,
          ...open,
          status: (status ?? "in_progress") as TimesheetStatus,
          version,
        };
      }
      case "TimesheetDaySaved":
      case "TimesheetDayCorrected":
        return { ...state, days: { ...state.days, [event.data.entry.day]: event.data.entry }, version };
      case "TimesheetMoved":
        return {
          ...state,
          status: event.data.to as TimesheetStatus,
          reductions: event.data.reductions ?? state.reductions,
          version,
        };
      case "TimesheetDisputed":
        return {
          ...state,
          dispute: { reason: event.data.reason, state: "open", answer: null, adjustmentId: null },
          version,
        };
      case "TimesheetDisputeClosed":
        return state.dispute
          ? {
              ...state,
              dispute: {
                ...state.dispute,
                state: event.data.outcome,
                answer: event.data.reason,
                adjustmentId: event.data.adjustmentId,
              },
              version,
            }
          : { ...state, version };
      case "TimesheetAdjusted":
        return { ...state, adjustments: [...state.adjustments, event.data.adjustmentId], version };
      case "TimesheetReportUploaded":
        return { ...state, version };
      default:
        return state;
    }
  },
  decide(command, state): TimesheetEvent[] {
    if (command.type === "Open") {
      if (state.exists) return [];
      const { mission } = command;
      const who = {
        userId: mission.candidateId,
        candidateId: mission.candidateId,
        clientId: mission.clientId,
        timesheetId: command.timesheetId,
      };
      const allowed = new Set(daysOf(command.week, mission));
      const adjustment = command.adjusts ? { adjusts: command.adjusts, status: "employee_validated" } : {};
      return [
        {
          type: "TimesheetOpened",
          data: {
            ...mission,
            ...who,
            week: command.week,
            days: command.days.filter((entry) => allowed.has(entry.day)),
            ...adjustment,
          },
        },
      ];
    }
    if (!state.exists) throw notFound();
    if ((command.type === "Move" || command.type === "CorrectDay") && command.expectedVersion !== state.version)
      throw new ConcurrencyError(timesheetStream(state.timesheetId), command.expectedVersion);
    const mission = state.mission!;
    const who = {
      userId: mission.candidateId,
      candidateId: mission.candidateId,
      clientId: mission.clientId,
      timesheetId: state.timesheetId,
    };
    if (command.type === "SaveDay") {
      if (!mayDo("save", state.status, command.party)) throw new AppError("conflict", "timesheet_not_editable");
      if (!daysOf(state.week, mission).includes(command.entry.day))
        throw new AppError("invalid", "timesheet_day_outside", "day");
      const [refused] = dayProblems(command.entry, countryOf(mission.country)).refused;
      if (refused) throw new AppError("invalid", refused.key, refused.field);
      const before = state.days[command.entry.day] ?? emptyDay(command.entry.day);
      if (sameDay(before, command.entry)) return [];
      if (command.expected && !sameDay(before, command.expected))
        throw new AppError("conflict", "timesheet_day_changed", "day");
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
    const action = command.type === "CorrectDay" ? "correct" : command.action;
    if (!mayDoOn(action, state, command.party))
      throw new AppError(
        "conflict",
        state.status === "client_validated" && !mayDo(action, state.status, command.party)
          ? "timesheet_client_validated"
          : "timesheet_transition_refused",
      );
    const reason = command.reason?.trim() || null;
    if (REASON_NEEDED.includes(action) && !reason) throw new AppError("invalid", "timesheet_reason_required", "reason");
    if (command.type === "CorrectDay") {
      if (!daysOf(state.week, mission).includes(command.entry.day))
        throw new AppError("invalid", "timesheet_day_outside", "day");
      const [refused] = dayProblems(command.entry, countryOf(mission.country)).refused;
      if (refused) throw new AppError("invalid", refused.key, refused.field);
      const before = state.days[command.entry.day] ?? emptyDay(command.entry.day);
      if (sameDay(before, command.entry)) return [];
      return [{ type: "TimesheetDayCorrected", data: { ...who, entry: command.entry, before, reason: reason! } }];
    }
    switch (command.action) {
      case "dispute":
        return [{ type: "TimesheetDisputed", data: { ...who, reason: reason!, consultantId: mission.consultantId } }];
      case "dismiss_dispute":
        return [{ type: "TimesheetDisputeClosed", data: { ...who, outcome: "dismissed", reason, adjustmentId: null } }];
      case "adjust": {
        if (!command.adjustmentId) throw new AppError("invalid", "failed_operation");
        if (state.adjustments.includes(command.adjustmentId)) return [];
        const adjusted: TimesheetEvent = {
          type: "TimesheetAdjusted",
          data: { ...who, adjustmentId: command.adjustmentId, reason },
        };
        // an adjustment answers an open dispute
        return state.dispute?.state === "open"
          ? [
              adjusted,
              {
                type: "TimesheetDisputeClosed",
                data: { ...who, outcome: "adjusted", reason, adjustmentId: command.adjustmentId },
              },
            ]
          : [adjusted];
      }
      case "reduce": {
        const cuts = command.reductions ?? [];
        if (!cuts.length) throw new AppError("invalid", "timesheet_reduction_required", "cut");
        for (const cut of cuts) {
          const entry = state.days[cut.day];
          if (!entry || cut.minutes <= 0 || cut.minutes > workedMinutes(entry))
            throw new AppError("invalid", "timesheet_reduction_invalid", `cut.${cut.day}`);
        }
        return [
          {
            type: "TimesheetMoved",
            data: {
              ...who,
              action: "reduce",
              from: state.status,
              to: "client_validated",
              party: command.party,
              reason,
              reductions: cuts,
            },
          },
        ];
      }
      default:
        return [
          {
            type: "TimesheetMoved",
            data: {
              ...who,
              action: command.action,
              from: state.status,
              to: TIMESHEET_TRANSITIONS[command.action].to!,
              party: command.party,
              reason,
            },
          },
        ];
    }
  },
};
