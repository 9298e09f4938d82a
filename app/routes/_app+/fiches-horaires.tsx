import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { tellServiceWorker } from "~/components/layout/device-app";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { StatusBadge, weekLabel } from "~/components/timesheets/format";
import { Button } from "~/components/ui/button";
import { useLive } from "~/hooks/use-live";
import { attempt } from "~/utils/action.server";
import { requireAbility } from "~/utils/auth.server";
import { formatNumber } from "#server/lib/contract";
import { workedMinutes } from "#server/modules/timesheets/contract";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "timesheets"] };
const NS = ["timesheets", "common"];

/** /fiches-horaires: the candidate's timesheets by week, and the weeks of their missions still to open. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const { timesheets } = context.services;
  const today = new Date().toISOString().slice(0, 10);
  const [sheets, toOpen] = await Promise.all([timesheets.timesheets(user), timesheets.weeksToOpen(user, today)]);
  return json({
    sheets: sheets.map((s) => ({
      id: s.id,
      week: s.week,
      adTitle: s.adTitle,
      agencyName: s.agencyName,
      status: s.status,
      minutes: s.days.reduce((n, d) => n + workedMinutes(d), 0),
    })),
    toOpen,
  });
}

/** Opens the sheet of a mission's week (prefilled with the published shifts) and goes to it. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const form = await request.formData();
  const done = await attempt(() =>
    context.services.timesheets.openTimesheet(user, {
      placementId: String(form.get("placementId") ?? ""),
      week: String(form.get("week") ?? ""),
    }),
  );
  if (!done.ok) return json({ error: done.error.key }, { status: done.status });
  return redirect(`/fiches-horaires/${done.value}`);
}

export default function Timesheets() {
  const { t, i18n } = useTranslation(NS);
  const { sheets, toOpen } = useLoaderData<typeof loader>();
  const failed = useActionReply<{ error: string }>();
  useLive((e) => e.streamId.startsWith("timesheet-"));
  // the weeks still to fill are kept on the device, to be entered with no network (issue 31)
  const open = sheets
    .filter((s) => s.status === "in_progress" || s.status === "verification")
    .slice(0, 4)
    .map((s) => `/fiches-horaires/${s.id}`)
    .join(" ");
  useEffect(() => {
    if (open) tellServiceWorker({ type: "warm", urls: open.split(" ") });
  }, [open]);
  return (
    <div className="grid max-w-4xl gap-6" data-testid="timesheets">
      <PageHeader title={t("title")}>
        <p className="text-sm text-muted-foreground">{t("candidate.intro")}</p>
      </PageHeader>
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          {t(failed.error)}
        </p>
      ) : null}
      {sheets.length === 0 && toOpen.length === 0 ? (
        <EmptyState message={t("candidate.empty")} testId="timesheets-empty" />
      ) : null}
      {sheets.length ? (
        <ul className="grid gap-2">
          {sheets.map((s) => (
            <li
              key={s.id}
              className="card-surface flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
              data-testid="timesheet-row"
              data-id={s.id}
              data-status={s.status}
            >
              <Link to={`/fiches-horaires/${s.id}`} className="font-medium underline-offset-2 hover:underline">
                {weekLabel(t, s.week)} · {s.adTitle}
              </Link>
              <span className="text-muted-foreground">{s.agencyName}</span>
              <span>{t("hours", { hours: formatNumber(s.minutes / 60, i18n.language, 2) })}</span>
              <StatusBadge status={s.status} />
            </li>
          ))}
        </ul>
      ) : null}
      {toOpen.length ? (
        <section className="grid gap-2" aria-labelledby="to-open">
          <h2 id="to-open" className="text-lg font-semibold">
            {t("candidate.toOpen")}
          </h2>
          <ul className="grid gap-2">
            {toOpen.map((w) => (
              <li
                key={`${w.placementId}:${w.week}`}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm"
                data-testid="week-to-open"
              >
                <span>
                  {weekLabel(t, w.week)} · {w.adTitle} · {w.agencyName}
                </span>
                <Form method="post">
                  <input type="hidden" name="placementId" value={w.placementId} />
                  <input type="hidden" name="week" value={w.week} />
                  <Button type="submit" size="sm" variant="outline" data-testid="open-week">
                    {t("candidate.open")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
