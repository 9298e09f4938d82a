import { type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { hoursOf, StatusBadge, weekLabel } from "~/components/timesheets/format";
import { ReasonStep } from "~/components/timesheets/reason-step";
import { Button } from "~/components/ui/button";
import { useLive } from "~/hooks/use-live";
import { EXPORT_FORMATS, REPORT_ACCEPT } from "#server/modules/timesheets/contract";
import type { loader, SheetsReply } from "./releves-heures.server";
import { FileInput } from "~/components/ui/file-input";
import { Input } from "~/components/ui/input";

export { action, loader } from "./releves-heures.server";
export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "timesheets", "documents"] };
const NS = ["timesheets", "common", "documents"];

/** Sheets to check (agency) or to validate (client company), live; plain forms, so it works without JavaScript. */
export default function Sheets() {
  const { t } = useTranslation(NS, { nsMode: "fallback" });
  const { sheets, statuses, filters, party, options } = useLoaderData<typeof loader>();
  const reply = useActionReply<SheetsReply>();
  const busy = useNavigation().state !== "idle";
  useLive((e) => e.streamId.startsWith("timesheet-") || e.streamId.startsWith("tsclient-"));
  // a refused report shows on its row's file field; anything else (a body too big to read the row from) above the list
  const onRow = Boolean(reply?.field && sheets.some((s) => s.id === reply.id && s.canAttachReport));
  const validatable = sheets.filter((s) => s.actions.includes("validate_agency") || s.actions.includes("validate_client"));
  return (
    <div className="grid gap-4" data-testid="sheets" data-party={party ?? ""}>
      <PageHeader title={t("title")}>
        {party === "agency" ? (
          <Link to="/releves-heures/clients" className="text-sm underline-offset-2 hover:underline" data-testid="client-options-link">
            {t("clients.link")}
          </Link>
        ) : null}
      </PageHeader>
      <Form method="get" className="card-surface flex flex-wrap items-end gap-3 p-3 text-sm" data-testid="sheet-filters">
        <label className="grid gap-1.5 text-sm font-medium">
          {t("filters.status")}
          <select name="status" defaultValue={filters.status ?? ""} className="h-10 rounded-md border border-input bg-background px-2 font-normal">
            <option value="">{t("filters.all")}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1.5 text-sm font-medium">
          {t("filters.week")}
          <Input type="date" name="week" defaultValue={filters.week ?? ""} className="w-40 font-normal" />
        </label>
        {(["client", "candidate", "consultant"] as const).map((f) => {
          const list = options[`${f}s`];
          return list.length > 1 || filters[f] ? (
            <label key={f} className="grid gap-1.5 text-sm font-medium">
              {t(`filters.${f}`)}
              <select name={f} defaultValue={filters[f] ?? ""} className="h-10 max-w-48 rounded-md border border-input bg-background px-2 font-normal" data-testid={`filter-${f}`}>
                <option value="">{t("filters.all")}</option>
                {list.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null;
        })}
        <label className="flex h-10 items-center gap-2 text-sm">
          <input type="checkbox" name="disputed" value="1" defaultChecked={filters.disputed === "1"} data-testid="filter-disputed" />
          {t("filters.disputed")}
        </label>
        <Button type="submit">
          {t("filters.apply")}
        </Button>
      </Form>
      {sheets.length ? <ExportForm filters={filters} /> : null}
      {reply && !onRow ? (
        <p role="alert" className="text-sm text-destructive" data-testid="sheets-error">
          {t(reply.error, { count: reply.failed ?? 0 })}
        </p>
      ) : null}
      {sheets.length === 0 ? (
        <EmptyState message={t("list.empty")} testId="sheets-empty" />
      ) : (
        <Form method="post" id="bulk" className="grid gap-2">
          <input type="hidden" name="intent" value="bulk" />
          {validatable.length ? (
            <Button type="submit" size="sm" className="justify-self-start" disabled={busy} data-testid="bulk-validate">
              {t("list.validateSelected")}
            </Button>
          ) : null}
        </Form>
      )}
      <ul className="grid gap-2">
        {sheets.map((s) => (
          <li key={s.id} className="card-surface grid gap-2 p-3 text-sm" data-testid="sheet-row" data-id={s.id} data-status={s.status}>
            <div className="flex flex-wrap items-center gap-2">
              {s.actions.includes("validate_agency") || s.actions.includes("validate_client") ? (
                <input type="checkbox" name="sheet" value={`${s.id}:${s.version}`} form="bulk" aria-label={t("list.pick", { name: s.candidateName })} data-testid="pick-sheet" />
              ) : null}
              <Link to={`/releves-heures/${s.id}`} className="font-semibold underline-offset-2 hover:underline" data-testid="open-sheet">
                {s.candidateName}
              </Link>
              <span>
                {weekLabel(t, s.week)} · {s.adTitle}
                {s.clientName ? ` · ${s.clientName}` : ""}
              </span>
              <span>{t("total", { hours: hoursOf(s.minutes) })}</span>
              <StatusBadge status={s.status} />
              {s.adjusts ? <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs text-blue-900">{t("adjustment.badge")}</span> : null}
              {s.reduced ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">{t("reduction.badge")}</span> : null}
              {s.dispute ? (
                <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-900" data-testid="dispute-badge" data-state={s.dispute}>
                  {t(`dispute.${s.dispute}`)}
                </span>
              ) : null}
              <label className="ml-auto flex items-center gap-1 text-xs">
                <input type="checkbox" name="sheet" value={s.id} form="export" aria-label={t("export.pickLabel", { name: s.candidateName })} data-testid="export-pick" />
                {t("export.pick")}
              </label>
            </div>
            {s.report ? (
              <a href={`/releves-heures/${s.id}/rapport`} className="justify-self-start text-xs underline" data-testid="report-link">
                {t("report.link", { name: s.report.name })}
              </a>
            ) : null}
            {s.comment ? <p className="text-xs text-muted-foreground">{t("list.comment", { comment: s.comment })}</p> : null}
            {reply?.id === s.id && !reply.field ? (
              <p role="alert" className="text-xs text-destructive">
                {t(reply.error)}
              </p>
            ) : null}
            <div className="flex flex-wrap items-start gap-2">
              {s.actions.map((a) =>
                a === "validate_agency" || a === "validate_client" ? (
                  <Form key={a} method="post">
                    <input type="hidden" name="intent" value={a} />
                    <input type="hidden" name="timesheetId" value={s.id} />
                    <input type="hidden" name="version" value={s.version} />
                    <Button type="submit" size="sm" disabled={busy} data-testid={`do-${a}`}>
                      {t(`actions.${a}`)}
                    </Button>
                  </Form>
                ) : (
                  <ReasonStep
                    key={a}
                    id={a}
                    title={t(`actions.${a}`)}
                    reasonLabel={t("actions.reason")}
                    confirmLabel={t("actions.confirm")}
                    busy={busy}
                    hidden={
                      <>
                        <input type="hidden" name="intent" value={a} />
                        <input type="hidden" name="timesheetId" value={s.id} />
                        <input type="hidden" name="version" value={s.version} />
                      </>
                    }
                  />
                ),
              )}
              {s.canAttachReport ? <ReportForm id={s.id} replace={Boolean(s.report)} error={onRow && reply?.id === s.id ? reply.error : null} busy={busy} /> : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The export: a plain GET form to the export route (the browser downloads the file, the page
 * stays), with the page's filters and the sheets ticked in the list; none ticked: all listed.
 */
function ExportForm({ filters }: { filters: Record<string, string | null> }) {
  const { t } = useTranslation(NS, { nsMode: "fallback" });
  return (
    <form method="get" action="/releves-heures/export" id="export" className="flex flex-wrap items-center gap-2 text-sm" data-testid="export-form">
      {Object.entries(filters).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <span className="font-medium">{t("export.heading")}</span>
      {EXPORT_FORMATS.map((format) => (
        <Button key={format} type="submit" name="format" value={format} size="sm" variant="outline" data-testid={`export-${format}`}>
          {t(`export.${format}`)}
        </Button>
      ))}
      <span className="text-xs text-muted-foreground">{t("export.hint")}</span>
    </form>
  );
}

/** The client's signed report: a plain multipart form (works without JavaScript), its refusal on the file field. */
function ReportForm({ id, replace, error, busy }: { id: string; replace: boolean; error: string | null; busy: boolean }) {
  const { t } = useTranslation(NS, { nsMode: "fallback" });
  const errorId = `report-error-${id}`;
  return (
    <details className="rounded-md border px-2 py-1" open={error ? true : undefined}>
      <summary className="cursor-pointer text-xs" data-testid="open-report">
        {t(replace ? "report.replace" : "report.upload")}
      </summary>
      <Form method="post" encType="multipart/form-data" className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="timesheetId" value={id} />
        <div className="grid min-w-0 gap-1 text-xs">
          <label htmlFor={`report-file-${id}`}>{t("report.file")}</label>
          <FileInput id={`report-file-${id}`} name="file" required accept={REPORT_ACCEPT} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} data-testid="report-file" />
        </div>
        <Button type="submit" size="sm" variant="outline" disabled={busy} data-testid="report-send">
          {t("report.send")}
        </Button>
        {error ? (
          <p role="alert" id={errorId} className="basis-full text-xs text-destructive" data-testid="report-error">
            {t(error)}
          </p>
        ) : null}
      </Form>
    </details>
  );
}
