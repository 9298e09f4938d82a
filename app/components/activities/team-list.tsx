import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterBar, FilterSelect } from "~/components/filter-bar";
import { Pagination } from "~/components/pagination";
import { Button } from "~/components/ui/button";
import { ACTIVITY_PERIODS, ACTIVITY_STATUSES, ACTIVITY_TYPES } from "#server/modules/activities/contract";
import { ActivityLine } from "./activity-line";
import { NS, type ActivitiesData, type ActivityReply } from "./types";

/** The team's activities and template e-mails: filters as a GET form (a link, no JavaScript needed), pages. */
export function TeamList({ data, reply }: { data: ActivitiesData; reply?: ActivityReply }) {
  const { t } = useTranslation(NS);
  const { query: q, rows, total, pages, colleagues, choices } = data;
  return (
    <section className="grid gap-3" data-testid="team-activities">
      <h2 className="font-semibold">{t("list.title")}</h2>
      <FilterBar
        testId="activity-filters"
        actions={
          <>
            <Button type="submit" data-testid="activity-filter-submit">
              {t("list.filter")}
            </Button>
            <Button asChild variant="outline">
              <Link to="/activites-generales">{t("list.reset")}</Link>
            </Button>
          </>
        }
      >
        <FilterSelect
          name="type"
          label={t("list.type")}
          value={q.type ?? ""}
          allLabel={t("list.all")}
          options={ACTIVITY_TYPES.map((k) => ({ value: k, label: t(`types.${k}`) }))}
        />
        <FilterSelect
          name="consultant"
          label={t("list.consultant")}
          value={q.consultant ?? ""}
          allLabel={t("list.all")}
          options={colleagues.map((c) => ({ value: c.id, label: c.name }))}
        />
        <FilterSelect
          name="period"
          label={t("list.period")}
          value={q.period === "any" ? "" : q.period}
          allLabel={t("list.all")}
          options={ACTIVITY_PERIODS.filter((p) => p !== "any").map((p) => ({ value: p, label: t(`periods.${p}`) }))}
        />
        <FilterSelect
          name="status"
          label={t("list.status")}
          value={q.status === "all" ? "" : q.status}
          allLabel={t("list.all")}
          options={ACTIVITY_STATUSES.filter((s) => s !== "all").map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        />
        <FilterSelect
          name="candidateId"
          label={t("log.candidate")}
          value={q.candidateId ?? ""}
          allLabel={t("list.all")}
          options={choices.candidates.map((c) => ({ value: c.id, label: c.name }))}
        />
        <FilterSelect
          name="companyId"
          label={t("log.company")}
          value={q.companyId ?? ""}
          allLabel={t("list.all")}
          options={choices.companies.map((c) => ({ value: c.id, label: c.name }))}
        />
        <FilterSelect
          name="adId"
          label={t("log.ad")}
          value={q.adId ? String(q.adId) : ""}
          allLabel={t("list.all")}
          options={choices.ads.map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <FilterSelect
          name="orderId"
          label={t("log.order")}
          value={q.orderId ?? ""}
          allLabel={t("list.all")}
          options={choices.orders.map((c) => ({ value: c.id, label: c.name }))}
        />
      </FilterBar>
      <p className="text-sm" data-testid="activity-count">
        {t("list.count", { count: total })}
      </p>
      {rows.length === 0 ? (
        <p className="card-surface p-6 text-sm">{t("list.empty")}</p>
      ) : (
        <ul className="card-surface px-4" data-testid="activity-list">
          {rows.map((a) => (
            <ActivityLine key={`${a.source}-${a.id}`} item={a} reply={reply} />
          ))}
        </ul>
      )}
      <Pagination
        page={q.page}
        pages={pages}
        labels={{
          nav: t("list.pagination"),
          previous: t("list.previous"),
          next: t("list.next"),
          page: t("list.page", { page: q.page, pages }),
        }}
      />
    </section>
  );
}
