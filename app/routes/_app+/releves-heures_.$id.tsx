import { type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { hoursOf, StatusBadge, weekLabel } from "~/components/timesheets/format";
import { PayLines } from "~/components/timesheets/pay-lines";
import { SheetHistory } from "~/components/timesheets/sheet-history";
import { SheetOutcome } from "~/components/timesheets/sheet-outcome";
import { ReasonStep } from "~/components/timesheets/reason-step";
import { ReduceStep } from "~/components/timesheets/reduce-step";
import { SheetDaysTable } from "~/components/timesheets/sheet-days-table";
import { Button } from "~/components/ui/button";
import { useLive } from "~/hooks/use-live";
import type { StepReply } from "~/utils/timesheet-steps.server";
import { currencyOf, formatMoney } from "#server/lib/contract";
import type { TimesheetAction } from "#server/modules/timesheets/contract";
import type { loader } from "./releves-heures_.$id.server";

export { action, loader } from "./releves-heures_.$id.server";
export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "timesheets", "candidate-file"] };
const NS = ["timesheets", "common"];

const WITH_REASON: readonly TimesheetAction[] = ["request_verification", "cancel", "not_performed", "dismiss_dispute"];

/** One sheet for the agency and the client company, live; plain forms, so it works without JavaScript. */
export default function SheetPage() {
  const { t, i18n } = useTranslation(NS);
  const { sheet, days, pay, reductions, dispute, adjustments, originalMinutes, actions, history } =
    useLoaderData<typeof loader>();
  // costs are in cents, shown the way of the sheet's country with its currency
  const money = (cents: number) =>
    `${formatMoney(cents / 100, sheet.country, i18n.language)} ${currencyOf(sheet.country)}`;
  const reply = useActionReply<StepReply>();
  const busy = useNavigation().state !== "idle";
  useLive((e) => e.streamId === `timesheet-${sheet.id}` || e.streamId.startsWith("tsclient-"));
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={sheet.version} />
    </>
  );
  const errorOn = (field: string) =>
    reply?.field === field ? (
      <p role="alert" className="text-xs text-destructive" data-testid={`error-${field}`}>
        {t(reply.error)}
      </p>
    ) : null;
  const total = days.reduce((n, d) => n + d.paid, 0);
  return (
    <div className="grid max-w-5xl gap-4" data-testid="sheet" data-status={sheet.status}>
      <PageHeader title={`${weekLabel(t, sheet.week)} · ${sheet.adTitle}`}>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {/* an erased candidate (issue 30): the sheet stays for payroll, without a name or a file */}
          {sheet.candidateId && sheet.candidateName ? (
            <Link to={`/cv-theque/${sheet.candidateId}`} className="text-primary underline">
              {sheet.candidateName}
            </Link>
          ) : (
            sheet.candidateName || <span data-testid="erased-candidate">{t("common:erasure.erasedCandidate")}</span>
          )}
          {sheet.clientName ? ` · ${sheet.clientName}` : ""} <StatusBadge status={sheet.status} />
          {sheet.status === "client_validated" && sheet.clientValidatedBy === "system" ? (
            <span data-testid="deemed">{t("deemed")}</span>
          ) : null}
        </p>
      </PageHeader>
      <Link to="/releves-heures" className="text-sm underline-offset-2 hover:underline">
        ← {t("sheet.back")}
      </Link>
      {reply && !reply.field ? (
        <p role="alert" className="text-sm text-destructive" data-testid="sheet-error">
          {t(reply.error)}
        </p>
      ) : null}
      {sheet.comment && !reductions.length ? (
        <p className="text-sm text-muted-foreground">{t("list.comment", { comment: sheet.comment })}</p>
      ) : null}
      <SheetOutcome
        reductions={reductions}
        comment={sheet.comment}
        dispute={dispute}
        adjusts={sheet.adjusts}
        adjustments={adjustments}
        base="/releves-heures"
      />

      <SheetDaysTable
        days={days}
        money={money}
        correct={
          actions.includes("correct")
            ? {
                hidden: hidden("correct"),
                errorOn,
                busy,
                open: reply?.id === sheet.id && Boolean(reply.field) && reply.field !== "reason" ? false : undefined,
              }
            : null
        }
      />
      <p className="text-sm font-semibold" data-testid="week-total">
        {t("total", { hours: hoursOf(total) })}
        {originalMinutes !== null ? (
          <span className="ml-2 font-normal text-muted-foreground" data-testid="adjustment-difference">
            {t("adjustment.difference", {
              hours: `${total >= originalMinutes ? "+" : "−"}${hoursOf(Math.abs(total - originalMinutes))}`,
            })}
          </span>
        ) : null}
      </p>
      <PayLines lines={pay} />
      <SheetHistory entries={history} zone={sheet.zone} />

      <div className="flex flex-wrap items-start gap-2">
        {actions.includes("validate_agency") || actions.includes("validate_client") ? (
          <Form method="post">
            {hidden(actions.includes("validate_agency") ? "validate_agency" : "validate_client")}
            <Button type="submit" disabled={busy} data-testid="do-validate">
              {t(`actions.${actions.includes("validate_agency") ? "validate_agency" : "validate_client"}`)}
            </Button>
          </Form>
        ) : null}
        {actions.includes("reduce") ? (
          <ReduceStep
            days={days}
            hidden={hidden("reduce")}
            errorOn={errorOn}
            busy={busy}
            open={reply?.field === "reason" || reply?.field?.startsWith("cut") || undefined}
          />
        ) : null}
        {WITH_REASON.filter((a) => actions.includes(a)).map((a) => (
          <ReasonStep
            key={a}
            id={a}
            title={t(`actions.${a}`)}
            reasonLabel={t("actions.reason")}
            confirmLabel={t("actions.confirm")}
            busy={busy}
            hidden={hidden(a)}
          />
        ))}
        {actions.includes("adjust") ? (
          <ReasonStep
            id="adjust"
            title={t("actions.adjust")}
            reasonLabel={t("adjustment.reason")}
            confirmLabel={t("adjustment.create")}
            required={false}
            busy={busy}
            hidden={hidden("adjust")}
          />
        ) : null}
      </div>
    </div>
  );
}
