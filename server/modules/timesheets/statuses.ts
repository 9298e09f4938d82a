/** A sheet's statuses and who acts on it (pure: the contract and the agency's files share them). */
export const TIMESHEET_STATUSES = ["in_progress", "employee_validated", "agency_validated", "client_validated", "verification", "cancelled", "not_performed"] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];

/** Who acts on a sheet: the candidate, the agency's staff, the client company's users, or the system (deemed validated). */
export type TimesheetParty = "candidate" | "agency" | "client" | "system";
