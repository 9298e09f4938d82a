import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { DayReduction, Dispute, TimesheetStatus } from "#server/modules/timesheets/contract";
import { dayLabel, hoursOf, StatusBadge } from "./format";

/**
 * What happened to a sheet after the agency: the client's reduction (days, hours, comment), the
 * candidate's dispute and its answer, and the adjustment sheets (or the sheet an adjustment corrects).
 * `base`: where sheets open for this reader (/fiches-horaires or /releves-heures).
 */
export function SheetOutcome({
  reductions,
  comment,
  dispute,
  adjusts,
  adjustments,
  base,
}: {
  reductions: DayReduction[];
  comment: string | null;
  dispute: Dispute | null;
  adjusts: string | null;
  adjustments: { id: string; status: TimesheetStatus }[];
  base: string;
}) {
  const { t } = useTranslation(["timesheets", "common"]);
  return (
    <>
      {adjusts ? (
        <p className="rounded-md border border-blue-400 bg-blue-50 p-3 text-sm dark:bg-blue-950" data-testid="adjusts">
          {t("adjustment.of")}{" "}
          <Link to={`${base}/${adjusts}`} className="underline">
            {t("adjustment.original")}
          </Link>
        </p>
      ) : null}
      {reductions.length ? (
        <section className="grid gap-1 rounded-md border border-amber-500 p-3 text-sm" data-testid="reductions">
          <h2 className="font-semibold">{t("reduction.title")}</h2>
          <ul>
            {reductions.map((r) => (
              <li key={r.day} data-testid="reduction" data-day={r.day}>
                {t("reduction.line", { day: dayLabel(r.day), hours: hoursOf(r.minutes) })}
              </li>
            ))}
          </ul>
          {comment ? <p className="text-muted-foreground">{t("list.comment", { comment })}</p> : null}
        </section>
      ) : null}
      {dispute ? (
        <section className="grid gap-1 rounded-md border p-3 text-sm" data-testid="dispute" data-state={dispute.state}>
          <h2 className="font-semibold">{t(`dispute.${dispute.state}`)}</h2>
          <p>{t("dispute.reason", { reason: dispute.reason })}</p>
          {dispute.answer ? (
            <p className="text-muted-foreground">{t("dispute.answer", { answer: dispute.answer })}</p>
          ) : null}
        </section>
      ) : null}
      {adjustments.length ? (
        <section className="grid gap-1 text-sm" data-testid="adjustments">
          <h2 className="font-semibold">{t("adjustment.title")}</h2>
          <ul className="grid gap-1">
            {adjustments.map((a, i) => (
              <li key={a.id} className="flex items-center gap-2">
                <Link to={`${base}/${a.id}`} className="underline" data-testid="adjustment-link">
                  {t("adjustment.number", { n: i + 1 })}
                </Link>
                <StatusBadge status={a.status} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
