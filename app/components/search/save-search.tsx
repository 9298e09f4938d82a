import { Form } from "@remix-run/react";
import { Bookmark } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** Matches the saved searches' limit (server/modules/engagement/events.ts SEARCH_NAME_MAX). */
const NAME_MAX = 80;

/**
 * "Save this search": a name and the canonical query, posted to /ma-recherche, which keeps it
 * (and its alerts) and answers there. A disclosure, so it stays small and needs no script.
 */
export function SaveSearch({
  query,
  defaultName,
  idempotencyKey,
}: {
  query: string;
  defaultName: string;
  idempotencyKey: string;
}) {
  const { t } = useTranslation("search");
  return (
    <details className="relative" data-testid="save-search">
      <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm font-medium hover:bg-accent">
        <Bookmark className="h-4 w-4" aria-hidden />
        {t("save.open")}
      </summary>
      <Form
        method="post"
        action="/ma-recherche"
        className="absolute right-0 z-30 mt-2 grid w-72 gap-2 rounded-md border bg-card p-3 shadow-md"
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="query" value={query} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <Label htmlFor="save-search-name">{t("save.name")}</Label>
        <Input
          id="save-search-name"
          name="name"
          required
          maxLength={NAME_MAX}
          defaultValue={defaultName.slice(0, NAME_MAX)}
          data-testid="save-search-name"
        />
        <Button type="submit" size="sm" data-testid="save-search-submit">
          {t("save.submit")}
        </Button>
      </Form>
    </details>
  );
}
