import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { Bell, BellOff, Play } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SearchCriteria } from "~/components/engagement/search-criteria";
import { ErrorList, TextField } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { Button } from "~/components/ui/button";
import { useLive } from "~/hooks/use-live";
import {
  MAX_SAVED_SEARCHES,
  renameSearchSchema as renameSchema,
  saveSearchSchema as saveSchema,
} from "#server/modules/engagement/contract";
import { PageHeader } from "~/components/page-header";
import type { action, loader, Reply } from "./ma-recherche.server";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "engagement", "search", "reference"] };

export { action, loader } from "./ma-recherche.server";

type Row = ReturnType<typeof useLoaderData<typeof loader>>["searches"][number];

export default function MySearches() {
  const { t } = useTranslation(["engagement", "common"]);
  const { searches, saved, confirmDelete } = useLoaderData<typeof loader>();
  const reply = useActionReply<typeof action>();
  // a digest just went out: the "new since" counts start again
  useLive((e) => e.type === "SearchAlertSent");
  const justSaved = searches.find((s) => s.id === saved);
  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeader
        title={t("searches.title")}
        actions={
          <span className="text-sm text-muted-foreground" data-testid="search-count">
            {t("searches.count", { count: searches.length, max: MAX_SAVED_SEARCHES })}
          </span>
        }
      />
      {justSaved && (
        <StatusNotice testId="saved-notice">
          {t("searches.saved", { name: justSaved.name })}{" "}
          <Link to={runHref(justSaved.query)} className="text-primary underline">
            {t("searches.backToResults")}
          </Link>
        </StatusNotice>
      )}
      {reply?.error && !searches.some((s) => s.id === reply.searchId) && (
        <ErrorList errors={reply.error} ns={["common"]} />
      )}
      {reply?.intent === "save" && reply.result && <SaveAgain lastResult={reply.result} />}
      {searches.length === 0 ? (
        <div className="card-surface grid gap-2 p-6 text-sm" data-testid="no-searches">
          <p>{t("searches.empty")}</p>
          <Link to="/rechercher-un-emploi" className="text-primary underline">
            {t("searches.goSearch")}
          </Link>
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

const runHref = (query: string) => `/rechercher-un-emploi${query ? `?${query}` : ""}`;

function SavedSearchRow({ row, confirming, reply }: { row: Row; confirming: boolean; reply?: Reply }) {
  const { t } = useTranslation(["engagement", "common"]);
  return (
    <li className="card-surface grid gap-3 p-4" data-testid="saved-search" data-name={row.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="text-lg font-semibold" data-testid="saved-search-name">
          {row.name}
        </h2>
        <div className="grid justify-items-end gap-0.5 text-sm">
          <span data-testid="new-count">
            {row.newCount === null ? t("searches.newUnknown") : t("searches.newSince", { count: row.newCount })}
          </span>
          <span className="text-muted-foreground" data-testid="alerts-state" data-on={row.alerts}>
            {row.alerts ? t("searches.alertsOn") : t("searches.alertsOff")}
          </span>
        </div>
      </div>
      <SearchCriteria described={row.described} />
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild size="sm">
          <Link to={runHref(row.query)} data-testid="run-search">
            <Play className="h-4 w-4" aria-hidden />
            {t("searches.run")}
          </Link>
        </Button>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="searchId" value={row.id} />
          <input type="hidden" name="alerts" value={row.alerts ? "off" : "on"} />
          <SubmitButton name="intent" value="alerts" variant="outline" size="sm" data-testid="alerts-toggle">
            {row.alerts ? <BellOff className="h-4 w-4" aria-hidden /> : <Bell className="h-4 w-4" aria-hidden />}
            {row.alerts ? t("searches.switchOff") : t("searches.switchOn")}
          </SubmitButton>
        </Form>
        <Button asChild variant="ghost" size="sm">
          <Link to={`?delete=${row.id}`} preventScrollReset data-testid="delete-search">
            {t("searches.delete")}
          </Link>
        </Button>
      </div>
      <RenameForm row={row} lastResult={reply?.intent === "rename" ? reply.result : undefined} />
      {reply?.error && <ErrorList errors={reply.error} ns={["common"]} />}
      {confirming && (
        <Form
          method="post"
          className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
          role="alertdialog"
          aria-label={t("searches.confirmDelete", { name: row.name })}
          data-testid="confirm-delete-panel"
        >
          <span>{t("searches.confirmDelete", { name: row.name })}</span>
          <input type="hidden" name="searchId" value={row.id} />
          <SubmitButton name="intent" value="delete" variant="destructive" size="sm" data-testid="confirm-delete">
            {t("searches.deleteConfirm")}
          </SubmitButton>
          <Link to="/ma-recherche" preventScrollReset className="text-primary underline" data-testid="cancel-delete">
            {t("common:actions.cancel")}
          </Link>
        </Form>
      )}
    </li>
  );
}

function RenameForm({ row, lastResult }: { row: Row; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation(["engagement", "common"]);
  const [form, fields] = useZodForm(renameSchema, lastResult, {
    id: `rename-${row.id}`,
    defaultValue: { name: row.name },
  });
  const failed = Boolean(lastResult?.error && Object.keys(lastResult.error).length);
  return (
    <details open={failed} className="text-sm" data-testid="rename">
      <summary className="cursor-pointer text-primary">{t("searches.rename")}</summary>
      <Form method="post" {...getFormProps(form)} className="mt-2 flex flex-wrap items-start gap-2">
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="searchId" value={row.id} />
        <div className="min-w-64">
          <TextField label={t("searches.name")} meta={fields.name} />
        </div>
        <Button type="submit" size="sm" className="mt-6" data-testid="rename-submit">
          {t("searches.renameSubmit")}
        </Button>
        <ErrorList id={form.errorId} errors={form.errors} />
      </Form>
    </details>
  );
}

/** A save from the job search page that was refused: the name and query kept, the reason shown. */
function SaveAgain({ lastResult }: { lastResult: SubmissionResult<string[]> }) {
  const { t } = useTranslation(["engagement", "common"]);
  const [form, fields] = useZodForm(saveSchema, lastResult, { id: "save" });
  return (
    <section className="card-surface grid gap-3 p-4" data-testid="save-form">
      <h2 className="font-semibold">{t("searches.saveTitle")}</h2>
      <Form method="post" {...getFormProps(form)} className="grid gap-3">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="query" value={String(fields.query.initialValue ?? "")} />
        <TextField label={t("searches.name")} meta={fields.name} />
        <ErrorList id={form.errorId} errors={[...(form.errors ?? []), ...(fields.query.errors ?? [])]} />
        <Button type="submit" className="justify-self-start" data-testid="save-submit">
          {t("searches.saveSubmit")}
        </Button>
      </Form>
    </section>
  );
}
