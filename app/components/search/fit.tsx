import { useTranslation } from "react-i18next";
import { formatDate } from "~/utils/dates";
import type { AdFit } from "#server/modules/missions/search";

type FitReason = AdFit["reasons"][number];

const VERDICT_STYLE: Record<string, string> = {
  match: "text-emerald-700 dark:text-emerald-400",
  partial: "text-amber-700 dark:text-amber-400",
  mismatch: "text-destructive",
  unknown: "text-muted-foreground",
};
const VERDICT_MARK: Record<string, string> = { match: "✓", partial: "≈", mismatch: "✗", unknown: "?" };

/** The key of a reason in the candidate's words (fit.json): distance says more when the radius or the place is missing. */
function keyOf(r: FitReason): string {
  if (r.criterion === "distance" && r.verdict === "partial" && r.params.radiusKm === undefined)
    return "reason.distance.partialNoRadius";
  if (r.criterion === "distance" && r.verdict === "unknown" && r.params.km !== undefined)
    return "reason.distance.unknownFar";
  return `reason.${r.criterion}.${r.verdict}`;
}

/** One reason as a sentence: ids and days in the reader's language. */
export function useFitSentence() {
  const { t } = useTranslation(["fit", "reference", "search"]);
  return (r: FitReason) => {
    const p = r.params;
    const day = (v: string | number | undefined) => (typeof v === "string" && v ? formatDate(`${v}T12:00:00`) : "");
    return t(keyOf(r), {
      ns: "fit",
      ...p,
      profession: p.profession ? t(`reference:professions.${p.profession}`) : "",
      sector: p.sector ? t(`reference:sectors.${p.sector}`) : "",
      contract: p.contract ? t(`search:contracts.${p.contract}`) : "",
      start: day(p.start),
      until: day(p.until),
    });
  };
}

/** The fit's score, as a badge a screen reader reads whole. */
export function FitBadge({ fit }: { fit: AdFit }) {
  const { t } = useTranslation("fit");
  const tone =
    fit.score >= 70
      ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
      : fit.score >= 50
        ? "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        : "bg-secondary text-secondary-foreground";
  return (
    <span
      className={`w-fit rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}
      data-testid="fit-score"
      data-score={fit.score}
    >
      {t("score", { score: fit.score })}
    </span>
  );
}

/** Why an ad fits the candidate, one line per criterion, folded under the badge (a plain <details>: no JavaScript needed). */
export function FitReasons({ fit }: { fit: AdFit }) {
  const { t } = useTranslation("fit");
  const sentence = useFitSentence();
  return (
    <details className="text-sm" data-testid="fit-reasons">
      <summary className="cursor-pointer text-primary">{t("why")}</summary>
      <ul className="mt-1 grid gap-0.5">
        {fit.reasons.map((r) => (
          <li key={r.criterion} className="flex gap-2" data-criterion={r.criterion} data-verdict={r.verdict}>
            <span className={VERDICT_STYLE[r.verdict]} aria-hidden>
              {VERDICT_MARK[r.verdict]}
            </span>
            <span>
              <span className="sr-only">{t(`verdict.${r.verdict}`)}: </span>
              {sentence(r)}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
