import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/errors";
import { PlaceField, type PlaceFieldProps } from "~/components/forms/place-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  AVAILABILITIES,
  CONTRACTS,
  FIT_LEVELS,
  JOB_TYPES,
  RADII_KM,
  type AdSearch,
} from "#server/modules/missions/contract";
import { PROFESSIONS, SECTORS } from "#server/modules/reference/contract";
import { FilterCheckboxes, FilterSelect } from "./filter-fields";
import type { RegionOption } from "./search-form";

const RATES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

export type Facets = Record<string, Record<string, number>>;

/**
 * The job search's filters, each option with its count of ads (the facets): place and distance,
 * sector, profession, contract, job type, country and region, rate, availability, salary, and
 * the order (by distance once there is a place). The regions follow the chosen country. A
 * signed-in candidate may also sort by fit to their profile and ask for a lowest fit.
 */
export function SearchFilters({
  search,
  facets,
  regions,
  place,
  invalid,
  country,
  hasPlace,
  candidate,
  onPlaceSelect,
}: {
  search: AdSearch;
  facets: Facets;
  regions: RegionOption[];
  place: { id: string; label: string } | null;
  invalid: { salaryMin: string | null };
  country: string;
  hasPlace: boolean;
  candidate: boolean;
  onPlaceSelect: PlaceFieldProps["onSelect"];
}) {
  const { t } = useTranslation(["search", "reference", "common"]);
  const count = (facet: string, value: string) => facets[facet]?.[value] ?? 0;
  const withCount = (label: string, facet: string, value: string) => `${label} (${count(facet, value)})`;
  const shownRegions = regions.filter((r) => !country || r.country === country);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <PlaceField
          name="place"
          label={t("form.place")}
          placeholder={t("form.placePlaceholder")}
          defaultValue={place ?? (search.placeText ? { id: "", label: search.placeText } : undefined)}
          country={country === "CH" || country === "FR" ? country : undefined}
          testId="search-place"
          onSelect={onPlaceSelect}
        />
        <FilterSelect
          name="radius"
          label={t("form.radius")}
          defaultValue={search.radiusKm ? String(search.radiusKm) : ""}
          testId="search-radius"
        >
          <option value="">{t("form.anyDistance")}</option>
          {RADII_KM.map((km) => (
            <option key={km} value={km}>
              {t("form.km", { km })}
            </option>
          ))}
        </FilterSelect>
      </div>

      <FilterCheckboxes
        legend={t("form.sector")}
        name="sector"
        selected={search.sector}
        testId="search-sector"
        options={SECTORS.map((s) => ({ value: s, label: withCount(t(`reference:sectors.${s}`), "sector", s) }))}
      />

      <FilterSelect
        name="profession"
        label={t("form.profession")}
        defaultValue={search.profession[0] ?? ""}
        testId="search-profession"
      >
        <option value="">{t("form.anyProfession")}</option>
        {SECTORS.map((sector) => (
          <optgroup key={sector} label={t(`reference:sectors.${sector}`)}>
            {PROFESSIONS.filter((p) => p.sector === sector).map((p) => (
              <option key={p.id} value={p.id}>
                {withCount(t(`reference:professions.${p.id}`), "profession", p.id)}
              </option>
            ))}
          </optgroup>
        ))}
      </FilterSelect>

      <FilterCheckboxes
        legend={t("form.contract")}
        name="contract"
        selected={search.contract}
        testId="search-contract"
        options={CONTRACTS.map((c) => ({ value: c, label: withCount(t(`contracts.${c}`), "contract", c) }))}
      />
      <FilterCheckboxes
        legend={t("form.jobType")}
        name="jobType"
        selected={search.jobType}
        testId="search-job-type"
        options={JOB_TYPES.map((j) => ({ value: j, label: withCount(t(`jobTypes.${j}`), "jobType", j) }))}
      />

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <FilterSelect
          name="country"
          label={t("form.country")}
          defaultValue={search.country ?? ""}
          testId="search-country"
        >
          <option value="">{t("form.anyCountry")}</option>
          {(["CH", "FR"] as const).map((c) => (
            <option key={c} value={c}>
              {withCount(t(`common:countries.${c}`), "country", c)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          name="region"
          label={t("form.region")}
          defaultValue={search.region[0] ?? ""}
          testId="search-region"
        >
          <option value="">{t("form.anyRegion")}</option>
          {(["CH", "FR"] as const)
            .filter((c) => shownRegions.some((r) => r.country === c))
            .map((c) => (
              <optgroup key={c} label={t(`common:countries.${c}`)}>
                {shownRegions
                  .filter((r) => r.country === c)
                  .map((r) => (
                    <option key={r.code} value={r.code}>
                      {withCount(r.name, "region", r.code)}
                    </option>
                  ))}
              </optgroup>
            ))}
        </FilterSelect>
        <FilterSelect
          name="rateMin"
          label={t("form.rateMin")}
          defaultValue={search.rateMin ? String(search.rateMin) : ""}
          testId="search-rate"
        >
          <option value="">{t("form.anyRate")}</option>
          {RATES.map((r) => (
            <option key={r} value={r}>
              {t("form.rateAtLeast", { rate: r })}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          name="availability"
          label={t("form.availability")}
          defaultValue={search.availability ?? ""}
          testId="search-availability"
        >
          <option value="">{t("form.anyAvailability")}</option>
          {AVAILABILITIES.map((a) => (
            <option key={a} value={a}>
              {t(`availability.${a}`)}
            </option>
          ))}
        </FilterSelect>
        <div className="grid content-start gap-1.5">
          <Label htmlFor="search-salary">{t("form.salaryMin")}</Label>
          <Input
            id="search-salary"
            name="salaryMin"
            inputMode="decimal"
            defaultValue={invalid.salaryMin ?? (search.salaryMin ? String(search.salaryMin) : "")}
            aria-invalid={invalid.salaryMin ? true : undefined}
            aria-describedby="search-salary-hint search-salary-error"
            data-testid="search-salary"
          />
          <p id="search-salary-hint" className="text-xs text-muted-foreground">
            {t("form.salaryHint")}
          </p>
          <ErrorList id="search-salary-error" errors={invalid.salaryMin ? ["validation.number_range"] : undefined} />
        </div>
        {candidate && (
          <FilterSelect
            name="fit"
            label={t("form.minFit")}
            defaultValue={search.minFit ? String(search.minFit) : ""}
            testId="search-min-fit"
          >
            <option value="">{t("form.anyFit")}</option>
            {FIT_LEVELS.map((f) => (
              <option key={f} value={f}>
                {t("form.fitAtLeast", { fit: f })}
              </option>
            ))}
          </FilterSelect>
        )}
        <FilterSelect name="sort" label={t("form.sort")} defaultValue={search.sort} testId="search-sort">
          {candidate && <option value="fit">{t("sort.fit")}</option>}
          <option value="date">{t("sort.date")}</option>
          {hasPlace && <option value="distance">{t("sort.distance")}</option>}
          <option value="salary">{t("sort.salary")}</option>
          <option value="relevance">{t("sort.relevance")}</option>
        </FilterSelect>
      </div>
    </>
  );
}
