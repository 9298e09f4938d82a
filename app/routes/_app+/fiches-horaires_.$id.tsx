import { type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { DayRow } from "~/components/timesheets/day-row";
import { hoursOf, ruleText, StatusBadge, weekLabel } from "~/components/timesheets/format";
import { Button } from "~/components/ui/button";
import { useLive } from "~/hooks/use-live";
import type { DayReply, loader } from "./fiches-horaires_.$id.server";

export { action, loader } from "./fiches-horaires_.$id.server";
export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "timesheets"] };
const NS = ["timesheets", "common"];

/** The candidate's week: each day saved as they type; "validate my week" sends it to the agency. */
export default function Timesheet() {
  const { t } = useTranslation(NS);
  const { sheet, days, actions, pay } = useLoaderData<typeof loader>();
  const reply = useActionData<DayReply | { error: string }>();
  const [params] = useSearchParams();
  // the agency or the client moving it shows at once; the candidate's own saves are in the rows
  useLive((e) => e.streamId === `timesheet-${sheet.id}` && e.type === "TimesheetMoved");
  const editable = actions.includes("save");
  // each save makes a new version: "validate my week" goes with the latest
  const [version, setVersion] = useState(sheet.version);
  useEffect(() => setVersion(sheet.version), [sheet.version]);
  const saved = useCallback((v: number | null) => v !== null && setVersion((now) => Math.max(now, v)), []);
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
        <p role="status" className="rounded-md border border-amber-500 bg-amber-50 p-3 text-sm dark:bg-amber-950" data-testid="verification-comment">
          {t("candidate.verification", { comment: sheet.comment })}
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
      <div className="grid gap-2" data-testid="timesheet-days">
        {days.map((d) => (
          <DayRow key={d.entry.day} sheetId={sheet.id} entry={d.entry} warnings={d.warnings} editable={editable} reply={reply && "day" in reply && reply.day === d.entry.day ? reply : undefined} onSaved={saved} />
        ))}
      </div>
      <p className="text-sm font-semibold" data-testid="week-total">
        {t("total", { hours: hoursOf(total) })}
      </p>
      {pay.length ? (
        <section className="grid gap-1 text-sm" aria-labelledby="pay-title" data-testid="pay-summary">
          <h2 id="pay-title" className="font-semibold">
            {t("pay.title")}
          </h2>
          <ul className="grid gap-1">
            {pay.map((l) => (
              <li key={`${l.rule}:${l.ratePct}:${l.category}`} className="flex flex-wrap gap-2" data-testid="pay-line" data-rule={l.rule} data-category={l.category}>
                <span className="w-16 tabular-nums">{hoursOf(l.minutes)}</span>
                <span className="w-14 tabular-nums">{l.ratePct} %</span>
                <span className="text-muted-foreground">{ruleText(t, l.rule, l.label, l.ratePct)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {actions.includes("submit") ? (
        <Form method="post" className="flex items-center gap-2">
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
