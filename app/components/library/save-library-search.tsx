import { Form, Link, useLocation } from "@remix-run/react";
import { Bookmark, ListChecks } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LIBRARY_SEARCH_NAME_MAX } from "#server/modules/library-searches/contract";

/**
 * "Save this search" on /cv-theque: a name and the page's query string, posted to
 * /cv-theque/recherches, which keeps it (and its daily alert) and answers there; beside it, the
 * link to the saved searches. A disclosure, so it stays small and needs no script.
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
      <details className="relative" data-testid="save-library-search">
        <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm font-medium hover:bg-accent">
          <Bookmark className="h-4 w-4" aria-hidden />
          {t("open")}
        </summary>
        <Form
          method="post"
          action="/cv-theque/recherches"
          className="absolute right-0 z-30 mt-2 grid w-72 gap-2 rounded-md border bg-card p-3 shadow-md"
        >
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="query" value={search.replace(/^\?/, "")} />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <Label htmlFor="save-library-search-name">{t("name")}</Label>
          <Input
            id="save-library-search-name"
            name="name"
            required
            maxLength={LIBRARY_SEARCH_NAME_MAX}
            defaultValue={defaultName.slice(0, LIBRARY_SEARCH_NAME_MAX)}
            data-testid="save-library-search-name"
          />
          <Button type="submit" size="sm" data-testid="save-library-search-submit">
            {t("saveSubmit")}
          </Button>
        </Form>
      </details>
    </div>
  );
}
