import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { Button } from "~/components/ui/button";
import { attempt } from "~/utils/action.server";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { formatDay } from "~/components/placements/format";
import { useLive } from "~/hooks/use-live";
import { requireAbility } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "placements", "planning"] };
const NS = ["placements", "common"];

/** /missions-valides: the missions the candidate is on (validated missions), live. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const since = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const [rows, shifts] = await Promise.all([
    context.services.placements.myPlacements(user),
    context.services.planning.myShifts(user, since),
  ]);
  return json({ missions: rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })), shifts: [...shifts] });
}

/** The candidate confirms a published shift (a plain form). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const form = await request.formData();
  const done = await attempt(() =>
    context.services.planning.confirmShift(user, String(form.get("assignmentId") ?? "")),
  );
  if (!done.ok) return json({ error: done.error.key }, { status: done.status });
  // the outcome rides in the URL: a live update reloads the data and would drop the action's reply
  return redirect("/missions-valides?confirmed=1#schedule");
}

export default function ValidatedMissions() {
  const { t } = useTranslation(NS);
  const { missions, shifts } = useLoaderData<typeof loader>();
  const failed = useActionReply<{ error: string }>();
  const { t: tp } = useTranslation(["planning", "common"]);
  useLive(
    (e) => e.type === "PlacementValidated" || e.type === "AssignmentPublished" || e.type === "AssignmentConfirmed",
  );
  return (
    <div className="grid max-w-4xl gap-6" data-testid="validated-missions">
      <PageHeader title={t("missions.title")} />
      <section id="schedule" className="grid gap-2" data-testid="my-shifts" aria-labelledby="schedule-title">
        <h2 id="schedule-title" className="text-lg font-semibold">
          {tp("shifts.title")}
        </h2>
        {failed ? (
          <p role="alert" className="text-sm text-destructive">
            {tp(failed.error)}
          </p>
        ) : null}
        {shifts.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="no-shifts">
            {tp("shifts.empty")}
          </p>
        ) : (
          <ul className="grid gap-2">
            {shifts.map((s) => (
              <li
                key={s.id}
                className="card-surface flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
                data-testid="my-shift"
                data-id={s.id}
                data-confirmed={s.confirmed ? "true" : "false"}
              >
                <span>
                  <strong>{formatDay(s.day)}</strong> {s.start}–{s.end} · {s.adTitle} · {s.agencyName}
                  {s.breakMin ? ` · ${tp("list.break", { minutes: s.breakMin })}` : ""}
                  {s.place ? ` · ${s.place}` : ""}
                  {s.note ? ` · ${s.note}` : ""}
                </span>
                {s.confirmed ? (
                  <span className="rounded-full bg-secondary px-3 py-1 text-xs">{tp("shifts.confirmed")}</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="assignmentId" value={s.id} />
                    <Button type="submit" size="sm" data-testid="confirm-shift">
                      {tp("shifts.confirm")}
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {missions.length === 0 ? (
        <EmptyState testId="no-missions" message={t("missions.empty")}>
          <Link to="/mes-propositions" className="text-primary underline">
            {t("missions.toProposals")}
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid gap-3">
          {missions.map((m) => (
            <li
              key={m.id}
              className="card-surface grid gap-1 p-4"
              data-testid="mission"
              data-id={m.id}
              data-proposal={m.proposalId ?? ""}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <p className="font-medium" data-testid="mission-title">
                  {m.adTitle}
                </p>
                <span className="rounded-full bg-secondary px-3 py-1 text-xs font-medium">
                  {t(`missions.status.${m.status}`)}
                </span>
              </div>
              <p className="text-sm text-muted-foreground">
                {m.agencyName} · {m.placeName}
              </p>
              <p className="text-sm">
                {m.startDate
                  ? t("dates.range", { start: formatDay(m.startDate), end: formatDay(m.endDate) })
                  : t("dates.toBeAgreed", { end: formatDay(m.endDate) })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
