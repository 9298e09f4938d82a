import { Link } from "@remix-run/react";
import type { CompletionPart } from "#server/modules/candidates/contract";
import { useProfileT } from "./fields";

export interface Completion {
  percent: number;
  done: CompletionPart[];
  next: { part: CompletionPart; page: string } | null;
}

/** The completion bar and what to complete next (profile pages and the candidate dashboard). */
export function CompletionCard({ completion }: { completion: Completion }) {
  const { t } = useProfileT();
  return (
    <section
      className="card-surface grid gap-2 p-4"
      data-testid="profile-completion"
      aria-label={t("completion.title")}
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="font-semibold">{t("completion.title")}</h2>
        <span className="text-lg font-semibold" data-testid="completion-percent">
          {completion.percent}%
        </span>
      </div>
      <div
        className="h-2 overflow-hidden rounded bg-secondary"
        role="progressbar"
        aria-valuenow={completion.percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full bg-primary" style={{ width: `${completion.percent}%` }} />
      </div>
      {completion.next ? (
        <p className="text-sm" data-testid="completion-next">
          {t("completion.next")}{" "}
          <Link to={completion.next.page} className="text-primary underline">
            {t(`parts.${completion.next.part}`)}
          </Link>
        </p>
      ) : (
        <p className="text-sm" data-testid="completion-next">
          {t("completion.complete")}
        </p>
      )}
    </section>
  );
}

/** The three profile pages, as tabs. */
export function ProfileTabs({ current }: { current: "/mes-informations" | "/mobility" | "/profil" }) {
  const { t } = useProfileT();
  const tabs = [
    ["/mes-informations", "tabs.myData"],
    ["/mobility", "tabs.mobility"],
    ["/profil", "tabs.profile"],
  ] as const;
  return (
    <nav className="flex flex-wrap gap-2 text-sm" aria-label={t("tabs.label")}>
      {tabs.map(([to, key]) => (
        <Link
          key={to}
          to={to}
          aria-current={to === current ? "page" : undefined}
          className={`rounded-md border px-3 py-1.5 ${to === current ? "border-primary font-semibold text-primary" : ""}`}
        >
          {t(key)}
        </Link>
      ))}
    </nav>
  );
}
