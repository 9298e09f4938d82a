import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { Bell, BellOff, Play } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ErrorList, TextField } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import {
  renameLibrarySearchSchema as renameSchema,
  saveLibrarySearchSchema as saveSchema,
} from "#server/modules/library-searches/contract";
import type { loader, Reply } from "~/routes/_app+/cv-theque_.recherches.server";

type Row = SerializeFrom<typeof loader>["searches"][number];
const NS = ["library-searches", "library", "common"];

/** The library's results for a saved search: its query string as /cv-theque reads it. */
export const runHref = (query: string) => `/cv-theque${query ? `?${query}` : ""}`;

/** One saved search: what it looks for, run, alerts on/off, rename, delete (confirmed in the page). */
export function SavedSearchRow({ row, confirming, reply }: { row: Row; confirming: boolean; reply?: Reply }) {
  const { t } = useTranslation(NS);
  return (
    <li className="card-surface grid gap-3 p-4" data-testid="saved-search" data-name={row.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="text-lg font-semibold" data-testid="saved-search-name">
          {row.name}
        </h2>
        <span className="text-sm text-muted-foreground" data-testid="alerts-state" data-on={row.alerts}>
          {row.alerts ? t("alertsOn") : t("alertsOff")}
        </span>
      </div>
      <p className="text-sm" data-testid="saved-search-criteria">
        {row.words ? t("words", { words: row.words }) : t("allCandidates")}
        {row.place && ` · ${t("place", { place: row.place.name, km: row.place.radius })}`}
        {row.filters > 0 && ` · ${t("filters", { count: row.filters })}`}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild size="sm">
          <Link to={runHref(row.query)} data-testid="run-search">
            <Play className="h-4 w-4" aria-hidden />
            {t("run")}
          </Link>
        </Button>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="searchId" value={row.id} />
          <input type="hidden" name="alerts" value={row.alerts ? "off" : "on"} />
          <SubmitButton name="intent" value="alerts" variant="outline" size="sm" data-testid="alerts-toggle">
            {row.alerts ? <BellOff className="h-4 w-4" aria-hidden /> : <Bell className="h-4 w-4" aria-hidden />}
            {row.alerts ? t("switchOff") : t("switchOn")}
          </SubmitButton>
        </Form>
        <Button asChild variant="ghost" size="sm">
          <Link to={`?delete=${row.id}`} preventScrollReset data-testid="delete-search">
            {t("delete")}
          </Link>
        </Button>
      </div>
      <RenameForm row={row} lastResult={reply?.intent === "rename" ? reply.result : undefined} />
      {reply?.error && <ErrorList errors={reply.error} ns={NS} />}
      {confirming && (
        <Form
          method="post"
          className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
          role="alertdialog"
          aria-label={t("confirmDelete", { name: row.name })}
          data-testid="confirm-delete-panel"
        >
          <span>{t("confirmDelete", { name: row.name })}</span>
          <input type="hidden" name="searchId" value={row.id} />
          <SubmitButton name="intent" value="delete" variant="destructive" size="sm" data-testid="confirm-delete">
            {t("deleteConfirm")}
          </SubmitButton>
          <Link to="/cv-theque/recherches" preventScrollReset className="text-primary underline">
            {t("common:actions.cancel")}
          </Link>
        </Form>
      )}
    </li>
  );
}

function RenameForm({ row, lastResult }: { row: Row; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation(NS);
  const [form, fields] = useZodForm(renameSchema, lastResult, {
    id: `rename-${row.id}`,
    defaultValue: { name: row.name },
  });
  const failed = Boolean(lastResult?.error && Object.keys(lastResult.error).length);
  return (
    <details open={failed} className="text-sm" data-testid="rename">
      <summary className="cursor-pointer text-primary">{t("rename")}</summary>
      <Form method="post" {...getFormProps(form)} className="mt-2 flex flex-wrap items-start gap-2">
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="searchId" value={row.id} />
        <div className="min-w-64">
          <TextField label={t("name")} meta={fields.name} />
        </div>
        <Button type="submit" size="sm" className="mt-6" data-testid="rename-submit">
          {t("renameSubmit")}
        </Button>
        <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
      </Form>
    </details>
  );
}

/** A save from /cv-theque that was refused: the name and the search kept, the reason on the field. */
export function SaveAgain({ lastResult }: { lastResult: SubmissionResult<string[]> }) {
  const { t } = useTranslation(NS);
  const [form, fields] = useZodForm(saveSchema, lastResult, { id: "save" });
  return (
    <section className="card-surface grid gap-3 p-4" data-testid="save-form">
      <h2 className="font-semibold">{t("saveTitle")}</h2>
      <Form method="post" {...getFormProps(form)} className="grid gap-3">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="query" value={String(fields.query.initialValue ?? "")} />
        <TextField label={t("name")} meta={fields.name} />
        <ErrorList id={form.errorId} errors={[...(form.errors ?? []), ...(fields.query.errors ?? [])]} ns={NS} />
        <Button type="submit" className="justify-self-start" data-testid="save-submit">
          {t("saveSubmit")}
        </Button>
      </Form>
    </section>
  );
}
