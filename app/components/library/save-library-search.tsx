import { Link, useLocation } from "@remix-run/react";
import { ListChecks } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SaveSearchForm } from "~/components/search/save-search";
import { Button } from "~/components/ui/button";
import { LIBRARY_SEARCH_NAME_MAX } from "#server/modules/library-searches/contract";

/**
 * "Save this search" on /cv-theque: a name and the page's query string, posted to
 * /cv-theque/recherches, which keeps it (and its daily alert) and answers there; beside it, the
 * link to the saved searches. The job search's disclosure, so it stays small and needs no script.
 */
export function SaveLibrarySearch({ idempotencyKey, defaultName }: { idempotencyKey: string; defaultName: string }) {
  const { t } = useTranslation("library-searches");
  const { search } = useLocation();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button asChild variant="ghost" size="sm">
        <Link to="/cv-theque/recherches" data-testid="saved-searches-link">
          <ListChecks className="h-4 w-4" aria-hidden />
          {t("title")}
        </Link>
      </Button>
      <SaveSearchForm
        action="/cv-theque/recherches"
        query={search.replace(/^\?/, "")}
        defaultName={defaultName}
        idempotencyKey={idempotencyKey}
        nameMax={LIBRARY_SEARCH_NAME_MAX}
        labels={{ open: t("open"), name: t("name"), submit: t("saveSubmit") }}
        testId="save-library-search"
      />
    </div>
  );
}
