import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import {
  ACTIVITY_DAYS,
  LIBRARY_FACETS,
  LIBRARY_RADII,
  LIBRARY_SORTS,
  PLACE_MODES,
  VALIDITY,
  type LibraryFacet,
  type LibrarySearch,
} from "#server/modules/library/contract";
import type { LibraryResult } from "#server/modules/library/search";
import { AgencyFacets } from "./agency-facets";
import { FacetList, useFacetLabel } from "./facet-list";
import { QueryHelp } from "./query-help";

const LEVELS = ["A1", "A2", "B1", "B2", "C1", "C2", "native"] as const;

/**
 * The whole search as one GET form: the query box with its help, the place and radius, the sort
 * and the facets. Without JavaScript it is a plain form; a search is a link.
 */
export function LibraryForm({ search, result }: { search: LibrarySearch; result: LibraryResult }) {
  const { t } = useTranslation(["library", "profile"]);
  const label = useFacetLabel(result.regionNames);
  const queryError = result.queryError;
  return (
    <Form method="get" className="grid gap-4" data-testid="library-form">
      {/* a favourite folder opened as a search (issue 29): its candidates only, under every facet */}
      {search.folder && <input type="hidden" name="folder" value={search.folder} />}
      <div className="grid gap-2">
        <label htmlFor="library-q" className="text-sm font-medium">
          {t("search.label")}
        </label>
        <div className="flex flex-wrap gap-2">
          <Input
            id="library-q"
            name="q"
            type="search"
            defaultValue={search.q}
            placeholder={t("search.placeholder")}
            aria-invalid={queryError ? true : undefined}
            aria-describedby={queryError ? "library-q-error" : undefined}
            className="min-w-64 flex-1"
            data-testid="library-q"
          />
          <Button type="submit" data-testid="library-submit">
            {t("search.submit")}
          </Button>
        </div>
        {queryError && (
          <p id="library-q-error" role="alert" className="text-sm text-destructive" data-testid="query-error">
            {t(queryError)}
          </p>
        )}
        <QueryHelp />
      </div>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label className="grid gap-1">
          {t("place.label")}
          <Input name="place" defaultValue={search.place} placeholder={t("place.placeholder")} data-testid="place" />
        </label>
        <label className="grid gap-1">
          {t("place.radius")}
          <select name="radius" defaultValue={search.radius} className="h-9 rounded border px-2" data-testid="radius">
            {LIBRARY_RADII.map((r) => (
              <option key={r} value={r}>
                {t("place.km", { km: r })}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="flex gap-3">
          <legend className="sr-only">{t("place.reach")}</legend>
          {PLACE_MODES.map((m) => (
            <label key={m} className="flex items-center gap-1">
              <input
                type="radio"
                name="reach"
                value={m}
                defaultChecked={search.reach === m}
                data-testid={`reach-${m}`}
              />
              {t(`place.modes.${m}`)}
            </label>
          ))}
        </fieldset>
        <label className="grid gap-1">
          {t("sort.label")}
          <select name="sort" defaultValue={search.sort} className="h-9 rounded border px-2" data-testid="sort">
            {LIBRARY_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {result.placeUnknown && (
        <p role="alert" className="text-sm text-destructive" data-testid="place-unknown">
          {t("place.unknown")}
        </p>
      )}
      <details open>
        <summary className="cursor-pointer text-sm font-medium">{t("facets.title")}</summary>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {(Object.keys(LIBRARY_FACETS) as LibraryFacet[]).map((f) => (
            <FacetList key={f} facet={f} counts={result.facets[f] ?? {}} chosen={search[f]} label={label} />
          ))}
          <AgencyFacets search={search} result={result} />
          <fieldset className="grid gap-1 text-sm" data-testid="facet-activity">
            <legend className="mb-1 font-medium">{t("facets.activity")}</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="activity" value="" defaultChecked={!search.activity} />
              {t("facets.any")}
            </label>
            {ACTIVITY_DAYS.map((d) => (
              <label key={d} className="flex items-center gap-2">
                <input type="radio" name="activity" value={d} defaultChecked={search.activity === d} />
                <span className="flex-1">{t("facets.activityWithin", { days: d })}</span>
                <span className="text-xs text-muted-foreground">{result.activity[String(d)] ?? 0}</span>
              </label>
            ))}
          </fieldset>
          <fieldset className="grid gap-1 text-sm" data-testid="facet-valid">
            <legend className="mb-1 font-medium">{t("facets.valid")}</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="valid" value="" defaultChecked={!search.valid} />
              {t("facets.any")}
            </label>
            {VALIDITY.map((v) => (
              <label key={v} className="flex items-center gap-2">
                <input type="radio" name="valid" value={v} defaultChecked={search.valid === v} />
                <span className="flex-1">{t(`facets.validValues.${v}`)}</span>
                <span className="text-xs text-muted-foreground" data-testid="facet-count">
                  {result.validity[v] ?? 0}
                </span>
              </label>
            ))}
          </fieldset>
          <label className="grid gap-1 text-sm">
            <span className="font-medium">{t("facets.level")}</span>
            <select
              name="level"
              defaultValue={search.level ?? ""}
              className="h-9 rounded border px-2"
              data-testid="level"
            >
              <option value="">{t("facets.any")}</option>
              {LEVELS.map((l) => (
                <option key={l} value={l}>
                  {t(`profile:levels.${l}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Button type="submit" variant="outline" className="mt-3" data-testid="apply-filters">
          {t("facets.apply")}
        </Button>
      </details>
    </Form>
  );
}
