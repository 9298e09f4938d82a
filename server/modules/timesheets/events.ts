import type { DayEntry, ReportMime, TimesheetParty } from "./contract";

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
  data: TimesheetMission & Who & { week: string; days: DayEntry[] };
}
export interface TimesheetDaySaved {
  type: "TimesheetDaySaved";
  data: Who & { entry: DayEntry };
}
/** A step of the workflow (spec section 4), by whom, and the comment or reason it needs. */
export interface TimesheetMoved {
  type: "TimesheetMoved";
  data: Who & { action: string; from: string; to: string; party: TimesheetParty; reason: string | null };
}
/** The client's signed report of the week (spec "uploadCr"), attached by the agency; a later one replaces it. The bytes are in storage under `fileId`. */
export interface TimesheetReportUploaded {
  type: "TimesheetReportUploaded";
  data: Who & { fileId: string; name: string; mime: ReportMime; size: number };
}
export type TimesheetEvent = TimesheetOpened | TimesheetDaySaved | TimesheetMoved | TimesheetReportUploaded;
export const TIMESHEET_EVENT_TYPES = ["TimesheetOpened", "TimesheetDaySaved", "TimesheetMoved", "TimesheetReportUploaded"] as const satisfies readonly TimesheetEvent["type"][];
