import { Form } from "@remix-run/react";
import { Bookmark } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** Matches the saved searches' limit (server/modules/engagement/events.ts SEARCH_NAME_MAX). */
const NAME_MAX = 80;

/**
 * "Save this search", for the job search and the CV library alike: a name and the query, posted to
 * the saved-searches page (`action`), which keeps it (and its alerts) and answers there. A
 * disclosure, so it stays small and needs no script. `testId` names the disclosure, its name
 * field (`-name`) and its button (`-submit`).
 */
export function SaveSearchForm({
  action,
  query,
  defaultName,
  idempotencyKey,
  nameMax,
  labels,
  testId,
}: {
  action: string;
  query: string;
  defaultName: string;
  idempotencyKey: string;
  nameMax: number;
  labels: { open: string; name: string; submit: string };
  testId: string;
}) {
  return (
    <details className="relative" data-testid={testId}>
      <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm font-medium hover:bg-accent">
        <Bookmark className="h-4 w-4" aria-hidden />
        {labels.open}
      </summary>
      <Form
        method="post"
        action={action}
        className="absolute right-0 z-30 mt-2 grid w-72 gap-2 rounded-md border bg-card p-3 shadow-md"
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="query" value={query} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <Label htmlFor={`${testId}-name`}>{labels.name}</Label>
        <Input
          id={`${testId}-name`}
          name="name"
          required
          maxLength={nameMax}
          defaultValue={defaultName.slice(0, nameMax)}
          data-testid={`${testId}-name`}
        />
        <Button type="submit" size="sm" data-testid={`${testId}-submit`}>
          {labels.submit}
        </Button>
      </Form>
    </details>
  );
}

/** The job search's "save this search", posted to /ma-recherche. */
export function SaveSearch(props: { query: string; defaultName: string; idempotencyKey: string }) {
  const { t } = useTranslation("search");
  return (
    <SaveSearchForm
      {...props}
      action="/ma-recherche"
      nameMax={NAME_MAX}
      labels={{ open: t("save.open"), name: t("save.name"), submit: t("save.submit") }}
      testId="save-search"
    />
  );
}
