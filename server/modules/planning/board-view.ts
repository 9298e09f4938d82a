import { addDaysTo, mondayOf, type DocumentExpiries, type PlanningWarning } from "./contract";
import type { AssignmentRow, BoardFilters } from "./queries";
import { warningsOf } from "./warnings";

/** A shift as the board holds it: the row and its instants (the warnings need them). */
export type BoardShift = AssignmentRow & { startsAtMs: number; endsAtMs: number };

/** The days read around a period: whole weeks and a day each side (weekly hours, rest, overlaps). */
export const windowOf = (from: string, to: string) => ({ from: addDaysTo(mondayOf(from), -1), to: addDaysTo(mondayOf(to), 7) });

const matches = (r: BoardShift, f: BoardFilters) =>
  (!f.branch || r.branchId === f.branch) && (!f.client || r.clientId === f.client) && (!f.consultant || r.consultantId === f.consultant);

/**
 * What the board shows of the shifts read around a period (pure: the server and the browser,
 * which patches its shifts as others change them, compute it alike): the shifts of the period
 * under the filters, and the warnings they are part of, counted over every mission of the window.
 */
export function boardOf(shifts: readonly BoardShift[], { from, to, filters = {}, expiries = {} }: { from: string; to: string; filters?: BoardFilters; expiries?: DocumentExpiries }) {
  const win = windowOf(from, to);
  const counted = shifts.filter((r) => !r.removing && r.day >= win.from && r.day <= win.to && matches(r, filters));
  const assignments = shifts.filter((r) => r.day >= from && r.day <= to && matches(r, filters) && (!filters.mission || r.adId === filters.mission));
  const shown = new Set(assignments.map((a) => a.id));
  const warnings: PlanningWarning[] = warningsOf(counted, expiries).filter((w) => w.assignmentIds.some((id) => shown.has(id)));
  return { assignments, warnings };
}
