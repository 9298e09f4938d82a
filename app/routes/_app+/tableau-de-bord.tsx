import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLive } from "~/hooks/use-live";
import { requireAbility } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { PageHeader } from "~/components/page-header";

export const meta: MetaFunction = () => [{ title: "Missio" }];

/** Candidate dashboard: grows with each capability (applications, alerts, timesheets...). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const account = await context.services.identity.accountSummary(user.id);
  return json({ user: { firstName: user.firstName, email: user.email, country: user.country, verified: user.verified }, account });
}

export default function CandidateDashboard() {
  const { t } = useTranslation();
  const { user, account } = useLoaderData<typeof loader>();
  useLive();
  return (
    <div className="grid gap-6">
      <PageHeader title={t("dashboard.candidate.welcome", { name: user.firstName })} />
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
      <section className="card-surface grid gap-3 p-6">
        <h2 className="text-lg font-semibold">{t("dashboard.candidate.next")}</h2>
        <div className="flex flex-wrap gap-3 text-sm">
          <Link className="text-primary underline" to="/rechercher-un-emploi">
            {t("menu.jobSearch")}
          </Link>
          <Link className="text-primary underline" to="/profil">
            {t("menu.profile")}
          </Link>
          <Link className="text-primary underline" to="/mes-documents">
            {t("menu.documents")}
          </Link>
        </div>
      </section>
    </div>
  );
}
