/**
 * What the planning's contract, warnings and board share (pure): zones and limits, wall-clock
 * times and days, the warning's shape. Its own file so that the contract can re-export the
 * warnings and the board, which import these, without a cycle of imports.
 */

/** Times are wall-clock minutes in the country's zone (a shift keeps its hours across a DST change). */
export const ZONES = { CH: "Europe/Zurich", FR: "Europe/Paris" } as const;
export type PlanningZone = (typeof ZONES)[keyof typeof ZONES];
export const zoneOf = (country: string | null | undefined): PlanningZone => (country === "FR" ? ZONES.FR : ZONES.CH);

/** Weekly maximum by country: CH LTr art. 9 (50 h, the higher of its two limits), FR Code du travail L3121-20 (48 h). */
export const WEEKLY_LIMIT_HOURS = { CH: 50, FR: 48 } as const;
export const weeklyLimitOf = (zone: string) => (zone === ZONES.FR ? WEEKLY_LIMIT_HOURS.FR : WEEKLY_LIMIT_HOURS.CH);
/** Daily rest between two shifts (LTr art. 15a, Code du travail L3131-1). */
export const MIN_REST_HOURS = 11;

export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
export const addDaysTo = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** Monday of the ISO week of a day. */
export const mondayOf = (day: string) => addDaysTo(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/** A warning on the board, naming the candidate and the missions and times involved. */
export interface PlanningWarning {
  /** stable while the situation lasts: what an override acknowledges */
  key: string;
  kind: "overlap" | "rest" | "weekly" | "document";
  candidateId: string;
  candidateName: string;
  /** the assignments it is about (an overlap and a short rest: two) */
  assignmentIds: string[];
  shifts: { assignmentId: string; adTitle: string; day: string; start: string; end: string }[];
  /** short rest: hours between; weekly: hours worked and the limit; week: its Monday */
  restHours?: number;
  hours?: number;
  limit?: number;
  week?: string;
  /** document: its category (candidates' DOCUMENT_CATEGORIES) and the day it expired */
  category?: string;
  expiredOn?: string;
}

/** Per candidate, per category of SHIFT_DOCUMENTS held: the day the latest one expires (null: one never does). */
export type DocumentExpiries = Record<string, Record<string, string | null>>;

export type AssignmentStatus = "draft" | "published";
