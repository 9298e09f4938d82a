import type { TFunction } from "i18next";
import { hhmm, type PlanningWarning } from "#server/modules/planning/contract";

/** DD/MM of a stored day (spec date format), without a time zone. */
export const ddmm = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
export const timesOf = (a: { startMin: number; endMin: number }) => `${hhmm(a.startMin)}–${hhmm(a.endMin)}`;
const shiftText = (s: PlanningWarning["shifts"][number]) => `${s.adTitle} (${ddmm(s.day)} ${s.start}–${s.end})`;

/** A warning in words, naming the candidate, the missions and their times. */
export function warningText(t: TFunction, w: PlanningWarning): string {
  const [a, b] = w.shifts;
  if (w.kind === "overlap")
    return t("warnings.overlap", { candidate: w.candidateName, a: shiftText(a!), b: shiftText(b!) });
  if (w.kind === "rest")
    return t("warnings.rest", {
      candidate: w.candidateName,
      hours: w.restHours,
      a: shiftText(a!),
      b: shiftText(b!),
      min: 11,
    });
  if (w.kind === "document")
    return t("warnings.document", {
      candidate: w.candidateName,
      document: t(`documents:categories.${w.category}`),
      date: w.expiredOn!.split("-").reverse().join("/"),
      a: shiftText(a!),
    });
  return t("warnings.weekly", { candidate: w.candidateName, hours: w.hours, limit: w.limit, week: ddmm(w.week!) });
}
