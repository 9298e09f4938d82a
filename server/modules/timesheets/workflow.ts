/**
 * The timesheet workflow of spec section 4 as one table, read by the decider and the screens
 * (pure): statuses, who may take which step, the client's link and reminders.
 */
import { isAgencyStaff, isCandidate, isClientUser, type Actor } from "../identity/contract";

export const TIMESHEET_STATUSES = [
  "in_progress",
  "employee_validated",
  "agency_validated",
  "client_validated",
  "verification",
  "cancelled",
  "not_performed",
] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];

/** Who acts on a sheet: the candidate, the agency's staff, the client company's users, or the system (deemed validated). */
export type TimesheetParty = "candidate" | "agency" | "client" | "system";
export type TimesheetAction =
  | "save"
  | "submit"
  | "validate_agency"
  | "request_verification"
  | "validate_client"
  | "reduce"
  | "cancel"
  | "not_performed"
  | "correct"
  | "dispute"
  | "dismiss_dispute"
  | "adjust";

/**
 * Spec section 4: in progress → validated by employee → validated by agency → validated by
 * client (irreversible); a verification request sends it back to the candidate with a comment;
 * "cancelled" and "mission not performed" need a reason. The only table of what may happen.
 * - The system submits the planned hours at a client's deadline and validates for a client
 *   whose sheets are "deemed validated" after some days (recorded as the system's, never the client's).
 * - A client may reduce hours with a comment: that validates the sheet with the reduction; the
 *   candidate may dispute it once, and the agency dismisses the dispute with a reason or answers
 *   it with an adjustment sheet.
 * - The agency corrects a day with a reason before validating it; after the client's validation a
 *   correction is a separate adjustment sheet (`adjust`), which goes through the agency and the
 *   client again.
 * `to: null`: the status stays.
 */
export const TIMESHEET_TRANSITIONS: Record<
  TimesheetAction,
  { from: readonly TimesheetStatus[]; by: readonly TimesheetParty[]; to: TimesheetStatus | null }
> = {
  save: { from: ["in_progress", "verification"], by: ["candidate"], to: null },
  submit: { from: ["in_progress", "verification"], by: ["candidate", "system"], to: "employee_validated" },
  validate_agency: { from: ["employee_validated"], by: ["agency"], to: "agency_validated" },
  request_verification: {
    from: ["employee_validated", "agency_validated"],
    by: ["agency", "client"],
    to: "verification",
  },
  validate_client: { from: ["agency_validated"], by: ["client", "system"], to: "client_validated" },
  reduce: { from: ["agency_validated"], by: ["client"], to: "client_validated" },
  cancel: {
    from: ["in_progress", "employee_validated", "agency_validated", "verification"],
    by: ["agency"],
    to: "cancelled",
  },
  not_performed: {
    from: ["in_progress", "employee_validated", "agency_validated", "verification"],
    by: ["agency"],
    to: "not_performed",
  },
  correct: { from: ["employee_validated"], by: ["agency"], to: null },
  dispute: { from: ["client_validated"], by: ["candidate"], to: null },
  dismiss_dispute: { from: ["client_validated"], by: ["agency"], to: null },
  adjust: { from: ["client_validated"], by: ["agency"], to: null },
};
/** Steps that need a comment or a reason. */
export const REASON_NEEDED: readonly TimesheetAction[] = [
  "request_verification",
  "reduce",
  "cancel",
  "not_performed",
  "correct",
  "dispute",
  "dismiss_dispute",
];
export const FINAL_STATUSES: readonly TimesheetStatus[] = ["client_validated", "cancelled", "not_performed"];
export const mayDo = (action: TimesheetAction, status: TimesheetStatus, party: TimesheetParty) =>
  TIMESHEET_TRANSITIONS[action].from.includes(status) && TIMESHEET_TRANSITIONS[action].by.includes(party);
/** The actions a party may take on a sheet in that status (the screens show these). */
export const actionsFor = (status: TimesheetStatus, party: TimesheetParty) =>
  (Object.keys(TIMESHEET_TRANSITIONS) as TimesheetAction[]).filter((a) => mayDo(a, status, party));

/**
 * Per-sheet conditions the table cannot say: a dispute needs a reduction and no earlier dispute;
 * dismissing needs an open dispute. The screens and the decider both ask this.
 */
export function mayDoOn(
  action: TimesheetAction,
  sheet: { status: TimesheetStatus; reductions: readonly DayReduction[]; dispute: Dispute | null },
  party: TimesheetParty,
) {
  if (!mayDo(action, sheet.status, party)) return false;
  if (action === "dispute") return sheet.reductions.length > 0 && !sheet.dispute;
  if (action === "dismiss_dispute") return sheet.dispute?.state === "open";
  return true;
}
export const actionsOn = (sheet: Parameters<typeof mayDoOn>[1], party: TimesheetParty) =>
  (Object.keys(TIMESHEET_TRANSITIONS) as TimesheetAction[]).filter((a) => mayDoOn(a, sheet, party));

/** Minutes a client took off a day's hours (from the end of the day's last range). */
export type DayReduction = { day: string; minutes: number };
/** A candidate's dispute of a reduction; the agency dismisses it (with a reason) or answers it with an adjustment sheet. */
export type Dispute = {
  reason: string;
  at?: string;
  state: "open" | "dismissed" | "adjusted";
  answer: string | null;
  adjustmentId: string | null;
};

export const partyOf = (a: Actor): TimesheetParty | null =>
  isCandidate(a)
    ? "candidate"
    : isAgencyStaff(a) && a.agencyId
      ? "agency"
      : isClientUser(a) && a.clientId
        ? "client"
        : null;

/** A client's login-free link stays valid this long; reminders escalate after these hours of waiting (level 1, 2, 3). */
export const LINK_VALID_DAYS = 7;
export const REMINDER_LEVEL_HOURS = [0, 48, 96] as const;
