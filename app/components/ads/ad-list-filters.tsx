import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ADS_NS } from "~/components/ads/fields";
import { FilterBar, FilterSelect, FilterText } from "~/components/filter-bar";
import { Button } from "~/components/ui/button";
import { LISTED_AD_STATES as LISTED_STATES } from "#server/modules/missions/contract";
import type { loader } from "~/routes/_app+/mes-annonces.server";

/** The ad list's filters: state, consultant, and for agency staff branch and client, and a text search (a GET form). */
export function AdListFilters({ data, filtered }: { data: SerializeFrom<typeof loader>; filtered: boolean }) {
  const { t } = useTranslation(ADS_NS, { nsMode: "fallback" });
  return (
    <FilterBar
      testId="filters"
      actions={
        <>
          <Button type="submit" className="h-9" data-testid="filter-submit">
            {t("list.filters.apply")}
          </Button>
          {filtered && (
            <Button asChild variant="ghost" className="h-9">
              <Link to="/mes-annonces">{t("list.filters.reset")}</Link>
            </Button>
          )}
        </>
      }
    >
      <FilterSelect
        name="status"
        label={t("list.filters.state")}
        allLabel={t("list.filters.all")}
        value={data.filters.status}
        options={LISTED_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
      />
      {!data.admin && (
        <FilterSelect
          name="consultantId"
          label={t("list.filters.consultant")}
          allLabel={t("list.filters.all")}
          value={data.filters.consultantId}
          options={data.options.contacts.map((o) => ({ value: o.id, label: o.name }))}
        />
      )}
      {!data.admin && data.staff && (
        <>
          <FilterSelect
            name="branchId"
            label={t("list.filters.branch")}
            allLabel={t("list.filters.all")}
            value={data.filters.branchId}
            options={data.options.branches.map((o) => ({ value: o.id, label: o.name }))}
          />
          <FilterSelect
            name="clientId"
            label={t("list.filters.client")}
            allLabel={t("list.filters.all")}
            value={data.filters.clientId}
            options={data.options.clients.map((o) => ({ value: o.id, label: o.name }))}
          />
        </>
      )}
      <FilterText
        name="q"
        label={t("list.filters.text")}
        value={data.filters.q}
        placeholder={t("list.filters.textPlaceholder")}
      />
    </FilterBar>
  );
}
