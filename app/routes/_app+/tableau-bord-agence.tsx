import { type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { useLive } from "~/hooks/use-live";
import { PageHeader } from "~/components/page-header";
import { AgencyApplicationsPanel } from "~/components/applications/agency-stats";
import { AgencyGlance } from "~/components/dashboard/glances";
import { AgencyIdentity } from "~/components/dashboard/agency-logo-form";
import { InviteForm } from "~/components/dashboard/invite-form";
import { TeamList } from "~/components/dashboard/team-list";
import { StatsSummary } from "~/components/statistics/summary";
import type { action, loader } from "./tableau-bord-agence.server";

export { action, loader } from "./tableau-bord-agence.server";
export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "applications", "statistics"] };

/**
 * Agency dashboard, updated live: applications, what matters now (ads, proposals, this week's
 * planning, timesheets), the agency's branches, team and clients; platform figures for admins.
 */
export default function AgencyDashboard() {
  const { t } = useTranslation();
  const { me, firstName, canManageTeam, overview, platform, applications, glance, statistics } =
    useLoaderData<typeof loader>();
  const result = useActionReply<typeof action>();
  // the reply of a colleague's enable/disable form
  const member = result && "userId" in result ? result : null;
  const live = useLive();
  return (
    <div className="grid gap-6">
      <PageHeader
        title={t("dashboard.agency.welcome", { name: firstName })}
        actions={
          <span className="text-xs text-muted-foreground" data-testid="live-status">
            {t(live ? "dashboard.live" : "dashboard.offline")}
          </span>
        }
      />
      <AgencyApplicationsPanel stats={applications} />
      {statistics && <StatsSummary summary={statistics} />}
      <AgencyGlance glance={glance} />
      {platform && (
        <section className="grid gap-4 sm:grid-cols-3" data-testid="platform-figures">
          <Figure label={t("dashboard.admin.agencies")} value={platform.agencies} />
          <Figure label={t("dashboard.admin.pending")} value={platform.pending} />
          <Figure label={t("dashboard.admin.candidates")} value={platform.candidates} />
        </section>
      )}
      {overview && (
        <>
          <AgencyIdentity
            agency={overview.agency}
            canManage={canManageTeam}
            reply={result && "logo" in result ? result.logo : null}
          />
          <div className="grid gap-6 lg:grid-cols-3">
            <List
              title={t("dashboard.agency.branches")}
              testId="branches"
              items={overview.branches.map((b) => ({ id: b.id, text: b.name, sub: b.city }))}
            />
            <TeamList team={overview.team} me={me} canManage={canManageTeam} member={member} />
            <List
              title={t("dashboard.agency.clients")}
              testId="clients"
              items={overview.clients.map((c) => ({ id: c.id, text: c.name, sub: c.city }))}
            />
          </div>
          {canManageTeam && <InviteForm clients={overview.clients} />}
        </>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="card-surface p-6">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-3xl font-semibold">{value}</p>
    </div>
  );
}

function List({
  title,
  items,
  testId,
}: {
  title: string;
  items: { id: string; text: string; sub: string }[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="card-surface p-6">
      <h3 className="mb-3 font-semibold">
        {title} <span className="text-muted-foreground">({items.length})</span>
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("common.empty")}</p>
      ) : (
        <ul className="grid gap-2 text-sm" data-testid={testId}>
          {items.map((i) => (
            <li key={i.id}>
              <span className="font-medium">{i.text}</span> <span className="text-muted-foreground">· {i.sub}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
