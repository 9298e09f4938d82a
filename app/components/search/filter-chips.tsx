import { Link } from "@remix-run/react";
import { SlidersHorizontal, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "~/components/ui/button";
import { formatNumber } from "#server/lib/contract";
import { adSearchToQuery, emptyAdSearch, type AdSearch } from "#server/modules/missions/contract";
import type { RegionOption } from "./search-form";

interface Chip {
  key: string;
  label: string;
  without: AdSearch;
}

/** One chip per active filter, each a link to the same search without it (page 1). */
function chipsOf(search: AdSearch, label: (field: string, value: string) => string, place: string | null): Chip[] {
  const s = { ...search, page: 1 };
  const chips: Chip[] = [];
  const many = (field: "sector" | "profession" | "contract" | "jobType" | "region") =>
    s[field].forEach((v) =>
      chips.push({
        key: `${field}-${v}`,
        label: label(field, v),
        without: { ...s, [field]: s[field].filter((x) => x !== v) },
      }),
    );
  if (place)
    chips.push({
      key: "place",
      label: place,
      without: { ...s, placeId: null, placeText: "", radiusKm: null, sort: s.sort === "distance" ? "date" : s.sort },
    });
  if (s.radiusKm)
    chips.push({ key: "radius", label: label("radius", String(s.radiusKm)), without: { ...s, radiusKm: null } });
  many("sector");
  many("profession");
  many("contract");
  many("jobType");
  if (s.country) chips.push({ key: "country", label: label("country", s.country), without: { ...s, country: null } });
  many("region");
  if (s.rateMin)
    chips.push({ key: "rateMin", label: label("rateMin", String(s.rateMin)), without: { ...s, rateMin: null } });
  if (s.availability)
    chips.push({
      key: "availability",
      label: label("availability", s.availability),
      without: { ...s, availability: null },
    });
  if (s.salaryMin)
    chips.push({
      key: "salaryMin",
      label: label("salaryMin", String(s.salaryMin)),
      without: { ...s, salaryMin: null },
    });
  if (s.minFit)
    chips.push({ key: "minFit", label: label("minFit", String(s.minFit)), without: { ...s, minFit: null } });
  return chips;
}

/**
 * The active filters as removable chips, "clear all", and on a phone the button that opens the
 * filters (a sheet with JavaScript; without it, a link down to the form under the results).
 */
export function FilterChips({
  search,
  regions,
  place,
  onOpenFilters,
}: {
  search: AdSearch;
  regions: RegionOption[];
  place: { label: string } | null;
  onOpenFilters: () => void;
}) {
  const { t, i18n } = useTranslation(["search", "reference", "common"]);
  const label = (field: string, v: string) => {
    switch (field) {
      case "sector":
        return t(`reference:sectors.${v}`);
      case "profession":
        return t(`reference:professions.${v}`);
      case "contract":
        return t(`contracts.${v}`);
      case "jobType":
        return t(`jobTypes.${v}`);
      case "country":
        return t(`common:countries.${v}`);
      case "region":
        return regions.find((r) => r.code === v)?.name ?? v;
      case "radius":
        return t("form.km", { km: v });
      case "rateMin":
        return t("form.rateAtLeast", { rate: v });
      case "availability":
        return t(`availability.${v}`);
      case "minFit":
        return t("form.fitAtLeast", { fit: v });
      default:
        return t("chips.salaryMin", { amount: formatNumber(Number(v), i18n.language) });
    }
  };
  const chips = chipsOf(search, label, place?.label ?? (search.placeText || null));
  const href = (s: AdSearch) => `/rechercher-un-emploi?${adSearchToQuery(s)}`;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="filter-chips">
      <a
        href="#search-filters"
        className={buttonVariants({ variant: "outline", size: "sm", className: "lg:hidden" })}
        onClick={(e) => {
          // runs only once the page runs: without JavaScript the link leads down to the form
          e.preventDefault();
          onOpenFilters();
        }}
        data-testid="filters-open"
      >
        <SlidersHorizontal className="h-4 w-4" aria-hidden />
        {t("filters.title")}
        {chips.length > 0 && (
          <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">{chips.length}</span>
        )}
      </a>
      {chips.length > 0 && (
        <ul className="contents" aria-label={t("chips.label")}>
          {chips.map((c) => (
            <li key={c.key}>
              <Link
                to={href(c.without)}
                state={{ searchChanged: true }}
                preventScrollReset
                aria-label={t("chips.remove", { filter: c.label })}
                className="inline-flex min-h-8 max-w-full items-center gap-1 rounded-full border bg-secondary px-3 text-sm hover:bg-accent"
                data-testid="filter-chip"
                data-key={c.key}
              >
                <span className="truncate">{c.label}</span>
                <X className="h-3.5 w-3.5 shrink-0" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {chips.length > 1 && (
        <Link
          to={href({ ...emptyAdSearch(), q: search.q, sort: search.sort === "distance" ? "date" : search.sort })}
          state={{ searchChanged: true }}
          preventScrollReset
          className="text-sm text-primary underline"
          data-testid="filters-clear"
        >
          {t("chips.clear")}
        </Link>
      )}
    </div>
  );
}
