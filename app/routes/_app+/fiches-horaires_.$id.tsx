import { type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { DayRow } from "~/components/timesheets/day-row";
import { SheetHistory } from "~/components/timesheets/sheet-history";
import { SheetOutcome } from "~/components/timesheets/sheet-outcome";
import { hoursOf, StatusBadge, weekLabel } from "~/components/timesheets/format";
import { PayLines } from "~/components/timesheets/pay-lines";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { useLive } from "~/hooks/use-live";
import { useOnline } from "~/hooks/use-online";
import { PendingChanges } from "~/components/timesheets/pending-changes";
import { flush, knownVersion, onSent, queueSubmit, useQueue } from "~/utils/offline-queue";
import type { loader as shellLoader } from "./_layout";
import type { DayReply, loader } from "./fiches-horaires_.$id.server";

export { action, loader } from "./fiches-horaires_.$id.server";
export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "timesheets"] };
const NS = ["timesheets", "common"];

/** The candidate's week: each day saved as they type; "validate my week" sends it to the agency. */
export default function Timesheet() {
  const { t } = useTranslation(NS);
  const { sheet, days, actions, pay, reductions, dispute, adjustments, history } = useLoaderData<typeof loader>();
  const reply = useActionReply<DayReply | { error: string }>();
  const [params] = useSearchParams();
  // the agency or the client moving it shows at once; the candidate's own saves are in the rows
  useLive((e) => e.streamId === `timesheet-${sheet.id}` && e.type !== "TimesheetDaySaved");
  const editable = actions.includes("save");
  // each save makes a new version: "validate my week" goes with the latest
  const [version, setVersion] = useState(sheet.version);
  useEffect(() => setVersion(sheet.version), [sheet.version]);
  const saved = useCallback((v: number | null) => v !== null && setVersion((now) => Math.max(now, v)), []);
  const userId = useRouteLoaderData<typeof shellLoader>("routes/_app+/_layout")?.user.id ?? "";
  const queued = useQueue(userId, sheet.id);
  const online = useOnline();
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  useEffect(() => knownVersion(sheet.id, sheet.version), [sheet.id, sheet.version]);
  // the week sent from the queue (the network came back): show the sheet as the server has it now
  useEffect(
    () => onSent((sent) => sent.kind === "submit" && sent.sheetId === sheet.id && revalidateRef.current()),
    [sheet.id],
  );
  // offline, or days still on their way: "validate my week" waits in the queue after them
  const queueTheWeek = (event: React.FormEvent) => {
    if (online && queued.length === 0) return;
    event.preventDefault();
    queueSubmit({ userId, sheetId: sheet.id, version });
    void flush(userId);
  };
  const total = days.reduce((n, d) => n + d.worked, 0);
  return (
    <div className="grid max-w-5xl gap-4" data-testid="timesheet" data-status={sheet.status}>
      <PageHeader title={`${weekLabel(t, sheet.week)} · ${sheet.adTitle}`}>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {sheet.agencyName} <StatusBadge status={sheet.status} />
        </p>
      </PageHeader>
      <Link to="/fiches-horaires" className="text-sm underline-offset-2 hover:underline">
        ← {t("candidate.back")}
      </Link>
      {sheet.status === "verification" && sheet.comment ? (
        <p
          role="status"
          className="rounded-md border border-amber-500 bg-amber-50 p-3 text-sm dark:bg-amber-950"
          data-testid="verification-comment"
        >
          {t("candidate.verification", { comment: sheet.comment })}
        </p>
      ) : null}
      {params.get("disputed") ? (
        <p role="status" className="text-sm text-green-700" data-testid="disputed-notice">
          {t("dispute.sent")}
        </p>
      ) : null}
      {params.get("submitted") ? (
        <p role="status" className="text-sm text-green-700" data-testid="submitted-notice">
          {t("candidate.submitted")}
        </p>
      ) : null}
      {reply && "error" in reply && !("day" in reply) ? (
        <p role="alert" className="text-sm text-destructive">
          {t(reply.error)}
        </p>
      ) : null}
      <PendingChanges changes={queued} />
      <div className="grid gap-2" data-testid="timesheet-days">
        {days.map((d) => (
          <DayRow
            key={d.entry.day}
            userId={userId}
            sheetId={sheet.id}
            entry={d.entry}
            warnings={d.warnings}
            editable={editable}
            reply={reply && "day" in reply && reply.day === d.entry.day ? reply : undefined}
            onSaved={saved}
          />
        ))}
      </div>
      <p className="text-sm font-semibold" data-testid="week-total">
        {t("total", { hours: hoursOf(total) })}
      </p>
      <PayLines lines={pay} />
      <SheetHistory entries={history} zone={sheet.zone} />
      <SheetOutcome
        reductions={reductions}
        comment={sheet.comment}
        dispute={dispute}
        adjusts={sheet.adjusts}
        adjustments={adjustments}
        base="/fiches-horaires"
      />
      {actions.includes("dispute") ? (
        <details
          className="rounded-md border p-3 text-sm"
          open={Boolean(reply && "error" in reply && reply.error === "timesheet_reason_required")}
        >
          <summary className="cursor-pointer" data-testid="open-dispute">
            {t("actions.dispute")}
          </summary>
          <Form method="post" className="mt-2 grid gap-2">
            <input type="hidden" name="intent" value="dispute" />
            <input type="hidden" name="timesheetId" value={sheet.id} />
            <input type="hidden" name="version" value={version} />
            <label className="grid gap-1 text-xs">
              {t("actions.disputeReason")}
              <Textarea
                name="reason"
                required
                maxLength={1000}
                rows={3}
                className="rounded-md border p-2"
                data-testid="reason-dispute"
              />
            </label>
            <Button type="submit" size="sm" variant="outline" className="justify-self-start" data-testid="do-dispute">
              {t("actions.confirm")}
            </Button>
          </Form>
        </details>
      ) : null}
      {actions.includes("submit") && !queued.some((c) => c.kind === "submit") ? (
        <Form method="post" className="flex items-center gap-2" onSubmit={queueTheWeek}>
          <input type="hidden" name="intent" value="submit" />
          <input type="hidden" name="timesheetId" value={sheet.id} />
          <input type="hidden" name="version" value={version} />
          <Button type="submit" data-testid="submit-week">
            {t("candidate.submit")}
          </Button>
          <span className="text-xs text-muted-foreground">{t("candidate.submitHint")}</span>
        </Form>
      ) : null}
    </div>
  );
}
