import { Form, useLocation, useNavigate, useNavigationType } from "@remix-run/react";
import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/errors";
import { PlaceField } from "~/components/forms/place-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { CONTRACTS, JOB_TYPES } from "#server/modules/missions/contract";
import {
  adSearchToQuery,
  AVAILABILITIES,
  MAX_QUERY_LENGTH,
  parseAdSearch,
  RADII_KM,
  type AdSearch,
} from "#server/modules/missions/contract";
import { PROFESSIONS, SECTORS } from "#server/modules/reference/contract";
import { FilterChips } from "./filter-chips";

export const SEARCH_FORM_ID = "job-search";
const DEBOUNCE_MS = 250;
const RATES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

export interface RegionOption {
  code: string;
  name: string;
  country: "CH" | "FR";
}

type Facets = Record<string, Record<string, number>>;

/**
 * The job search's GET form: it works as a plain form (the URL carries the search). With
 * JavaScript the results follow the typing: the form's values become the canonical query and the
 * page navigates there (replace, debounced), while the inputs keep the focus. Back and forward
 * bring the inputs back to that URL's search.
 */
export function SearchForm({
  search,
  facets,
  regions,
  place,
  invalid,
  children,
}: {
  search: AdSearch;
  facets: Facets;
  regions: RegionOption[];
  place: { id: string; label: string } | null;
  invalid: { salaryMin: string | null };
  /** the results, beside the filters (after them on a phone without JavaScript) */
  children: React.ReactNode;
}) {
  const { t } = useTranslation(["search", "reference", "common"]);
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [country, setCountry] = useState(search.country ?? "");
  const [hasPlace, setHasPlace] = useState(Boolean(search.placeId || search.placeText));
  const formKey = usePopKey();
  useEffect(() => {
    setCountry(search.country ?? "");
    setHasPlace(Boolean(search.placeId || search.placeText));
  }, [formKey]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the URL came back from history

  /** the last navigation came from typing: the next keystrokes replace its history entry */
  const typing = useRef(false);
  const go = (typed = false) => {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const data = new URLSearchParams();
    for (const [k, v] of new FormData(form)) if (typeof v === "string") data.append(k, v);
    const query = adSearchToQuery(parseAdSearch(data));
    // one history entry per choice (back undoes it), not one per keystroke
    navigate(`?${query}`, { replace: typed && typing.current, preventScrollReset: true });
    typing.current = typed;
  };
  const later = (typed: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => go(typed), DEBOUNCE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const count = (facet: string, value: string) => facets[facet]?.[value] ?? 0;
  const withCount = (label: string, facet: string, value: string) => `${label} (${count(facet, value)})`;
  const shownRegions = regions.filter((r) => !country || r.country === country);
  // on a phone (with JavaScript) the filters are a sheet over the results
  const [sheetOpen, setSheetOpen] = useState(false);
  useEffect(() => {
    if (!sheetOpen) return;
    const close = (e: KeyboardEvent) => e.key === "Escape" && setSheetOpen(false);
    window.addEventListener("keydown", close);
    return () => window.removeEventListener("keydown", close);
  }, [sheetOpen]);

  return (
    // the keywords sit above the form they belong to (form=…): the events of both are handled here
    <div
      className="grid gap-4"
      onInput={(e) => {
        const target = e.target as HTMLInputElement;
        // the results' own forms (save this search, favourites) are not the search
        if (target.form?.id !== SEARCH_FORM_ID) return;
        // the place field searches places as one types; the job search waits for a choice
        if (target.name !== "placeText") later(target.type === "search" || target.type === "text");
      }}
      onChange={(e) => {
        const target = e.target as HTMLInputElement;
        if (target.form?.id !== SEARCH_FORM_ID) return;
        if (target.name === "country") setCountry(target.value);
        // a place typed but not chosen from the list: the server reads the text when the field is left
        if (target.name === "placeText") later(false);
      }}
    >
      <div className="card-surface flex gap-2 p-3" role="search" key={formKey}>
        <div className="grid min-w-0 flex-1 gap-1.5">
          <Label htmlFor="search-q" className="sr-only">
            {t("form.q")}
          </Label>
          <Input
            id="search-q"
            type="search"
            name="q"
            form={SEARCH_FORM_ID}
            defaultValue={search.q}
            maxLength={MAX_QUERY_LENGTH}
            placeholder={t("form.qPlaceholder")}
            autoComplete="off"
            data-testid="search-q"
          />
        </div>
        <Button type="submit" form={SEARCH_FORM_ID} data-testid="search-submit">
          <Search className="h-4 w-4" aria-hidden />
          <span className="max-sm:sr-only">{t("form.submit")}</span>
        </Button>
      </div>
      <FilterChips search={search} regions={regions} place={place} onOpenFilters={() => setSheetOpen(true)} />
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <aside
          id="search-filters"
          className="search-filters card-surface self-start p-4 max-lg:order-last"
          data-open={sheetOpen}
          aria-label={t("filters.title")}
          data-testid="search-filters"
        >
          <div className="sticky -top-4 z-10 -mx-4 -mt-4 mb-4 flex items-center justify-between gap-2 bg-card p-4 lg:hidden">
            <h2 className="text-lg font-medium">{t("filters.title")}</h2>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="js-only"
              onClick={() => setSheetOpen(false)}
              data-testid="filters-close"
            >
              {t("filters.show")}
            </Button>
          </div>
          <Form
            key={formKey}
            ref={formRef}
            id={SEARCH_FORM_ID}
            method="get"
            action="/rechercher-un-emploi"
            className="grid gap-4"
            data-testid="search-form"
            onSubmit={(e) => {
              e.preventDefault();
              setSheetOpen(false);
              go();
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
              <PlaceField
                name="place"
                label={t("form.place")}
                placeholder={t("form.placePlaceholder")}
                defaultValue={place ?? (search.placeText ? { id: "", label: search.placeText } : undefined)}
                country={country === "CH" || country === "FR" ? country : undefined}
                testId="search-place"
                onSelect={(locality) => {
                  setHasPlace(Boolean(locality));
                  if (locality) later(false);
                }}
              />
              <Select
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
              </Select>
            </div>

            <Checkboxes
              legend={t("form.sector")}
              name="sector"
              selected={search.sector}
              testId="search-sector"
              options={SECTORS.map((s) => ({ value: s, label: withCount(t(`reference:sectors.${s}`), "sector", s) }))}
            />

            <Select
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
            </Select>

            <Checkboxes
              legend={t("form.contract")}
              name="contract"
              selected={search.contract}
              testId="search-contract"
              options={CONTRACTS.map((c) => ({ value: c, label: withCount(t(`contracts.${c}`), "contract", c) }))}
            />
            <Checkboxes
              legend={t("form.jobType")}
              name="jobType"
              selected={search.jobType}
              testId="search-job-type"
              options={JOB_TYPES.map((j) => ({ value: j, label: withCount(t(`jobTypes.${j}`), "jobType", j) }))}
            />

            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
              <Select
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
              </Select>
              <Select
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
              </Select>
              <Select
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
              </Select>
              <Select
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
              </Select>
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
                <ErrorList
                  id="search-salary-error"
                  errors={invalid.salaryMin ? ["validation.number_range"] : undefined}
                />
              </div>
              <Select name="sort" label={t("form.sort")} defaultValue={search.sort} testId="search-sort">
                <option value="date">{t("sort.date")}</option>
                {hasPlace && <option value="distance">{t("sort.distance")}</option>}
                <option value="salary">{t("sort.salary")}</option>
                <option value="relevance">{t("sort.relevance")}</option>
              </Select>
            </div>
          </Form>
        </aside>
        {children}
      </div>
    </div>
  );
}

/** Changes when the person goes back or forward in history (and not when the page navigates itself). */
function usePopKey() {
  const location = useLocation();
  const type = useNavigationType();
  const [key, setKey] = useState(0);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // a removed chip (a link) changes the search too: the inputs follow it
    if (type === "POP" || (location.state as { searchChanged?: boolean } | null)?.searchChanged) setKey((k) => k + 1);
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps -- the navigation type is read at each location
  return key;
}

function Select({
  name,
  label,
  defaultValue,
  testId,
  children,
}: {
  name: string;
  label: string;
  defaultValue: string;
  testId: string;
  children: React.ReactNode;
}) {
  const id = `search-${name}`;
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm"
        data-testid={testId}
      >
        {children}
      </select>
    </div>
  );
}

function Checkboxes({
  legend,
  name,
  options,
  selected,
  testId,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string }[];
  selected: string[];
  testId: string;
}) {
  return (
    <fieldset className="grid gap-1" data-testid={testId}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={selected.includes(o.value)}
              data-testid={`${testId}-${o.value}`}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
