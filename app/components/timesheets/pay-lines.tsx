import { useTranslation } from "react-i18next";
import { hoursOf, ruleText } from "./format";

/** The week's pay, one line per rule and rate, each saying which rule made it. */
export function PayLines({
  lines,
}: {
  lines: { category: string; ratePct: number; rule: string; label: string | null; minutes: number }[];
}) {
  const { t } = useTranslation(["timesheets", "common"]);
  if (!lines.length) return null;
  return (
    <section className="grid gap-1 text-sm" aria-labelledby="pay-title" data-testid="pay-summary">
      <h2 id="pay-title" className="font-semibold">
        {t("pay.title")}
      </h2>
      <ul className="grid gap-1">
        {lines.map((l) => (
          <li
            key={`${l.rule}:${l.ratePct}:${l.category}`}
            className="flex flex-wrap gap-2"
            data-testid="pay-line"
            data-rule={l.rule}
            data-category={l.category}
          >
            <span className="w-16 tabular-nums">{hoursOf(l.minutes)}</span>
            <span className="w-14 tabular-nums">{l.ratePct} %</span>
            <span className="text-muted-foreground">{ruleText(t, l.rule, l.label, l.ratePct)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
