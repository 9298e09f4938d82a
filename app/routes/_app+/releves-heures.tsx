import { type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { hoursOf, StatusBadge, weekLabel } from "~/components/timesheets/format";
import { Button } from "~/components/ui/button";
import { useLive } from "~/hooks/use-live";
import type { loader, SheetsReply } from "./releves-heures.server";

export { action, loader } from "./releves-heures.server";
export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "timesheets"] };
const NS = ["timesheets", "common"];

/** Sheets to check (agency) or to validate (client company), live; plain forms, so it works without JavaScript. */
export default function Sheets() {
  const { t } = useTranslation(NS);
  const { sheets, statuses, filters, party } = useLoaderData<typeof loader>();
  const reply = useActionData<SheetsReply>();
  const busy = useNavigation().state !== "idle";
  useLive((e) => e.streamId.startsWith("timesheet-") || e.streamId.startsWith("tsclient-"));
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
      <Form method="get" className="flex flex-wrap items-end gap-2 text-sm" data-testid="sheet-filters">
        <label className="grid gap-1 text-xs">
          {t("filters.status")}
          <select name="status" defaultValue={filters.status ?? ""} className="h-8 rounded-md border px-2">
            <option value="">{t("filters.all")}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-xs">
          {t("filters.week")}
          <input type="date" name="week" defaultValue={filters.week ?? ""} className="h-8 rounded-md border px-2" />
        </label>
        <label className="flex items-center gap-1 text-xs">
          <input type="checkbox" name="disputed" value="1" defaultChecked={filters.disputed === "1"} data-testid="filter-disputed" />
          {t("filters.disputed")}
        </label>
        <Button type="submit" size="sm" variant="outline">
          {t("filters.apply")}
        </Button>
      </Form>
      {reply ? (
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
            </div>
            {s.comment ? <p className="text-xs text-muted-foreground">{t("list.comment", { comment: s.comment })}</p> : null}
            {reply?.id === s.id ? (
              <p role="alert" className="text-xs text-destructive">
                {t(reply.error)}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
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
                  <details key={a} className="rounded-md border px-2 py-1">
                    <summary className="cursor-pointer text-xs" data-testid={`open-${a}`}>
                      {t(`actions.${a}`)}
                    </summary>
                    <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                      <input type="hidden" name="intent" value={a} />
                      <input type="hidden" name="timesheetId" value={s.id} />
                      <input type="hidden" name="version" value={s.version} />
                      <label className="grid gap-1 text-xs">
                        {t("actions.reason")}
                        <input name="reason" required maxLength={1000} className="h-8 w-64 rounded-md border px-2" data-testid={`reason-${a}`} />
                      </label>
                      <Button type="submit" size="sm" variant="outline" disabled={busy} data-testid={`do-${a}`}>
                        {t("actions.confirm")}
                      </Button>
                    </Form>
                  </details>
                ),
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
