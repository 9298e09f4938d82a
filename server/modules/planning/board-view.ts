import { addDaysTo, mondayOf, type AssignmentStatus, type DocumentExpiries, type PlanningWarning } from "./basics";
import { warningsOf } from "./warnings";

/** A shift as the queries read it (rm_assignments with its mission's and candidate's names). */
export interface AssignmentRow {
  id: string;
  placementId: string;
  candidateId: string;
  candidateName: string;
  adId: number;
  adTitle: string;
  clientId: string | null;
  clientName: string | null;
  branchId: string | null;
  consultantId: string | null;
  zone: string;
  day: string;
  startMin: number;
  endMin: number;
  breakMin: number;
  place: string;
  note: string;
  overrideReason: string | null;
  status: AssignmentStatus;
  removing: boolean;
  published: boolean;
  confirmed: boolean;
  draftedBy: string | null;
  updatedBy: string | null;
  updatedByName: string | null;
  version: number;
}

/** What the board is narrowed to (null or absent: everything). */
export interface BoardFilters {
  branch?: string | null;
  client?: string | null;
  mission?: number | null;
  consultant?: string | null;
}

/** A shift as the board holds it: the row and its instants (the warnings need them). */
export type BoardShift = AssignmentRow & { startsAtMs: number; endsAtMs: number };

/** The days read around a period: whole weeks and a day each side (weekly hours, rest, overlaps). */
export const windowOf = (from: string, to: string) => ({
  from: addDaysTo(mondayOf(from), -1),
  to: addDaysTo(mondayOf(to), 7),
});

const matches = (r: BoardShift, f: BoardFilters) =>
  (!f.branch || r.branchId === f.branch) &&
  (!f.client || r.clientId === f.client) &&
  (!f.consultant || r.consultantId === f.consultant);

/**
 * What the board shows of the shifts read around a period (pure: the server and the browser,
 * which patches its shifts as others change them, compute it alike): the shifts of the period
 * under the filters, and the warnings they are part of, counted over every mission of the window.
 */
export function boardOf(
  shifts: readonly BoardShift[],
  {
    from,
    to,
    filters = {},
    expiries = {},
  }: { from: string; to: string; filters?: BoardFilters; expiries?: DocumentExpiries },
) {
  const win = windowOf(from, to);
  const counted = shifts.filter((r) => !r.removing && r.day >= win.from && r.day <= win.to && matches(r, filters));
  const assignments = shifts.filter(
    (r) => r.day >= from && r.day <= to && matches(r, filters) && (!filters.mission || r.adId === filters.mission),
  );
  const shown = new Set(assignments.map((a) => a.id));
  const warnings: PlanningWarning[] = warningsOf(counted, expiries).filter((w) =>
    w.assignmentIds.some((id) => shown.has(id)),
  );
  return { assignments, warnings };
}
