/**
 * The timesheets module's contract (pure, shared with app/): the pay vocabulary (rules by country,
 * categories, rule keys, problems) and the shapes of a week's pay. The engine itself (pay.ts,
 * with luxon and date-holidays) stays on the server.
 */
export * from "./pay-rules";
export type { PayLine, PayProblem, PayWeek, WorkedDay } from "./pay";
