import { type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { ExportForm } from "~/components/timesheets/export-form";
import { SheetFilters } from "~/components/timesheets/sheet-filters";
import { SheetListRow } from "~/components/timesheets/sheet-list-row";
import { Button } from "~/components/ui/button";
import { useLive } from "~/hooks/use-live";
import type { loader, SheetsReply } from "./releves-heures.server";

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
  const validatable = sheets.filter(
    (s) => s.actions.includes("validate_agency") || s.actions.includes("validate_client"),
  );
  return (
    <div className="grid gap-4" data-testid="sheets" data-party={party ?? ""}>
      <PageHeader title={t("title")}>
        {party === "agency" ? (
          <Link
            to="/releves-heures/clients"
            className="text-sm underline-offset-2 hover:underline"
            data-testid="client-options-link"
          >
            {t("clients.link")}
          </Link>
        ) : null}
      </PageHeader>
      <SheetFilters filters={filters} statuses={statuses} options={options} />
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
          <SheetListRow key={s.id} sheet={s} reply={reply} replyOnRow={onRow} busy={busy} />
        ))}
      </ul>
    </div>
  );
}
