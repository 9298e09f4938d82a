import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ErrorList } from "~/components/forms/field";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { useLive } from "~/hooks/use-live";
import { cn } from "~/utils/cn";
import { formatDate } from "~/utils/dates";
import type { candidateListAction, candidateListLoader } from "~/utils/candidate-applications.server";
import { OWN_SITE } from "#server/modules/missions/contract";
import { statusName, STATUS } from "#server/modules/applications/contract";
import { Timeline } from "./timeline";

type Data = Awaited<ReturnType<typeof candidateListLoader>> extends { json(): Promise<infer D> } ? D : never;

const LISTS = [
  { list: "pending", to: "/candidatures-en-attente", count: "pending" },
  { list: "retained", to: "/candidatures-retenues", count: "retained" },
  { list: "refused", to: "/candidatures-refusees", count: "refused" },
] as const;

/**
 * A candidate's applications of one list. It follows the agency live: a status change moves the
 * row to its list without a reload, and a toast says what changed.
 */
export function CandidateApplications() {
  const { t } = useTranslation(["applications", "common"]);
  const data = useLoaderData<Data>();
  const result = useActionReply<typeof candidateListAction>();
  useLive((e) => e.type.startsWith("Application"));
  useStatusToasts(data.statuses);
  return (
    <div className="grid max-w-5xl gap-6" data-testid="candidate-applications" data-list={data.list}>
      <PageHeader title={t(`lists.${data.list}`)} />
      <nav className="flex flex-wrap gap-2" aria-label={t("lists.nav")}>
        {LISTS.map((l) => (
          <Link
            key={l.list}
            to={l.to}
            className={cn(
              "rounded-full border px-3 py-1 text-sm",
              l.list === data.list ? "border-primary bg-primary text-primary-foreground" : "hover:bg-secondary",
            )}
            aria-current={l.list === data.list ? "page" : undefined}
            data-testid={`list-${l.list}`}
          >
            {t(`lists.${l.list}`)} <span data-testid={`count-${l.list}`}>{data.counts[l.count]}</span>
          </Link>
        ))}
      </nav>
      {result?.done === "withdraw" && <StatusNotice testId="withdrawn-notice">{t("withdrawn")}</StatusNotice>}
      {result?.error && <ErrorList errors={[result.error]} ns={["applications", "common"]} />}
      {data.rows.length === 0 ? (
        <EmptyState testId="no-applications" message={t(`empty.${data.list}`)}>
          <Link to="/rechercher-un-emploi" className="text-primary underline">
            {t("apply.moreJobs")}
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid gap-3">
          {data.rows.map((r) => (
            <li
              key={r.id}
              className="card-surface grid gap-2 p-4"
              data-testid="application"
              data-id={r.id}
              data-status={r.status}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="grid gap-0.5">
                  <p className="font-medium">
                    {r.adOnline ? (
                      <Link
                        to={`/annonce/${r.adId}/${OWN_SITE}`}
                        className="hover:underline"
                        data-testid="application-title"
                      >
                        {r.adTitle}
                      </Link>
                    ) : (
                      <span data-testid="application-title">{r.adTitle}</span>
                    )}
                    {r.isNew && (
                      <span
                        className="ml-2 rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground"
                        data-testid="new-badge"
                      >
                        {t("new")}
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {r.agencyName} · {t("appliedOn", { date: formatDate(r.createdAt) })}
                  </p>
                </div>
                <span
                  className="rounded-full bg-secondary px-3 py-1 text-xs font-medium"
                  data-testid="application-status"
                >
                  {r.withdrawnAt ? t("status.canceled") : t(`status.${statusName(r.status)}`)}
                </span>
              </div>
              {r.timeline.length > 0 && (
                <details>
                  <summary className="cursor-pointer text-sm text-primary">{t("history")}</summary>
                  <div className="mt-2">
                    <Timeline items={r.timeline} />
                  </div>
                </details>
              )}
              {r.status === STATUS.pending && !r.withdrawnAt && (
                <Form method="post" className="justify-self-end">
                  <input type="hidden" name="applicationId" value={r.id} />
                  <SubmitButton variant="outline" size="sm" name="intent" value="withdraw" data-testid="withdraw">
                    {t("withdraw")}
                  </SubmitButton>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Says what changed when a live update moves an application (retained, refused, on mission). */
export function useStatusToasts(statuses: { id: string; status: number; withdrawn: boolean; adTitle: string }[]) {
  const { t } = useTranslation("applications");
  const previous = useRef<Map<string, number> | null>(null);
  useEffect(() => {
    const now = new Map(statuses.map((s) => [s.id, s.status]));
    if (previous.current) {
      for (const s of statuses) {
        const before = previous.current.get(s.id);
        if (before !== undefined && before !== s.status)
          toast(t("toast.changed", { title: s.adTitle, status: t(`status.${statusName(s.status)}`) }), {
            id: `${s.id}-${s.status}`,
          });
      }
    }
    previous.current = now;
  }, [statuses, t]);
}
