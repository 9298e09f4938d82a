import { Form, Link } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/submit-button";
import { ErrorList } from "~/components/forms/field";
import { formatDate } from "~/utils/dates";
import { STATUS } from "#server/modules/applications/contract";
import { StatusBadge } from "./status-badge";

interface Recent {
  id: string;
  adTitle: string;
  agencyName: string;
  status: number;
  withdrawnAt: string | null;
  createdAt: string;
  isNew: boolean;
}

/**
 * The candidate dashboard's applications (spec dashboard calls): counts by list, the recent
 * ones with "remove from the list" and "mark cancelled", and what to do next.
 */
export function CandidateApplicationsPanel({
  counts,
  recent,
  hasCv,
  verified,
  profileComplete,
  proposals,
}: {
  counts: { pending: number; retained: number; refused: number; mission: number };
  recent: Recent[];
  hasCv: boolean;
  verified: boolean;
  profileComplete: boolean;
  proposals: { id: string; adTitle: string; agencyName: string; expiresAt: string }[];
}) {
  const { t } = useTranslation(["applications", "common"]);
  const result = useActionReply<{ done: string | null; error: string | null }>();
  const figures = [
    { key: "pending", to: "/candidatures-en-attente", value: counts.pending },
    { key: "retained", to: "/candidatures-retenues", value: counts.retained },
    { key: "refused", to: "/candidatures-refusees", value: counts.refused },
    { key: "mission", to: "/missions-valides", value: counts.mission },
  ] as const;
  const next = [
    proposals.length > 0 && { key: "answerProposals", to: "/mes-propositions" },
    !hasCv && { key: "addCv", to: "/mes-documents" },
    !verified && { key: "verify", to: "/parametres" },
    counts.pending + counts.retained === 0 && { key: "search", to: "/rechercher-un-emploi" },
    !profileComplete && { key: "profile", to: "/profil" },
  ].filter((x): x is { key: string; to: string } => Boolean(x));
  return (
    <>
      <section
        className="card-surface grid gap-4 p-6"
        data-testid="my-applications"
        aria-labelledby="my-applications-title"
      >
        <h2 id="my-applications-title" className="text-lg font-semibold">
          {t("lists.nav")}
        </h2>
        <div className="grid gap-3 sm:grid-cols-4">
          {figures.map((f) => (
            <Link
              key={f.key}
              to={f.to}
              className="rounded-md border p-3 hover:bg-secondary"
              data-testid={`count-${f.key}`}
            >
              <span className="block text-2xl font-semibold">{f.value}</span>
              <span className="text-sm text-muted-foreground">{t(`candidateDashboard.${f.key}`)}</span>
            </Link>
          ))}
        </div>
        <ErrorList errors={result?.error ? [result.error] : undefined} ns={["applications", "common"]} />
        {recent.length > 0 ? (
          <ul className="grid gap-2" data-testid="recent-applications">
            {recent.map((r) => (
              <li
                key={r.id}
                className="flex flex-wrap items-center justify-between gap-2 border-t pt-2 text-sm"
                data-testid="recent-application"
                data-id={r.id}
              >
                <span>
                  <span className="font-medium">{r.adTitle}</span> · {r.agencyName} · {formatDate(r.createdAt)}
                  {r.isNew && (
                    <span className="ml-2 rounded-full bg-primary px-2 text-xs text-primary-foreground">
                      {t("new")}
                    </span>
                  )}
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={r.status} withdrawn={Boolean(r.withdrawnAt)} />
                  <Form method="post" className="flex flex-wrap gap-1">
                    <input type="hidden" name="applicationId" value={r.id} />
                    {r.status === STATUS.pending && !r.withdrawnAt && (
                      <SubmitButton
                        size="sm"
                        variant="outline"
                        name="intent"
                        value="withdraw"
                        data-testid="mark-cancelled"
                      >
                        {t("candidateDashboard.markCancelled")}
                      </SubmitButton>
                    )}
                    <SubmitButton
                      size="sm"
                      variant="ghost"
                      name="intent"
                      value="hide"
                      data-testid="remove-recent"
                      aria-label={t("candidateDashboard.removeLabel", { title: r.adTitle })}
                    >
                      {t("candidateDashboard.remove")}
                    </SubmitButton>
                  </Form>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t("candidateDashboard.noRecent")}</p>
        )}
      </section>
      {proposals.length > 0 && (
        <section className="card-surface grid gap-2 p-6" data-testid="open-proposals">
          <h2 className="text-lg font-semibold">{t("candidateDashboard.proposals", { count: proposals.length })}</h2>
          <ul className="grid gap-1 text-sm">
            {proposals.map((p) => (
              <li key={p.id} data-testid="open-proposal">
                <Link to="/mes-propositions" className="text-primary underline">
                  {p.adTitle}
                </Link>{" "}
                · {p.agencyName} · {t("candidateDashboard.answerBy", { date: formatDate(p.expiresAt) })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {next.length > 0 && (
        <section className="card-surface grid gap-2 p-6" data-testid="next-steps">
          <h2 className="text-lg font-semibold">{t("candidateDashboard.next")}</h2>
          <ul className="grid gap-1 text-sm">
            {next.map((n) => (
              <li key={n.key}>
                <Link to={n.to} className="text-primary underline">
                  {t(`candidateDashboard.steps.${n.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
