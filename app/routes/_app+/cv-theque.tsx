import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LibraryForm } from "~/components/library/library-form";
import { BulkSelection } from "~/components/library/bulk-selection";
import { SaveLibrarySearch } from "~/components/library/save-library-search";
import { useLibraryMoves } from "~/components/library/use-library-moves";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { StatusNotice } from "~/components/status-notice";
import type { loader } from "./cv-theque.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = {
  i18n: ["common", "library", "library-searches", "profile", "reference", "duplicates", "folders", "presentations"],
};

/** the likely duplicates of the library (ADR 0039): a platform admin's list covers every agency */
function DuplicatesLink() {
  const { t } = useTranslation("duplicates");
  return (
    <Link to="/cv-theque/doublons" className="text-sm text-primary underline" data-testid="duplicates-link">
      {t("linkLabel")}
    </Link>
  );
}

export { loader } from "./cv-theque.server";

/** /cv-theque: the CV library, search first (issue 28). */
export default function CvLibrary() {
  const { t } = useTranslation("library");
  const data = useLoaderData<typeof loader>();
  const { search, result, bulkEmpty } = data;
  // candidates who change their profile move in and out of the results without a reload
  useLibraryMoves();
  if (!result)
    return (
      <div className="grid max-w-6xl gap-6">
        <PageHeader title={t("title")} actions={<DuplicatesLink />} />
        <StatusNotice tone="info" testId="library-no-agency">
          {t("noAgency")}
        </StatusNotice>
      </div>
    );
  return (
    <div className="grid max-w-6xl gap-6">
      <PageHeader
        title={t("title")}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <DuplicatesLink />
            {"saveKey" in data && <SaveLibrarySearch idempotencyKey={data.saveKey} defaultName={search.q} />}
          </div>
        }
      />
      <LibraryForm search={search} result={result} />
      {bulkEmpty && (
        <StatusNotice tone="info" testId="bulk-empty">
          {t("bulk.empty")}
        </StatusNotice>
      )}
      {result.unavailable && (
        <StatusNotice tone="info" testId="library-unavailable">
          {t("unavailable")}
        </StatusNotice>
      )}
      {!result.queryError && !result.unavailable && (
        <section className="grid gap-3" aria-live="polite">
          <p className="text-sm text-muted-foreground" data-testid="library-total">
            {t("results.count", { count: result.total })}
          </p>
          {result.hits.length === 0 ? (
            <EmptyState message={t("results.none")} testId="library-empty" />
          ) : (
            <BulkSelection hits={result.hits} />
          )}
          <Pagination
            page={result.page}
            pages={result.pages}
            labels={{
              nav: t("pagination.nav"),
              previous: t("pagination.previous"),
              next: t("pagination.next"),
              page: t("pagination.page", { page: result.page, pages: result.pages }),
            }}
          />
        </section>
      )}
    </div>
  );
}
