import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { attempt } from "~/utils/action.server";
import { isNewApplication } from "#server/modules/applications/contract";
import type { CandidateList } from "#server/modules/applications/queries";
import { isUuid } from "#server/lib/contract";

/** Timelines are read for the first rows (older ones open their ad's history on demand). */
const WITH_TIMELINE = 30;

/**
 * The candidate's application lists (/candidatures-en-attente, -retenues, -refusees): the ad,
 * agency, date, status, the "new" badge (2 days), the history; the counts of the three lists;
 * every status for the live toasts.
 */
export async function candidateListLoader({ request, context }: LoaderFunctionArgs, list: CandidateList) {
  const user = await requireAbility(request, context, "candidate.space");
  const { applications } = context.services;
  const [rows, counts, statuses] = await Promise.all([
    applications.myApplications(user, list),
    applications.myCounts(user),
    applications.myStatuses(user),
  ]);
  const timelines = await applications.myTimelines(
    user,
    rows.slice(0, WITH_TIMELINE).map((r) => r.id),
  );
  const now = new Date();
  return json({
    list,
    rows: rows.map((r) => ({
      ...r,
      isNew: isNewApplication(r.createdAt, now),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
      timeline: (timelines[r.id] ?? []).map((e) => ({ ...e, at: e.at.toISOString() })),
    })),
    counts,
    statuses,
  });
}

/** Withdrawing a pending application (a plain POST, so it works without JavaScript). */
export async function candidateListAction({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const form = await request.formData();
  const id = form.get("applicationId");
  const intent = form.get("intent");
  if (!isUuid(id) || (intent !== "withdraw" && intent !== "hide"))
    return json({ done: null, error: "failed_operation" }, { status: 400 });
  const done = await attempt(() =>
    intent === "withdraw"
      ? context.services.applications.withdraw(user, id)
      : context.services.applications.hideFromDashboard(user, id),
  );
  if (!done.ok) return json({ done: null, error: done.error.key }, { status: done.status });
  return json({ done: intent, error: null });
}
