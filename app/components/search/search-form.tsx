import { Form, useNavigate } from "@remix-run/react";
import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { adSearchToQuery, MAX_QUERY_LENGTH, parseAdSearch, type AdSearch } from "#server/modules/missions/contract";
import { FilterChips } from "./filter-chips";
import { FiltersSheet } from "./filters-sheet";
import { SearchFilters, type Facets } from "./search-filters";
import { usePopKey } from "./use-pop-key";

export const SEARCH_FORM_ID = "job-search";
const DEBOUNCE_MS = 250;

export interface RegionOption {
  code: string;
  name: string;
  country: "CH" | "FR";
}

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
  candidate = false,
  children,
}: {
  search: AdSearch;
  facets: Facets;
  regions: RegionOption[];
  place: { id: string; label: string } | null;
  invalid: { salaryMin: string | null };
  /** a signed-in candidate: the search may sort by fit and ask for a lowest fit */
  candidate?: boolean;
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

  // on a phone (with JavaScript) the filters are a sheet over the results
  const [sheetOpen, setSheetOpen] = useState(false);

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
        <FiltersSheet open={sheetOpen} setOpen={setSheetOpen}>
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
            <SearchFilters
              search={search}
              facets={facets}
              regions={regions}
              place={place}
              invalid={invalid}
              country={country}
              hasPlace={hasPlace}
              candidate={candidate}
              onPlaceSelect={(locality) => {
                setHasPlace(Boolean(locality));
                if (locality) later(false);
              }}
            />
          </Form>
        </FiltersSheet>
        {children}
      </div>
    </div>
  );
}
