import { Link } from "@remix-run/react";
import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "~/components/ui/button";
import { adSearchToQuery, emptyAdSearch, type AdSearch } from "#server/modules/missions/contract";

/**
 * A search without results says what to try: fewer filters (one click keeps only the words), other
 * words, and, for candidates, saving the search so the next matching ad comes to them.
 */
export function NoResults({ search, candidate }: { search: AdSearch; candidate: boolean }) {
  const { t } = useTranslation("search");
  const onlyWords = { ...emptyAdSearch(), q: search.q };
  const narrowed = adSearchToQuery(onlyWords) !== adSearchToQuery({ ...search, page: 1, sort: onlyWords.sort });
  return (
    <div className="card-surface grid justify-items-center gap-3 px-6 py-10 text-center" data-testid="no-results">
      <span className="grid size-14 place-items-center rounded-full bg-primary/10 text-primary">
        <SearchX className="size-7" aria-hidden />
      </span>
      <h3 className="text-lg font-semibold">{t("noResults.title")}</h3>
      <ul className="grid max-w-md gap-1 text-sm text-muted-foreground">
        {narrowed && <li>{t("noResults.fewerFilters")}</li>}
        {search.q && <li>{t("noResults.otherWords")}</li>}
        {candidate && <li>{t("noResults.saveSearch")}</li>}
      </ul>
      <div className="flex flex-wrap justify-center gap-2">
        {narrowed && (
          <Link
            to={`/rechercher-un-emploi?${adSearchToQuery(onlyWords)}`}
            state={{ searchChanged: true }}
            className={buttonVariants({ variant: "default" })}
            data-testid="no-results-clear"
          >
            {t("noResults.clear")}
          </Link>
        )}
        <Link
          to="/rechercher-un-emploi"
          state={{ searchChanged: true }}
          className={buttonVariants({ variant: "outline" })}
          data-testid="no-results-all"
        >
          {t("noResults.all")}
        </Link>
      </div>
    </div>
  );
}
