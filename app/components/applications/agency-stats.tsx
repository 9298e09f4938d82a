import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export interface AgencyApplicationStats {
  today: number;
  week: number;
  unanswered: number;
  pending: number;
  byAd: { adId: number; adTitle: string; week: number; today: number }[];
}

/** The agency dashboard's applications: new today and this week, by ad, and the unanswered ones (live with the page). */
export function AgencyApplicationsPanel({ stats }: { stats: AgencyApplicationStats }) {
  const { t } = useTranslation("applications");
  const figures = [
    { key: "today", value: stats.today, to: "/candidatures" },
    { key: "week", value: stats.week, to: "/candidatures" },
    { key: "pending", value: stats.pending, to: "/candidatures?status=3" },
    { key: "unanswered", value: stats.unanswered, to: "/candidatures?unanswered=1" },
  ] as const;
  return (
    <section
      className="card-surface grid gap-4 p-6"
      data-testid="application-stats"
      aria-labelledby="application-stats-title"
    >
      <h2 id="application-stats-title" className="text-lg font-semibold">
        {t("dashboard.title")}
      </h2>
      <div className="grid gap-3 sm:grid-cols-4">
        {figures.map((f) => (
          <Link
            key={f.key}
            to={f.to}
            className="rounded-md border p-3 hover:bg-secondary"
            data-testid={`stat-${f.key}`}
          >
            <span className="block text-2xl font-semibold" data-testid="stat-value">
              {f.value}
            </span>
            <span className="text-sm text-muted-foreground">{t(`dashboard.${f.key}`)}</span>
          </Link>
        ))}
      </div>
      {stats.byAd.length > 0 ? (
        <table className="w-full text-sm" data-testid="stats-by-ad">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="py-1 font-medium">{t("dashboard.ad")}</th>
              <th className="py-1 text-right font-medium">{t("dashboard.today")}</th>
              <th className="py-1 text-right font-medium">{t("dashboard.week")}</th>
            </tr>
          </thead>
          <tbody>
            {stats.byAd.map((a) => (
              <tr key={a.adId} className="border-t">
                <td className="py-1">
                  <Link to={`/candidatures?adId=${a.adId}`} className="hover:underline">
                    {a.adTitle}
                  </Link>
                </td>
                <td className="py-1 text-right">{a.today}</td>
                <td className="py-1 text-right">{a.week}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-muted-foreground">{t("dashboard.none")}</p>
      )}
    </section>
  );
}
