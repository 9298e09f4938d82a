import { seoMeta } from "~/utils/seo";
import { type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { PLACES_NS } from "~/components/forms/place-field";
import { OpenPage } from "~/components/layout/open-page";
import { ResultCard } from "~/components/search/result-card";
import { NoResults } from "~/components/search/no-results";
import { SaveSearch } from "~/components/search/save-search";
import { SearchForm } from "~/components/search/search-form";
import { Button } from "~/components/ui/button";
import { formatNumber } from "#server/lib/contract";
import { adSearchToQuery } from "#server/modules/missions/contract";
import { PageHeader } from "~/components/page-header";
import type { action, loader } from "./rechercher-un-emploi.server";

export { action, loader } from "./rechercher-un-emploi.server";
export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export const handle = { i18n: ["common", "search", "reference", "fit", PLACES_NS] };

export default function JobSearch() {
  const { shell } = useLoaderData<typeof loader>();
  return (
    <OpenPage shell={shell}>
      <SearchPage />
    </OpenPage>
  );
}

function SearchPage() {
  const { t, i18n } = useTranslation(["search", "common"]);
  const { search, query, result, logos, candidate, favourites, regions, place, invalid, idempotencyKey } =
    useLoaderData<typeof loader>();
  const done = useActionReply<typeof action>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/rechercher-un-emploi";
  const favourite = new Set(favourites);
  const pageHref = (n: number) =>
    `/rechercher-un-emploi?${adSearchToQuery({ ...search, page: n }, { withPage: true })}`;

  return (
    <div className="grid gap-6">
      <PageHeader title={t("title")} />
      <SearchForm
        search={search}
        facets={result.facets}
        regions={regions}
        place={place}
        invalid={invalid}
        candidate={candidate}
      >
        <section className="grid content-start gap-4" aria-busy={loading} aria-labelledby="results-heading">
          {done?.error && (
            <p
              role="alert"
              className="rounded-md bg-destructive/10 p-3 text-sm text-destructive"
              data-testid="action-error"
            >
              {t(done.error, { ns: "common" })}
            </p>
          )}
          {done?.intent === "hide" && !done.error && (
            <Form
              method="post"
              preventScrollReset
              className="flex items-center justify-between gap-3 rounded-md bg-secondary p-3 text-sm"
              role="status"
              data-testid="hidden-notice"
            >
              <span>{done.title ? t("hidden.titled", { title: done.title }) : t("hidden.done")}</span>
              <input type="hidden" name="adId" value={done.adId ?? ""} />
              <Button type="submit" name="intent" value="unhide" variant="outline" size="sm" data-testid="undo-hide">
                {t("hidden.undo")}
              </Button>
            </Form>
          )}
          {result.unavailable ? (
            <p
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm"
              data-testid="search-unavailable"
            >
              {t("unavailable")}
            </p>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3">
              {/* announced as it changes; a heading may not carry the status role itself */}
              <div role="status">
                <h2 id="results-heading" className="text-lg font-medium" data-testid="result-count">
                  {t("count", { count: result.total, number: formatNumber(result.total, i18n.language) })}
                </h2>
              </div>
              {candidate && (
                <SaveSearch
                  query={query}
                  defaultName={search.q || result.place?.name || ""}
                  idempotencyKey={idempotencyKey}
                />
              )}
            </div>
          )}
          <div className={loading ? "grid gap-4 opacity-60 transition-opacity" : "grid gap-4"} data-testid="results">
            {result.hits.map((hit) => (
              <ResultCard
                key={hit.id}
                hit={hit}
                logoId={logos[hit.agencyId]}
                candidate={candidate}
                favourite={favourite.has(hit.id)}
              />
            ))}
          </div>
          {!result.unavailable && result.total === 0 && <NoResults search={search} candidate={candidate} />}
          {result.pages > 1 && (
            <nav
              aria-label={t("pagination.label")}
              className="flex items-center justify-center gap-3 text-sm"
              data-testid="pagination"
            >
              {result.page > 1 && (
                <Link
                  to={pageHref(result.page - 1)}
                  rel="prev"
                  className="text-primary underline"
                  data-testid="page-prev"
                >
                  {t("pagination.previous")}
                </Link>
              )}
              <span>{t("pagination.page", { page: result.page, pages: result.pages })}</span>
              {result.page < result.pages && (
                <Link
                  to={pageHref(result.page + 1)}
                  rel="next"
                  className="text-primary underline"
                  data-testid="page-next"
                >
                  {t("pagination.next")}
                </Link>
              )}
            </nav>
          )}
        </section>
      </SearchForm>
    </div>
  );
}
