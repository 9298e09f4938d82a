import { useTranslation } from "react-i18next";
import { formatDay } from "~/components/placements/format";
import { OWN_SITE } from "#server/modules/missions/contract";
import type { AgencyGlanceData, CandidateGlanceData } from "~/utils/dashboard-glance.server";
import { GlanceCard } from "./glance-card";

const SEARCH = "/rechercher-un-emploi";

/** What matters now to a candidate: searches and their new ads, favourites, next shifts, timesheets. */
export function CandidateGlance({ glance }: { glance: CandidateGlanceData }) {
  const { t } = useTranslation();
  const g = (key: string, options?: Record<string, unknown>) => t(`dashboard.glance.${key}`, options);
  const { searches, favourites, shifts, timesheets } = glance;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="candidate-glance">
      <GlanceCard
        title={g("searches.title")}
        testId="glance-searches"
        figures={[
          { key: "new", value: searches.newAds, label: g("searches.new"), to: "/ma-recherche", attention: true },
          { key: "saved", value: searches.saved, label: g("searches.saved"), to: "/ma-recherche" },
          { key: "alerts", value: searches.alerts, label: g("searches.alerts"), to: "/ma-recherche" },
        ]}
        items={searches.items.map((s) => ({
          id: s.id,
          text: s.name,
          sub: s.newCount === null ? undefined : g("searches.newCount", { count: s.newCount }),
          to: `${SEARCH}?${s.query}`,
        }))}
        empty={{ message: g("searches.empty"), action: { label: g("searchJobs"), to: SEARCH } }}
        more={{ label: g("searches.more"), to: "/ma-recherche" }}
      />
      <GlanceCard
        title={g("favourites.title")}
        testId="glance-favourites"
        figures={[
          { key: "online", value: favourites.online, label: g("favourites.online"), to: "/mes-favoris" },
          { key: "total", value: favourites.total, label: g("favourites.total"), to: "/mes-favoris" },
        ]}
        items={favourites.items.map((f) => ({
          id: f.id,
          text: f.title,
          sub: f.placeName,
          to: `/annonce/${f.id}/${OWN_SITE}`,
        }))}
        empty={{ message: g("favourites.empty"), action: { label: g("searchJobs"), to: SEARCH } }}
        more={{ label: g("favourites.more"), to: "/mes-favoris" }}
      />
      <GlanceCard
        title={g("shifts.title")}
        testId="glance-shifts"
        figures={[
          { key: "upcoming", value: shifts.upcoming, label: g("shifts.upcoming"), to: "/missions-valides#schedule" },
          {
            key: "unconfirmed",
            value: shifts.unconfirmed,
            label: g("shifts.unconfirmed"),
            to: "/missions-valides#schedule",
            attention: true,
          },
        ]}
        items={shifts.items.map((s) => ({
          id: s.id,
          text: s.adTitle,
          sub: [`${formatDay(s.day)} ${s.start}–${s.end}`, s.place].filter(Boolean).join(" · "),
          to: "/missions-valides#schedule",
        }))}
        empty={{ message: g("shifts.empty") }}
        more={{ label: g("shifts.more"), to: "/missions-valides" }}
      />
      <GlanceCard
        title={g("timesheets.title")}
        testId="glance-timesheets"
        figures={[
          {
            key: "to-enter",
            value: timesheets.toEnter,
            label: g("timesheets.toEnter"),
            to: "/fiches-horaires",
            attention: true,
          },
          {
            key: "to-check",
            value: timesheets.toCheck,
            label: g("timesheets.toCheck"),
            to: "/fiches-horaires",
            attention: true,
          },
          { key: "disputes", value: timesheets.disputes, label: g("timesheets.disputes"), to: "/fiches-horaires" },
        ]}
        empty={{ message: g("timesheets.emptyCandidate") }}
        more={{ label: g("timesheets.more"), to: "/fiches-horaires" }}
      />
    </div>
  );
}

/** What matters now to an agency: ads online, ending and proposed by clients, proposals, this week's planning, timesheets. */
export function AgencyGlance({ glance }: { glance: AgencyGlanceData }) {
  const { t } = useTranslation();
  const g = (key: string, options?: Record<string, unknown>) => t(`dashboard.glance.${key}`, options);
  const { ads, proposals, planning, timesheets } = glance;
  const board = `/planification?view=week&date=${planning.week}`;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="agency-glance">
      <GlanceCard
        title={g("ads.title")}
        testId="glance-ads"
        figures={[
          { key: "online", value: ads.counts.online, label: g("ads.online"), to: "/mes-annonces?status=online" },
          {
            key: "expiring",
            value: ads.counts.expiring,
            label: g("ads.expiring", { days: ads.expiringDays }),
            to: "/mes-annonces?status=online",
            attention: true,
          },
          {
            key: "review",
            value: ads.counts.awaitingReview,
            label: g("ads.awaitingReview"),
            to: "/mes-annonces",
            attention: true,
          },
        ]}
        items={[
          ...ads.awaitingReview.slice(0, 3).map((a) => ({
            id: `r${a.id}`,
            text: a.title,
            sub: g("ads.toReview"),
            to: `/mes-annonces/${a.id}/modifier`,
          })),
          ...ads.expiring.slice(0, 3).map((a) => ({
            id: `e${a.id}`,
            text: a.title,
            sub: g("ads.endsOn", { date: formatDay(a.endDate) }),
            to: `/mes-annonces/${a.id}/modifier`,
          })),
        ]}
        empty={{ message: g("ads.empty"), action: { label: g("ads.create"), to: "/creer-une-annonce" } }}
        more={{ label: g("ads.more"), to: "/mes-annonces" }}
      />
      <GlanceCard
        title={g("proposals.title")}
        testId="glance-proposals"
        figures={[
          {
            key: "to-pick",
            value: proposals.toPick,
            label: g("proposals.toPick"),
            to: "/candidatures/propositions",
            attention: true,
          },
          { key: "open", value: proposals.open, label: g("proposals.open"), to: "/candidatures/propositions" },
        ]}
        empty={{ message: g("proposals.empty"), action: { label: g("proposals.applications"), to: "/candidatures" } }}
        more={{ label: g("proposals.more"), to: "/candidatures/propositions" }}
      />
      <GlanceCard
        title={g("planning.title")}
        testId="glance-planning"
        figures={[
          { key: "published", value: planning.published, label: g("planning.published"), to: board },
          {
            key: "unconfirmed",
            value: planning.unconfirmed,
            label: g("planning.unconfirmed"),
            to: board,
            attention: true,
          },
          { key: "drafts", value: planning.drafts, label: g("planning.drafts"), to: board, attention: true },
        ]}
        empty={{ message: g("planning.empty"), action: { label: g("planning.open"), to: board } }}
        more={{ label: g("planning.open"), to: board }}
      />
      <GlanceCard
        title={g("timesheets.title")}
        testId="glance-timesheets"
        figures={[
          {
            key: "to-validate",
            value: timesheets.toValidate,
            label: g("timesheets.toValidate"),
            to: "/releves-heures?status=employee_validated",
            attention: true,
          },
          {
            key: "at-client",
            value: timesheets.atClient,
            label: g("timesheets.atClient"),
            to: "/releves-heures?status=agency_validated",
          },
          {
            key: "disputes",
            value: timesheets.disputes,
            label: g("timesheets.disputes"),
            to: "/releves-heures?disputed=1",
            attention: true,
          },
        ]}
        empty={{ message: g("timesheets.emptyAgency") }}
        more={{ label: g("timesheets.more"), to: "/releves-heures" }}
      />
    </div>
  );
}
