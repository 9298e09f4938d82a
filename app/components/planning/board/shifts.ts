import { addDaysTo, DAY_MINUTES, hhmm, spanOf, STEP_MINUTES, type RowKind } from "#server/modules/planning/contract";
import type { AssignmentRow, PoolRow } from "#server/modules/planning/queries";

/** What a move, a resize or the editor changes on a shift. */
export type Shift = Pick<AssignmentRow, "day" | "startMin" | "endMin" | "breakMin" | "place" | "note">;
/** A form's fields as the planning action reads them. */
export type Fields = Record<string, string>;
/** What undo does for one saved change: put the shift back, or remove the one created. */
export type UndoStep = { kind: "change"; id: string; before: Shift } | { kind: "create"; id: string };

/** A row of the board: a candidate, a mission or a client, with its shifts in lanes. */
export interface Row {
  key: string;
  label: string;
  items: (AssignmentRow & { lane: number })[];
  lanes: number;
}

/** The days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDaysTo(d, 1)) out.push(d);
  return out;
}

/** The shift moved by whole steps of minutes (it may land on another day). */
export function shifted(a: Shift, minutes: number, days: string[]): Shift {
  const base = days.indexOf(a.day);
  const total = (base < 0 ? 0 : base) * DAY_MINUTES + a.startMin + minutes;
  const dayIndex = Math.floor(total / DAY_MINUTES);
  const startMin = ((total % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  const span = spanOf(a.startMin, a.endMin);
  return { ...a, day: addDaysTo(days[0]!, dayIndex), startMin, endMin: (startMin + span) % DAY_MINUTES };
}

/** The shift made longer or shorter by some minutes, at least one step and less than a day. */
export function resized(a: Shift, minutes: number): Shift {
  const span = Math.min(Math.max(spanOf(a.startMin, a.endMin) + minutes, STEP_MINUTES), DAY_MINUTES - STEP_MINUTES);
  return { ...a, endMin: (a.startMin + span) % DAY_MINUTES };
}

export const snap = (minutes: number) => Math.round(minutes / STEP_MINUTES) * STEP_MINUTES;

/** A shift as the fields of the planning forms. */
export const fieldsOf = (s: Shift): Fields => ({
  day: s.day,
  start: hhmm(s.startMin),
  end: hhmm(s.endMin),
  overnight: s.endMin <= s.startMin ? "on" : "",
  breakMinutes: String(s.breakMin),
  place: s.place,
  note: s.note,
});

/** Rows of the chosen kind with each shift in a lane (shifts of one row that overlap stack). */
export function rowsOf(kind: RowKind, assignments: AssignmentRow[], pool: PoolRow[], days: string[]): Row[] {
  const keyOf = (a: { candidateId: string; adId: number; clientId: string | null }) =>
    kind === "candidates" ? a.candidateId : kind === "missions" ? String(a.adId) : (a.clientId ?? "-");
  const labelOf = (a: { candidateName: string; adTitle: string; clientName: string | null }) =>
    kind === "candidates" ? a.candidateName : kind === "missions" ? a.adTitle : (a.clientName ?? "—");
  const rows = new Map<string, Row>();
  for (const p of pool)
    if (!rows.has(keyOf(p))) rows.set(keyOf(p), { key: keyOf(p), label: labelOf(p), items: [], lanes: 1 });
  for (const a of assignments) {
    const row = rows.get(keyOf(a)) ?? { key: keyOf(a), label: labelOf(a), items: [], lanes: 1 };
    rows.set(row.key, row);
    row.items.push({ ...a, lane: 0 });
  }
  for (const row of rows.values()) stackInLanes(row, days);
  return [...rows.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** Puts each shift of the row in the first lane free at its start. */
function stackInLanes(row: Row, days: string[]) {
  const ends: number[] = [];
  const at = (a: AssignmentRow) => days.indexOf(a.day) * DAY_MINUTES + a.startMin;
  row.items.sort((x, y) => at(x) - at(y));
  for (const item of row.items) {
    const s = at(item);
    const lane = ends.findIndex((e) => e <= s);
    item.lane = lane < 0 ? ends.length : lane;
    ends[item.lane] = s + spanOf(item.startMin, item.endMin);
  }
  row.lanes = Math.max(1, ends.length);
}
