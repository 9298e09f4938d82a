import { hhmm, MIN_REST_HOURS, mondayOf, weeklyLimitOf, type DocumentExpiries, type PlanningWarning } from "./basics";

/** An assignment as the warnings need it (published or draft, as it stands on the board). */
export interface ShiftForWarnings {
  id: string;
  candidateId: string;
  candidateName: string;
  adTitle: string;
  zone: string;
  day: string;
  startMin: number;
  endMin: number;
  breakMin: number;
  /** the shift's instants (ms): projected in rm_assignments, or instantsOf for one being decided */
  startsAtMs: number;
  endsAtMs: number;
}

const HOUR = 3600_000;
const describe = (a: ShiftForWarnings) => ({
  assignmentId: a.id,
  adTitle: a.adTitle,
  day: a.day,
  start: hhmm(a.startMin),
  end: hhmm(a.endMin),
});

/**
 * Every warning among these shifts (pure, also run by the board in the browser): the same
 * candidate on two shifts at once, less than 11 hours of rest between two shifts, weekly hours
 * (worked: the span minus the break) above the limit of the mission's country, and a required
 * document expired before the shift's day. Weeks are ISO weeks of the shifts' local days.
 */
export function warningsOf(shifts: readonly ShiftForWarnings[], expiries: DocumentExpiries = {}): PlanningWarning[] {
  const out: PlanningWarning[] = [];
  for (const a of shifts)
    for (const [category, expiredOn] of Object.entries(expiries[a.candidateId] ?? {}))
      if (expiredOn && expiredOn < a.day)
        out.push({
          key: `document:${a.id}:${category}`,
          kind: "document",
          candidateId: a.candidateId,
          candidateName: a.candidateName,
          assignmentIds: [a.id],
          shifts: [describe(a)],
          category,
          expiredOn,
        });
  const byCandidate = new Map<string, (ShiftForWarnings & { s: number; e: number })[]>();
  for (const a of shifts) {
    const list = byCandidate.get(a.candidateId) ?? [];
    list.push({ ...a, s: a.startsAtMs, e: a.endsAtMs });
    byCandidate.set(a.candidateId, list);
  }
  for (const [candidateId, list] of byCandidate) {
    list.sort((a, b) => a.s - b.s || a.id.localeCompare(b.id));
    const name = list[0]!.candidateName;
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!;
      let restChecked = false;
      for (let j = i + 1; j < list.length; j++) {
        const b = list[j]!;
        if (b.s < a.e) {
          out.push({
            key: `overlap:${a.id}:${b.id}`,
            kind: "overlap",
            candidateId,
            candidateName: name,
            assignmentIds: [a.id, b.id],
            shifts: [describe(a), describe(b)],
          });
          continue;
        }
        // the rest after a shift is up to the next shift that starts after it ends
        if (!restChecked) {
          restChecked = true;
          const gap = b.s - a.e;
          if (gap < MIN_REST_HOURS * HOUR)
            out.push({
              key: `rest:${a.id}:${b.id}`,
              kind: "rest",
              candidateId,
              candidateName: name,
              assignmentIds: [a.id, b.id],
              shifts: [describe(a), describe(b)],
              restHours: Math.round((gap / HOUR) * 10) / 10,
            });
        }
        break;
      }
    }
    const weeks = new Map<string, { minutes: number; ids: string[]; zone: string; shifts: ShiftForWarnings[] }>();
    for (const a of list) {
      const week = mondayOf(a.day);
      const w = weeks.get(week) ?? { minutes: 0, ids: [], zone: a.zone, shifts: [] };
      w.minutes += Math.max(0, (a.e - a.s) / 60_000 - a.breakMin);
      w.ids.push(a.id);
      w.shifts.push(a);
      weeks.set(week, w);
    }
    for (const [week, w] of weeks) {
      const limit = weeklyLimitOf(w.zone);
      if (w.minutes > limit * 60)
        out.push({
          key: `weekly:${candidateId}:${week}`,
          kind: "weekly",
          candidateId,
          candidateName: name,
          assignmentIds: w.ids,
          shifts: [],
          hours: Math.round((w.minutes / 60) * 10) / 10,
          limit,
          week,
        });
    }
  }
  return out;
}
