import { useTranslation } from "react-i18next";
import { formatDate } from "~/utils/dates";
import type { HistoryLine } from "#server/modules/presentations/contract";

type Line = Omit<HistoryLine, "at"> & { at: string };

/** A dossier's history: built, link created or revoked, sent, PDF downloaded, opened by the client, each answer. */
export function DossierHistory({ history }: { history: Line[] }) {
  const { t } = useTranslation(["presentations", "common"]);
  return (
    <section className="card-surface grid gap-2 p-4" aria-labelledby="dossier-history">
      <h2 id="dossier-history" className="font-semibold">
        {t("history.title")}
      </h2>
      <ol className="grid gap-1 text-sm" data-testid="presentation-history">
        {history.map((h) => (
          <li key={h.position} data-kind={h.kind} className="flex flex-wrap gap-x-2">
            <span className="text-muted-foreground">{formatDate(h.at)}</span>
            <span>
              {t(`history.${h.kind}`, {
                count: h.detail.count ?? 0,
                n: h.detail.n ?? 0,
                answer: h.detail.answer ? t(`answers.${h.detail.answer}`) : "",
              })}
            </span>
            {h.actorName && <span className="text-muted-foreground">· {h.actorName}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
