import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { formatDay } from "~/components/placements/format";
import { useLive } from "~/hooks/use-live";
import { requireAbility } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "placements"] };
const NS = ["placements", "common"];

/** /missions-valides: the missions the candidate is on (validated missions), live. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const rows = await context.services.placements.myPlacements(user);
  return json({ missions: rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) });
}

export default function ValidatedMissions() {
  const { t } = useTranslation(NS);
  const { missions } = useLoaderData<typeof loader>();
  useLive((e) => e.type === "PlacementValidated");
  return (
    <div className="grid max-w-4xl gap-6" data-testid="validated-missions">
      <PageHeader title={t("missions.title")} />
      {missions.length === 0 ? (
        <EmptyState testId="no-missions" message={t("missions.empty")}>
          <Link to="/mes-propositions" className="text-primary underline">
            {t("missions.toProposals")}
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid gap-3">
          {missions.map((m) => (
            <li key={m.id} className="card-surface grid gap-1 p-4" data-testid="mission" data-id={m.id} data-proposal={m.proposalId ?? ""}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <p className="font-medium" data-testid="mission-title">
                  {m.adTitle}
                </p>
                <span className="rounded-full bg-secondary px-3 py-1 text-xs font-medium">{t(`missions.status.${m.status}`)}</span>
              </div>
              <p className="text-sm text-muted-foreground">
                {m.agencyName} · {m.placeName}
              </p>
              <p className="text-sm">{m.startDate ? t("dates.range", { start: formatDay(m.startDate), end: formatDay(m.endDate) }) : t("dates.toBeAgreed", { end: formatDay(m.endDate) })}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
