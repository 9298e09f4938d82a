import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { hoursOf, StatusBadge, weekLabel } from "~/components/timesheets/format";
import { Button } from "~/components/ui/button";
import { attempt } from "~/utils/action.server";
import { workedMinutes, type TimesheetStatus } from "#server/modules/timesheets/contract";

export const meta: MetaFunction = () => [{ title: "Missio" }, { name: "robots", content: "noindex" }];
export const handle = { i18n: ["common", "timesheets"] };
const NS = ["timesheets", "common"];

/**
 * The login-free link of a reminder mail: a client company's sheets of one week. Opening it
 * changes nothing (mail scanners open links); validating spends it. It never signs anyone in.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { timesheets } = context.services;
  const link = await timesheets.clientLink(params.token ?? "");
  if (!link) return json({ state: "timesheet_link_invalid" as const, link: null, sheets: [] }, { status: 404 });
  if (link.state !== "valid")
    return json({ state: `timesheet_link_${link.state}` as const, link: null, sheets: [] }, { status: 410 });
  const rows = await timesheets.timesheets(link.actor, { week: link.week });
  return json({
    state: "valid" as const,
    link: { clientName: link.clientName, agencyName: link.agencyName, week: link.week },
    sheets: rows.map((s) => ({
      id: s.id,
      candidateName: s.candidateName,
      adTitle: s.adTitle,
      status: s.status,
      minutes: s.days.reduce((n, d) => n + workedMinutes(d), 0),
      waiting: s.status === "agency_validated",
    })),
  });
}

/** Spends the link, then validates each waiting sheet of that week as the person it was sent to. */
export async function action({ params, context }: ActionFunctionArgs) {
  const { timesheets } = context.services;
  const used = await attempt(() => timesheets.useClientLink(params.token ?? ""));
  if (!used.ok) return json({ error: used.error.key, validated: 0, failed: 0 }, { status: used.status });
  const link = used.value;
  let [validated, failed] = [0, 0];
  for (const s of await timesheets.timesheets(link.actor, { week: link.week, status: "agency_validated" })) {
    const done = await attempt(() =>
      timesheets.moveTimesheet(link.actor, { timesheetId: s.id, version: s.version, action: "validate_client" }),
    );
    if (done.ok) validated++;
    else failed++;
  }
  return json({ error: null, validated, failed });
}

export default function ClientLink() {
  const { t } = useTranslation(NS);
  const { state, link, sheets } = useLoaderData<typeof loader>();
  const reply = useActionReply<typeof action>();
  const busy = useNavigation().state !== "idle";
  if (reply && !reply.error)
    return (
      <div className="card-surface grid w-full max-w-xl gap-3 p-6" data-testid="link-done">
        <h1 className="text-xl font-semibold">{t("link.doneTitle")}</h1>
        <p className="text-sm">{t("link.validated", { count: reply.validated })}</p>
        {reply.failed ? <p className="text-sm text-destructive">{t("link.failed", { count: reply.failed })}</p> : null}
        <Link to="/login" className="text-sm underline">
          {t("link.signIn")}
        </Link>
      </div>
    );
  const problem = reply?.error ?? (state !== "valid" ? state : null);
  if (problem || !link)
    return (
      <div className="card-surface grid w-full max-w-md gap-3 p-6" data-testid="link-problem" data-state={problem}>
        <h1 className="text-xl font-semibold">{t(`${problem ?? "timesheet_link_invalid"}`)}</h1>
        <p className="text-sm text-muted-foreground">{t("link.problemHint")}</p>
        <Button asChild>
          <Link to="/login?redirectTo=%2Freleves-heures">{t("link.signIn")}</Link>
        </Button>
      </div>
    );
  const waiting = sheets.filter((s) => s.waiting);
  return (
    <div className="card-surface grid w-full max-w-2xl gap-4 p-6" data-testid="client-link">
      <h1 className="text-xl font-semibold">{t("link.title", { client: link.clientName })}</h1>
      <p className="text-sm text-muted-foreground">
        {weekLabel(t, link.week)} · {link.agencyName}
      </p>
      <ul className="grid gap-2">
        {sheets.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm"
            data-testid="link-sheet"
            data-status={s.status}
          >
            <strong>{s.candidateName}</strong>
            <span>{s.adTitle}</span>
            <span className="tabular-nums">{t("total", { hours: hoursOf(s.minutes) })}</span>
            <StatusBadge status={s.status as TimesheetStatus} />
          </li>
        ))}
      </ul>
      {waiting.length ? (
        <Form method="post" className="grid gap-2">
          <p className="text-xs text-muted-foreground">{t("link.hint")}</p>
          <Button type="submit" disabled={busy} className="justify-self-start" data-testid="link-validate">
            {t("link.validate", { count: waiting.length })}
          </Button>
        </Form>
      ) : (
        <p className="text-sm" data-testid="link-nothing">
          {t("link.nothing")}
        </p>
      )}
    </div>
  );
}
