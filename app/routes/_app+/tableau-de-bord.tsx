import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CandidateApplicationsPanel } from "~/components/applications/candidate-dashboard";
import { useStatusToasts } from "~/components/applications/candidate-applications";
import { candidateListAction } from "~/utils/candidate-applications.server";
import { isNewApplication } from "#server/modules/applications/contract";
import { useTranslation } from "react-i18next";
import { useLive } from "~/hooks/use-live";
import { requireAbility } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { PageHeader } from "~/components/page-header";
import { CompletionCard } from "~/components/profile/completion";
import { CandidateGlance } from "~/components/dashboard/glances";
import { candidateGlance } from "~/utils/dashboard-glance.server";
import { jobsForYou, type JobsForYou } from "~/utils/jobs-for-you.server";
import { JobsForYouCard } from "~/components/dashboard/jobs-for-you";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "applications", "placements", "profile", "fit", "search", "reference"] };

/** Candidate dashboard: applications by status and the recent ones, what to do next, the jobs that fit them best, what matters now (searches, favourites, shifts, timesheets), the account. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const { applications, identity, candidates, placements } = context.services;
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const [account, counts, recent, statuses, documents, proposals, completion, glance, forYou] = await Promise.all([
    identity.accountSummary(user.id),
    applications.myCounts(user),
    applications.myRecent(user),
    applications.myStatuses(user),
    candidates.candidateDocuments(user.id),
    placements.myProposals(user),
    candidates.myProfileCompletion(user),
    candidateGlance(context.services, user, today),
    jobsForYou(context.services, user, today),
  ]);
  return json({
    user: { firstName: user.firstName, email: user.email, country: user.country, verified: user.verified },
    account,
    completion,
    glance,
    forYou,
    counts,
    statuses,
    hasCv: documents.some((d) => d.category === "cv"),
    // proposals waiting for this candidate's answer
    proposals: proposals
      .filter((p) => p.status === "open" && p.response === "pending")
      .map((p) => ({ id: p.id, adTitle: p.adTitle, agencyName: p.agencyName, expiresAt: p.expiresAt.toISOString() })),
    recent: recent.map((r) => ({
      ...r,
      isNew: isNewApplication(r.createdAt, now),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    })),
  });
}

/** The dashboard's calls on an application: remove it from the list, or mark it cancelled (withdraw). */
export const action = (args: ActionFunctionArgs) => candidateListAction(args);

export default function CandidateDashboard() {
  const { t } = useTranslation();
  const { user, account, completion, glance, forYou, counts, recent, statuses, hasCv, proposals } =
    useLoaderData<typeof loader>();
  useLive();
  useStatusToasts(statuses);
  return (
    <div className="grid gap-6">
      <PageHeader title={t("dashboard.candidate.welcome", { name: user.firstName })} />
      <CompletionCard completion={completion} />
      <CandidateApplicationsPanel
        counts={counts}
        recent={recent}
        hasCv={hasCv}
        verified={user.verified}
        profileComplete={completion.percent >= 100}
        proposals={proposals}
      />
      <JobsForYouCard jobs={forYou as JobsForYou} />
      <CandidateGlance glance={glance} />
      <section className="card-surface grid gap-2 p-6">
        <h2 className="text-lg font-semibold">{t("dashboard.candidate.account")}</h2>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t("fields.email")}</dt>
          <dd>{user.email}</dd>
          <dt className="text-muted-foreground">{t("fields.country")}</dt>
          <dd>{user.country ? t(`countries.${user.country}`) : "---"}</dd>
          <dt className="text-muted-foreground">{t("dashboard.memberSince")}</dt>
          <dd>{formatDate(account.createdAt)}</dd>
          <dt className="text-muted-foreground">{t("dashboard.lastSignIn")}</dt>
          <dd data-testid="last-sign-in">{account.lastSignIn ? formatDate(account.lastSignIn) : "---"}</dd>
          <dt className="text-muted-foreground">{t("dashboard.activeSessions")}</dt>
          <dd data-testid="active-sessions">{account.activeSessions}</dd>
        </dl>
      </section>
    </div>
  );
}
