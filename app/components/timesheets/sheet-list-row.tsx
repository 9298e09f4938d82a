import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { FileInput } from "~/components/ui/file-input";
import { REPORT_ACCEPT } from "#server/modules/timesheets/contract";
import type { loader, SheetsReply } from "~/routes/_app+/releves-heures.server";
import { hoursOf, StatusBadge, weekLabel } from "./format";
import { ReasonStep } from "./reason-step";

export type SheetsData = SerializeFrom<typeof loader>;
type Sheet = SheetsData["sheets"][number];
const NS = ["timesheets", "common", "documents"];

/**
 * One sheet of the list: ticked for the bulk validation and the export, its badges, report and
 * comment, and its steps as plain forms. `replyOnRow`: the reply's refusal is about this list's
 * report field (shown on the row it names).
 */
export function SheetListRow({
  sheet: s,
  reply,
  replyOnRow,
  busy,
}: {
  sheet: Sheet;
  reply: SheetsReply | undefined;
  replyOnRow: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation(NS, { nsMode: "fallback" });
  return (
    <li className="card-surface grid gap-2 p-3 text-sm" data-testid="sheet-row" data-id={s.id} data-status={s.status}>
      <div className="flex flex-wrap items-center gap-2">
        {s.actions.includes("validate_agency") || s.actions.includes("validate_client") ? (
          <input
            type="checkbox"
            name="sheet"
            value={`${s.id}:${s.version}`}
            form="bulk"
            aria-label={t("list.pick", { name: s.candidateName })}
            data-testid="pick-sheet"
          />
        ) : null}
        <Link
          to={`/releves-heures/${s.id}`}
          className="font-semibold underline-offset-2 hover:underline"
          data-testid="open-sheet"
        >
          {s.candidateName || t("common:erasure.erasedCandidate")}
        </Link>
        <span>
          {weekLabel(t, s.week)} · {s.adTitle}
          {s.clientName ? ` · ${s.clientName}` : ""}
        </span>
        <span>{t("total", { hours: hoursOf(s.minutes) })}</span>
        <StatusBadge status={s.status} />
        {s.adjusts ? (
          <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs text-blue-900">{t("adjustment.badge")}</span>
        ) : null}
        {s.reduced ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">{t("reduction.badge")}</span>
        ) : null}
        {s.dispute ? (
          <span
            className="rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-900"
            data-testid="dispute-badge"
            data-state={s.dispute}
          >
            {t(`dispute.${s.dispute}`)}
          </span>
        ) : null}
        <label className="ml-auto flex items-center gap-1 text-xs">
          <input
            type="checkbox"
            name="sheet"
            value={s.id}
            form="export"
            aria-label={t("export.pickLabel", { name: s.candidateName })}
            data-testid="export-pick"
          />
          {t("export.pick")}
        </label>
      </div>
      {s.report ? (
        <a
          href={`/releves-heures/${s.id}/rapport`}
          className="justify-self-start text-xs underline"
          data-testid="report-link"
        >
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
        {s.canAttachReport ? (
          <ReportForm
            id={s.id}
            replace={Boolean(s.report)}
            error={replyOnRow && reply?.id === s.id ? reply.error : null}
            busy={busy}
          />
        ) : null}
      </div>
    </li>
  );
}

/** The client's signed report: a plain multipart form (works without JavaScript), its refusal on the file field. */
function ReportForm({
  id,
  replace,
  error,
  busy,
}: {
  id: string;
  replace: boolean;
  error: string | null;
  busy: boolean;
}) {
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
          <FileInput
            id={`report-file-${id}`}
            name="file"
            required
            accept={REPORT_ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-testid="report-file"
          />
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
