import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterBar, FilterSelect, FilterText } from "~/components/filter-bar";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { INTERESTS, PIPELINE_SORTS, STATUS_CODES, statusName } from "#server/modules/applications/contract";
import type { loader } from "~/routes/_app+/candidatures.server";

type PipelineData = SerializeFrom<typeof loader>;
const NS = ["applications", "common"];

/** The pipeline's filters (ad, status, interest, people, source, dates, sort, unanswered, text), sent as a GET form. */
export function PipelineFilterBar({
  filters: f,
  options,
  filtered,
  seesInterest,
}: {
  filters: PipelineData["filters"];
  options: PipelineData["options"];
  filtered: boolean;
  /** the interest rating is the agency's own (ADR 0028) */
  seesInterest: boolean;
}) {
  const { t } = useTranslation(NS);
  return (
    <FilterBar
      testId="filters"
      actions={
        <>
          <Button type="submit" className="h-9" data-testid="filter-submit">
            {t("pipeline.filter")}
          </Button>
          {filtered && (
            <Button asChild variant="ghost" className="h-9">
              <Link to="/candidatures">{t("pipeline.reset")}</Link>
            </Button>
          )}
        </>
      }
    >
      <FilterSelect
        name="adId"
        label={t("pipeline.filters.ad")}
        allLabel={t("pipeline.all")}
        value={f.adId ? String(f.adId) : ""}
        options={options.ads.map((a) => ({ value: String(a.id), label: a.title }))}
        testId="filter-ad"
      />
      <FilterSelect
        name="status"
        label={t("pipeline.filters.status")}
        allLabel={t("pipeline.all")}
        value={f.status ? String(f.status) : ""}
        options={STATUS_CODES.map((c) => ({ value: String(c), label: t(`status.${statusName(c)}`) }))}
        testId="filter-status"
      />
      {seesInterest && (
        <FilterSelect
          name="interest"
          label={t("pipeline.filters.interest")}
          allLabel={t("pipeline.all")}
          value={f.interest ?? ""}
          options={[...INTERESTS, "unrated" as const].map((i) => ({ value: i, label: t(`interest.${i}`) }))}
        />
      )}
      <FilterSelect
        name="consultantId"
        label={t("pipeline.filters.consultant")}
        allLabel={t("pipeline.all")}
        value={f.consultantId}
        options={options.consultants.map((c) => ({ value: c.id, label: c.name }))}
      />
      <FilterSelect
        name="branchId"
        label={t("pipeline.filters.branch")}
        allLabel={t("pipeline.all")}
        value={f.branchId}
        options={options.branches.map((c) => ({ value: c.id, label: c.name }))}
      />
      <FilterSelect
        name="clientId"
        label={t("pipeline.filters.client")}
        allLabel={t("pipeline.all")}
        value={f.clientId}
        options={options.clients.map((c) => ({ value: c.id, label: c.name }))}
      />
      <FilterSelect
        name="source"
        label={t("pipeline.filters.source")}
        allLabel={t("pipeline.all")}
        value={f.source}
        options={options.sources.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))}
      />
      <label className="grid gap-1 text-sm">
        <span>{t("pipeline.filters.from")}</span>
        <Input type="date" name="from" defaultValue={f.from} className="h-9 px-2" data-testid="filter-from" />
      </label>
      <label className="grid gap-1 text-sm">
        <span>{t("pipeline.filters.to")}</span>
        <Input type="date" name="to" defaultValue={f.to} className="h-9 px-2" />
      </label>
      <FilterSelect
        name="sort"
        label={t("pipeline.filters.sort")}
        allLabel={t("pipeline.sorts.newest")}
        value={f.sort === "newest" ? "" : f.sort}
        options={PIPELINE_SORTS.filter((s) => s !== "newest").map((s) => ({
          value: s,
          label: t(`pipeline.sorts.${s}`),
        }))}
      />
      <label className="flex items-center gap-2 self-end pb-2 text-sm">
        <input
          type="checkbox"
          name="unanswered"
          value="1"
          defaultChecked={f.unanswered}
          data-testid="filter-unanswered"
        />
        {t("pipeline.filters.unanswered")}
      </label>
      <FilterText
        name="q"
        label={t("pipeline.filters.text")}
        value={f.q}
        placeholder={t("pipeline.filters.textPlaceholder")}
      />
    </FilterBar>
  );
}
