import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { useLive } from "~/hooks/use-live";
import { requireAbility } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";

export const meta: MetaFunction = () => [{ title: "Missio" }];

/** Platform admins: the retention rules (issue 30, ADR 0048), their legal source and delay, what falls due in the next 30 days. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAbility(request, context, "admin.erasure");
  return json(await context.services.erasure.retentionOverview(admin));
}

export default function Retention() {
  const { t } = useTranslation();
  const { rules, warningDays } = useLoaderData<typeof loader>();
  useLive((e) => e.streamId.startsWith("erasure-"));
  return (
    <div className="grid gap-6">
      <PageHeader title={t("erasure.retention.admin.title")} />
      <p className="text-sm text-muted-foreground">{t("erasure.retention.admin.intro", { days: warningDays })}</p>
      <ul className="grid gap-4" data-testid="retention-rules">
        {rules.map((r) => (
          <li key={r.id} className="card-surface grid gap-2 p-4" data-testid="retention-rule" data-rule={r.id}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-semibold">{t(`erasure.retention.rules.${r.id}`)}</h2>
              <span className="text-sm text-muted-foreground">
                {r.delayDays
                  ? t("erasure.retention.admin.delay", { days: r.delayDays })
                  : t("erasure.retention.admin.expiry")}
              </span>
            </div>
            <p className="text-sm text-muted-foreground" data-testid="retention-source">
              {t("erasure.retention.admin.source")}: {r.source}
            </p>
            {r.erases ? (
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                <dt className="text-muted-foreground">
                  {t("erasure.retention.admin.upcoming", { days: warningDays })}
                </dt>
                <dd data-testid="retention-upcoming">
                  {r.upcoming}
                  {r.nextDueAt && ` · ${t("erasure.retention.admin.next", { date: formatDate(r.nextDueAt) })}`}
                </dd>
                <dt className="text-muted-foreground">{t("erasure.retention.admin.warned")}</dt>
                <dd data-testid="retention-warned">{r.warned}</dd>
                <dt className="text-muted-foreground">{t("erasure.retention.admin.cancelled")}</dt>
                <dd>{r.cancelled}</dd>
                <dt className="text-muted-foreground">{t("erasure.retention.admin.erased")}</dt>
                <dd>{r.erased}</dd>
              </dl>
            ) : r.id === "refused-applications" ? (
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                <dt className="text-muted-foreground">
                  {t("erasure.retention.admin.anonymisedSoon", { days: warningDays })}
                </dt>
                <dd data-testid="retention-upcoming">
                  {r.upcoming}
                  {r.nextDueAt && ` · ${t("erasure.retention.admin.next", { date: formatDate(r.nextDueAt) })}`}
                </dd>
                <dt className="text-muted-foreground">{t("erasure.retention.admin.anonymised")}</dt>
                <dd data-testid="retention-anonymised">{r.erased}</dd>
              </dl>
            ) : (
              <p className="text-sm">{t("erasure.retention.admin.purged")}</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
