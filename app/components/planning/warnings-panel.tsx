import { useTranslation } from "react-i18next";
import type { PlanningWarning } from "#server/modules/planning/contract";
import { warningText } from "./format";

/** Every warning on the visible board, each naming names. */
export function WarningsPanel({
  warnings,
  onSelect,
}: {
  warnings: PlanningWarning[];
  onSelect?: (assignmentId: string) => void;
}) {
  const { t } = useTranslation("planning");
  return (
    <section className="card-surface grid gap-2 p-3" data-testid="warnings-panel" aria-labelledby="warnings-title">
      <h2 id="warnings-title" className="text-sm font-semibold">
        {t("warnings.title", { count: warnings.length })}
      </h2>
      {warnings.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("warnings.none")}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {warnings.map((w) => (
            <li key={w.key} data-testid="warning" data-kind={w.kind} className="flex gap-2">
              <span aria-hidden className="text-amber-600">
                ⚠
              </span>
              {onSelect ? (
                <button
                  type="button"
                  className="text-left hover:underline"
                  onClick={() => onSelect(w.assignmentIds[0]!)}
                >
                  {warningText(t, w)}
                </button>
              ) : (
                <span>{warningText(t, w)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
