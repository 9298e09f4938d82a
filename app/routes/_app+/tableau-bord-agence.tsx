import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLive } from "~/hooks/use-live";
import { requireAbility } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];

/** Agency dashboard: the agency's branches, team and clients, updated live; platform figures for admins. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.dashboard");
  const { agencies } = context.services;
  const overview = user.agencyId ? await agencies.overview(user.agencyId) : null;
  const platform = user.role === "PLATFORM_ADMIN" ? await agencies.platformCounts() : null;
  return json({ firstName: user.firstName, overview, platform });
}

export default function AgencyDashboard() {
  const { t } = useTranslation();
  const { firstName, overview, platform } = useLoaderData<typeof loader>();
  const live = useLive();
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold" data-testid="page-title">
          {t("dashboard.agency.welcome", { name: firstName })}
        </h1>
        <span className="text-xs text-muted-foreground" data-testid="live-status">
          {t(live ? "dashboard.live" : "dashboard.offline")}
        </span>
      </div>
      {platform && (
        <section className="grid gap-4 sm:grid-cols-3" data-testid="platform-figures">
          <Figure label={t("dashboard.admin.agencies")} value={platform.agencies} />
          <Figure label={t("dashboard.admin.pending")} value={platform.pending} />
          <Figure label={t("dashboard.admin.candidates")} value={platform.candidates} />
        </section>
      )}
      {overview && (
        <>
          <section className="card-surface p-6">
            <h2 className="text-lg font-semibold" data-testid="agency-name">
              {overview.agency.name}
            </h2>
            <p className="text-sm text-muted-foreground">
              {overview.agency.city} · {t(`countries.${overview.agency.country}`)}
            </p>
          </section>
          <div className="grid gap-6 lg:grid-cols-3">
            <List title={t("dashboard.agency.branches")} testId="branches" items={overview.branches.map((b) => ({ id: b.id, text: b.name, sub: b.city }))} />
            <List title={t("dashboard.agency.team")} testId="team" items={overview.team.map((m) => ({ id: m.id, text: m.name, sub: t(`roles.${m.role}`) }))} />
            <List title={t("dashboard.agency.clients")} testId="clients" items={overview.clients.map((c) => ({ id: c.id, text: c.name, sub: c.city }))} />
          </div>
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

function List({ title, items, testId }: { title: string; items: { id: string; text: string; sub: string }[]; testId: string }) {
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
