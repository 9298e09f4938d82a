import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/errors";
import { runHref, SaveAgain, SavedSearchRow } from "~/components/library/saved-search-row";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { useActionReply } from "~/hooks/use-action-reply";
import { useLive } from "~/hooks/use-live";
import { MAX_LIBRARY_SEARCHES } from "#server/modules/library-searches/contract";
import type { action, loader } from "./cv-theque_.recherches.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "library", "library-searches"] };

export { action, loader } from "./cv-theque_.recherches.server";

/** /cv-theque/recherches: the consultant's saved CV library searches and their daily alerts (issue 28). */
export default function SavedLibrarySearches() {
  const { t } = useTranslation(["library-searches", "library", "common"]);
  const { searches, saved, confirmDelete, hasLibrary } = useLoaderData<typeof loader>();
  const reply = useActionReply<typeof action>();
  // a digest just went out, or the searches changed in another tab
  useLive((e) => e.type.startsWith("LibrarySearch") || e.type === "LibraryAlertSent");
  const justSaved = searches.find((s) => s.id === saved);
  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeader
        title={t("title")}
        actions={
          <>
            <span className="text-sm text-muted-foreground" data-testid="search-count">
              {t("count", { count: searches.length, max: MAX_LIBRARY_SEARCHES })}
            </span>
            <Link to="/cv-theque" className="text-sm text-primary underline" data-testid="back-to-library">
              {t("backToLibrary")}
            </Link>
          </>
        }
      />
      {!hasLibrary && (
        <StatusNotice tone="info" testId="library-no-agency">
          {t("library:noAgency")}
        </StatusNotice>
      )}
      {justSaved && (
        <StatusNotice testId="saved-notice">
          {t("saved", { name: justSaved.name })}{" "}
          <Link to={runHref(justSaved.query)} className="text-primary underline">
            {t("backToResults")}
          </Link>
        </StatusNotice>
      )}
      {reply?.error && !searches.some((s) => s.id === reply.searchId) && (
        <ErrorList errors={reply.error} ns={["library-searches", "common"]} />
      )}
      {reply?.intent === "save" && reply.result && <SaveAgain lastResult={reply.result} />}
      {searches.length === 0 ? (
        <div className="card-surface grid gap-2 p-6 text-sm" data-testid="no-searches">
          <p>{t("empty")}</p>
        </div>
      ) : (
        <ul className="grid gap-4">
          {searches.map((s) => (
            <SavedSearchRow
              key={s.id}
              row={s}
              confirming={confirmDelete === s.id}
              reply={reply?.searchId === s.id ? reply : undefined}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
