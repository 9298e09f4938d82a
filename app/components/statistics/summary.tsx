import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "#server/lib/contract";
import type { AnswerTimes, Pair } from "#server/modules/statistics/contract";

export interface StatsSummaryData {
  funnel: { applied: Pair };
  answer: { current: AnswerTimes; previous: AnswerTimes };
  unanswered: Pair;
  hoursTotal: { minutes: Pair };
}

/** The agency dashboard's glance at the statistics: this month beside last month, and the way to the page. */
export function StatsSummary({ summary }: { summary: StatsSummaryData }) {
  const { t, i18n } = useTranslation("statistics");
  const n = (v: number | null, digits = 0) => (v == null ? "–" : formatNumber(v, i18n.language, digits));
  const figures = [
    ["applications", n(summary.funnel.applied.current), n(summary.funnel.applied.previous)],
    ["medianAnswer", `${n(summary.answer.current.medianHours, 1)} h`, `${n(summary.answer.previous.medianHours, 1)} h`],
    ["unanswered", n(summary.unanswered.current), n(summary.unanswered.previous)],
    ["hours", n(summary.hoursTotal.minutes.current / 60, 1), n(summary.hoursTotal.minutes.previous / 60, 1)],
  ] as const;
  return (
    <section className="card-surface grid gap-3 p-4" data-testid="stats-summary" aria-labelledby="stats-summary-title">
      <div className="flex items-center justify-between gap-2">
        <h2 id="stats-summary-title" className="text-lg font-semibold">
          {t("summary.title")}
        </h2>
        <Link to="/statistiques" className="text-sm underline">
          {t("summary.more")}
        </Link>
      </div>
      <dl className="grid gap-4 sm:grid-cols-4">
        {figures.map(([key, current, previous]) => (
          <div key={key} data-testid={`summary-${key}`}>
            <dt className="text-sm text-muted-foreground">{t(`summary.${key}`)}</dt>
            <dd className="text-2xl font-semibold">{current}</dd>
            <dd className="text-xs text-muted-foreground">{t("summary.previous", { value: previous })}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
