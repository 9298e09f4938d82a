import { useTranslation } from "react-i18next";
import { formatMoney, formatNumber } from "#server/lib/contract";
import type { AdSearch } from "#server/modules/missions/contract";

/** A saved search as the page describes it: the search, with the names of its place and regions. */
export interface DescribedSearch {
  search: AdSearch;
  placeName: string | null;
  regionNames: string[];
}

/**
 * The criteria of a saved search in words ("electrician · temporary · Geneva, within 20 km"),
 * with the labels the job search page uses.
 */
export function SearchCriteria({ described }: { described: DescribedSearch }) {
  const { t, i18n } = useTranslation(["engagement", "search", "reference", "common"]);
  const { search: s, placeName, regionNames } = described;
  // a minimum salary reads the way of the country searched in, when the search names one
  const money = (n: number) => (s.country ? formatMoney(n, s.country, i18n.language) : formatNumber(n, i18n.language));
  const place = placeName ?? (s.placeText || null);
  const parts = [
    ...(s.q ? [t("criteria.words", { q: s.q })] : []),
    ...s.sector.map((v) => t(`reference:sectors.${v}`)),
    ...s.profession.map((v) => t(`reference:professions.${v}`)),
    ...s.contract.map((v) => t(`search:contracts.${v}`)),
    ...s.jobType.map((v) => t(`search:jobTypes.${v}`)),
    ...(s.rateMin != null ? [t("criteria.rateMin", { rate: s.rateMin })] : []),
    ...(s.salaryMin != null ? [t("criteria.salaryMin", { amount: money(s.salaryMin) })] : []),
    ...(s.availability ? [t(`search:availability.${s.availability}`)] : []),
    ...(s.minFit ? [t("criteria.minFit", { fit: s.minFit })] : []),
    ...(s.country ? [t(`common:countries.${s.country}`)] : []),
    ...regionNames,
    ...(place ? [s.radiusKm ? t("criteria.within", { km: s.radiusKm, place }) : place] : []),
  ];
  if (!parts.length) return <p className="text-sm text-muted-foreground">{t("criteria.all")}</p>;
  return (
    <ul className="flex flex-wrap gap-2 text-xs" aria-label={t("criteria.label")} data-testid="criteria">
      {parts.map((p, i) => (
        <li key={i} className="rounded-full bg-secondary px-2 py-0.5">
          {p}
        </li>
      ))}
    </ul>
  );
}
