import { type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { dayLabel, hoursOf, moneyOf, StatusBadge, weekLabel } from "~/components/timesheets/format";
import { PayLines } from "~/components/timesheets/pay-lines";
import { SheetHistory } from "~/components/timesheets/sheet-history";
import { SheetOutcome } from "~/components/timesheets/sheet-outcome";
import { ReasonStep } from "~/components/timesheets/reason-step";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { useLive } from "~/hooks/use-live";
import type { StepReply } from "~/utils/timesheet-steps.server";
import { currencyOf, formatMoney } from "#server/lib/contract";
import { hhmm } from "#server/modules/planning/contract";
import type { DayEntry, TimesheetAction } from "#server/modules/timesheets/contract";
import type { loader } from "./releves-heures_.$id.server";

export { action, loader } from "./releves-heures_.$id.server";
export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "timesheets"] };
const NS = ["timesheets", "common"];

const WITH_REASON: readonly TimesheetAction[] = ["request_verification", "cancel", "not_performed", "dismiss_dispute"];
const rangesText = (d: DayEntry) => d.ranges.map((r) => `${hhmm(r.startMin)}–${hhmm(r.endMin)}`).join(", ");

/** One sheet for the agency and the client company, live; plain forms, so it works without JavaScript. */
export default function SheetPage() {
  const { t, i18n } = useTranslation(NS);
  const { sheet, days, pay, reductions, dispute, adjustments, originalMinutes, actions, history } = useLoaderData<typeof loader>();
  // costs are in cents, shown the way of the sheet's country with its currency
  const money = (cents: number) => `${formatMoney(cents / 100, sheet.country, i18n.language)} ${currencyOf(sheet.country)}`;
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
          {sheet.candidateName}
          {sheet.clientName ? ` · ${sheet.clientName}` : ""} <StatusBadge status={sheet.status} />
          {sheet.status === "client_validated" && sheet.clientValidatedBy === "system" ? <span data-testid="deemed">{t("deemed")}</span> : null}
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
      {sheet.comment && !reductions.length ? <p className="text-sm text-muted-foreground">{t("list.comment", { comment: sheet.comment })}</p> : null}
      <SheetOutcome reductions={reductions} comment={sheet.comment} dispute={dispute} adjusts={sheet.adjusts} adjustments={adjustments} base="/releves-heures" />

      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="sheet-days">
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="p-1">{t("sheet.day")}</th>
              <th className="p-1">{t("sheet.hours")}</th>
              <th className="p-1">{t("day.break")}</th>
              <th className="p-1">{t("sheet.worked")}</th>
              <th className="p-1">{t("sheet.paid")}</th>
              <th className="p-1">{t("sheet.costs")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map(({ entry, worked, paid }) => (
              <tr key={entry.day} className="border-t align-top" data-testid="sheet-day" data-day={entry.day}>
                <td className="p-1">{dayLabel(entry.day)}</td>
                <td className="p-1">
                  {rangesText(entry) || "—"}
                  {entry.site ? <div className="text-xs text-muted-foreground">{entry.site}</div> : null}
                  {entry.notes ? <div className="text-xs text-muted-foreground">{entry.notes}</div> : null}
                  {actions.includes("correct") ? <CorrectDay entry={entry} hidden={hidden("correct")} errorOn={errorOn} busy={busy} open={reply?.id === sheet.id && Boolean(reply.field) && reply.field !== "reason" ? false : undefined} /> : null}
                </td>
                <td className="p-1 tabular-nums">{entry.breakMin ? hoursOf(entry.breakMin) : "—"}</td>
                <td className="p-1 tabular-nums">{hoursOf(worked)}</td>
                <td className={`p-1 tabular-nums ${paid !== worked ? "font-semibold text-amber-700" : ""}`} data-testid="paid">
                  {hoursOf(paid)}
                </td>
                <td className="p-1 text-xs">
                  {[
                    entry.mealFees && t("day.mealFees") + " " + money(entry.mealFees),
                    entry.miscCosts && t("day.miscCosts") + " " + money(entry.miscCosts),
                    entry.parking && t("day.parking") + " " + money(entry.parking),
                    entry.mileageKm && t("day.mileageKm") + " " + entry.mileageKm,
                    entry.travelFees && t("day.travelFees") + " " + money(entry.travelFees),
                  ]
                    .filter(Boolean)
                    .join(" · ") || "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm font-semibold" data-testid="week-total">
        {t("total", { hours: hoursOf(total) })}
        {originalMinutes !== null ? <span className="ml-2 font-normal text-muted-foreground" data-testid="adjustment-difference">{t("adjustment.difference", { hours: `${total >= originalMinutes ? "+" : "−"}${hoursOf(Math.abs(total - originalMinutes))}` })}</span> : null}
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
          <details className="rounded-md border px-2 py-1" open={reply?.field === "reason" || reply?.field?.startsWith("cut") || undefined}>
            <summary className="cursor-pointer text-sm" data-testid="open-reduce">
              {t("actions.reduce")}
            </summary>
            <Form method="post" className="mt-2 grid gap-2" data-testid="reduce-form">
              {hidden("reduce")}
              <p className="text-xs text-muted-foreground">{t("reduction.hint")}</p>
              <div className="flex flex-wrap gap-2">
                {days
                  .filter((d) => d.worked > 0)
                  .map(({ entry }) => (
                    <label key={entry.day} className="grid gap-1 text-xs">
                      {dayLabel(entry.day)}
                      <input name={`cut.${entry.day}`} inputMode="decimal" placeholder="0:00" className="h-8 w-20 rounded-md border px-2" data-testid={`cut-${entry.day}`} />
                    </label>
                  ))}
              </div>
              {errorOn("cut")}
              {days.map(({ entry }) => errorOn(`cut.${entry.day}`))}
              <label className="grid gap-1 text-xs">
                {t("reduction.comment")}
                <Textarea name="reason" required maxLength={1000} rows={2} className="rounded-md border p-2" data-testid="reason-reduce" />
              </label>
              {errorOn("reason")}
              <Button type="submit" size="sm" variant="outline" className="justify-self-start" disabled={busy} data-testid="do-reduce">
                {t("reduction.confirm")}
              </Button>
            </Form>
          </details>
        ) : null}
        {WITH_REASON.filter((a) => actions.includes(a)).map((a) => (
          <ReasonStep key={a} id={a} title={t(`actions.${a}`)} reasonLabel={t("actions.reason")} confirmLabel={t("actions.confirm")} busy={busy} hidden={hidden(a)} />
        ))}
        {actions.includes("adjust") ? (
          <ReasonStep id="adjust" title={t("actions.adjust")} reasonLabel={t("adjustment.reason")} confirmLabel={t("adjustment.create")} required={false} busy={busy} hidden={hidden("adjust")} />
        ) : null}
      </div>
    </div>
  );
}

/** The agency's correction of a submitted day: the hours as they should be, with the reason; the costs and notes stay. */
function CorrectDay({ entry, hidden, errorOn, busy, open }: { entry: DayEntry; hidden: React.ReactNode; errorOn: (f: string) => React.ReactNode; busy: boolean; open?: boolean }) {
  const { t } = useTranslation(NS);
  const [r1, r2] = entry.ranges;
  const time = (name: string, value: number | undefined, label: string) => (
    <label className="grid gap-1 text-xs">
      {label}
      <input type="time" name={name} defaultValue={value === undefined ? "" : hhmm(value)} className="h-8 rounded-md border px-1" data-testid={`correct-${name}`} />
    </label>
  );
  return (
    <details className="mt-1" open={open}>
      <summary className="cursor-pointer text-xs underline" data-testid="open-correct">
        {t("actions.correct")}
      </summary>
      <Form method="post" className="mt-1 grid gap-2 rounded-md border p-2">
        {hidden}
        <input type="hidden" name="day" value={entry.day} />
        {(["mealFees", "miscCosts", "parking", "travelFees"] as const).map((k) => (
          <input key={k} type="hidden" name={k} value={moneyOf(entry[k])} />
        ))}
        {(["mileageKm", "trainingMin", "travelMin"] as const).map((k) => (
          <input key={k} type="hidden" name={k} value={entry[k]} />
        ))}
        <input type="hidden" name="site" value={entry.site} />
        <input type="hidden" name="notes" value={entry.notes} />
        <div className="flex flex-wrap gap-2">
          {time("start1", r1?.startMin, t("day.start"))}
          {time("end1", r1?.endMin, t("day.end"))}
          {time("start2", r2?.startMin, t("day.start2"))}
          {time("end2", r2?.endMin, t("day.end2"))}
          <label className="grid gap-1 text-xs">
            {t("day.break")}
            <input type="number" name="breakMin" min={0} max={600} defaultValue={entry.breakMin} className="h-8 w-20 rounded-md border px-1" data-testid="correct-breakMin" />
          </label>
        </div>
        {["start1", "end1", "start2", "end2", "breakMin", "day"].map((f) => errorOn(f))}
        <label className="grid gap-1 text-xs">
          {t("actions.reason")}
          <input name="reason" required maxLength={1000} className="h-8 rounded-md border px-2" data-testid="reason-correct" />
        </label>
        <Button type="submit" size="sm" variant="outline" className="justify-self-start" disabled={busy} data-testid="do-correct">
          {t("actions.confirm")}
        </Button>
      </Form>
    </details>
  );
}
