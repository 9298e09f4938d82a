import type { PlanningView } from "#server/modules/planning/contract";

/** Pixels per day in each view, the names column and one lane of shifts. */
export const DAY_WIDTH: Record<PlanningView, number> = { day: 1152, week: 168, month: 44 };
export const NAME_WIDTH = 200;
/** On a phone: a names column that leaves room for a day (a 390 px screen shows one week day whole). */
export const NARROW_NAME_WIDTH = 104;

/**
 * The names column and a day's width on this screen. On a phone the day view fits its one day
 * into the frame (prev/next move a day), so a consultant on the move sees a whole day at once.
 */
export function boardGeometry(view: PlanningView, narrow: boolean, frameWidth: number) {
  const nameWidth = narrow ? NARROW_NAME_WIDTH : NAME_WIDTH;
  const fitted = narrow && view === "day" && frameWidth > 0 ? Math.max(frameWidth - nameWidth, 192) : 0;
  return { nameWidth, dayWidth: fitted || DAY_WIDTH[view] };
}
export const LANE = 22;
export const NS = ["planning", "common"];

/** One draggable per shift: a drag that starts on its right edge resizes it. */
export const RESIZE_HANDLE = "resize-handle";
export const startedOnHandle = (e: Event | null | undefined) =>
  e?.target instanceof Element && e.target.closest(`[data-testid="${RESIZE_HANDLE}"]`) !== null;

/** The row under a point of the viewport (its key: the candidate's id on the candidates' rows). */
export function rowAt(point: { x: number; y: number } | null): string | null {
  if (!point) return null;
  const { x, y } = point;
  const row = document
    .elementsFromPoint(x, y)
    .find(
      (el): el is HTMLElement =>
        el instanceof HTMLElement &&
        el.dataset.testid === "board-row" &&
        el.getBoundingClientRect().top <= y &&
        y < el.getBoundingClientRect().bottom,
    );
  return row?.dataset.row ?? null;
}
