/**
 * The timesheets module's contract (pure, shared with app/): a candidate's week on a validated
 * mission, its days as entered, and the workflow of spec section 4 as one table read by the
 * decider and the screens. The rules live in named files; this lists them.
 */
export * from "./workflow";
export * from "./days";

// the pay vocabulary (rules by country, categories, rule keys, problems); the engine (pay.ts, with luxon and date-holidays) stays on the server
export * from "./pay-rules";
export type { PayLine, PayProblem, PayWeek, WorkedDay } from "./pay";

// the agency side's files: the signed report accepted on upload, the export formats (agency-files.ts)
export * from "./agency-files";
