import type { DayEntry, DayReduction, ReportMime, TimesheetParty } from "./contract";

/**
 * `timesheet-<id>`: one candidate's week on one validated mission; the id is a name-based uuid
 * of mission and week (timesheetIdFor), so opening it twice lands on the same stream. Events
 * carry `candidateId` and `userId` (the candidate's room sees their sheet move), the tenant
 * (the agency's room) and `clientId` (the client company's room).
 */
export const timesheetStream = (id: string) => `timesheet-${id}`;

/** What a sheet copies from its validated mission. */
export type TimesheetMission = {
  placementId: string;
  agencyId: string;
  candidateId: string;
  adId: number;
  adTitle: string;
  clientId: string | null;
  branchId: string | null;
  consultantId: string | null;
  zone: string;
  country: string;
  /** the mission's dates (null: open): days outside are refused */
  startDate: string | null;
  endDate: string | null;
};

type Who = { userId: string; candidateId: string; clientId: string | null; timesheetId: string };

export interface TimesheetOpened {
  type: "TimesheetOpened";
  /** `days`: the published shifts of that week, as a first entry */
  data: TimesheetMission & Who & { week: string; days: DayEntry[]; adjusts?: string | null; status?: string };
}
export interface TimesheetDaySaved {
  type: "TimesheetDaySaved";
  data: Who & { entry: DayEntry };
}
/** A step of the workflow (spec section 4), by whom, and the comment or reason it needs; a client's reduction carries the minutes taken off. */
export interface TimesheetMoved {
  type: "TimesheetMoved";
  data: Who & {
    action: string;
    from: string;
    to: string;
    party: TimesheetParty;
    reason: string | null;
    reductions?: DayReduction[];
  };
}
/** The client's signed report of the week (spec "uploadCr"), attached by the agency; a later one replaces it. The bytes are in storage under `fileId`. */
export interface TimesheetReportUploaded {
  type: "TimesheetReportUploaded";
  data: Who & { fileId: string; name: string; mime: ReportMime; size: number };
}
/** The agency changed a day the candidate submitted, with its reason. */
export interface TimesheetDayCorrected {
  type: "TimesheetDayCorrected";
  data: Who & { entry: DayEntry; before: DayEntry; reason: string };
}
/** The candidate disputes the client's reduction. */
export interface TimesheetDisputed {
  type: "TimesheetDisputed";
  /** the mission's consultant is told */
  data: Who & { reason: string; consultantId: string | null };
}
/** The agency answered the dispute: dismissed with a reason, or with an adjustment sheet. */
export interface TimesheetDisputeClosed {
  type: "TimesheetDisputeClosed";
  data: Who & { outcome: "dismissed" | "adjusted"; reason: string | null; adjustmentId: string | null };
}
/** A correction after the client's validation: the adjustment sheet that carries it (its own stream). */
export interface TimesheetAdjusted {
  type: "TimesheetAdjusted";
  data: Who & { adjustmentId: string; reason: string | null };
}
export type TimesheetEvent =
  | TimesheetOpened
  | TimesheetDaySaved
  | TimesheetMoved
  | TimesheetDayCorrected
  | TimesheetDisputed
  | TimesheetDisputeClosed
  | TimesheetAdjusted
  | TimesheetReportUploaded;
export const TIMESHEET_EVENT_TYPES = [
  "TimesheetOpened",
  "TimesheetDaySaved",
  "TimesheetMoved",
  "TimesheetDayCorrected",
  "TimesheetDisputed",
  "TimesheetDisputeClosed",
  "TimesheetAdjusted",
  "TimesheetReportUploaded",
] as const satisfies readonly TimesheetEvent["type"][];
