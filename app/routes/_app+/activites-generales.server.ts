import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { attempt, idempotencyKeyOf, newIdempotencyKey, replyWithError } from "~/utils/action.server";
import {
  ACTIVITIES_PAGE_SIZE,
  activityIdSchema,
  activityQuerySchema,
  logActivitySchema,
  rescheduleSchema,
} from "#server/modules/activities/contract";
import { isUuid } from "#server/lib/contract";

/**
 * /activites-generales (issue 29): the log form, "my day" (a colleague's, one's own by default),
 * the team's activities with filters and pages, and one's calendar link. The agency's staff only
 * (the ability), and every read and command is scoped to the actor's agency in the module.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.activities");
  const params = new URL(request.url).searchParams;
  const query = activityQuerySchema.parse(Object.fromEntries(params));
  const a = context.services.activities;
  const colleagues = await a.colleagues(user);
  // "my day" of a colleague of this agency, else one's own
  const dayOf = colleagues.find((c) => c.id === params.get("day"))?.id ?? user.id;
  const [day, list, choices, feed] = await Promise.all([
    a.myDay(user, dayOf),
    a.activityList(user, query),
    a.linkChoices(user),
    a.calendarFeedState(user),
  ]);
  return json({
    query,
    dayOf,
    me: user.id,
    day,
    ...list,
    pages: Math.max(1, Math.ceil(list.total / ACTIVITIES_PAGE_SIZE)),
    colleagues,
    choices,
    feed,
    idempotencyKey: newIdempotencyKey(),
  });
}

export type ActivityReply = {
  intent: string;
  result?: SubmissionResult<string[]>;
  /** an activity was logged (the form is reset) */
  logged?: boolean;
  /** the calendar link, shown once when issued */
  feedUrl?: string;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.activities");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const a = context.services.activities;
  if (intent === "log") {
    const submission = parseWithZod(form, { schema: logActivitySchema });
    if (submission.status !== "success") return json<ActivityReply>({ intent, result: submission.reply() }, 400);
    const done = await attempt(() =>
      a.logActivity(user, { ...submission.value, idempotencyKey: idempotencyKeyOf(form) }),
    );
    return done.ok
      ? json<ActivityReply>({ intent, logged: true, result: submission.reply({ resetForm: true }) })
      : json<ActivityReply>({ intent, result: replyWithError(submission, done.error) }, done.status);
  }
  if (intent === "complete" || intent === "reopen" || intent === "reschedule") {
    const submission = parseWithZod(form, { schema: intent === "reschedule" ? rescheduleSchema : activityIdSchema });
    const id = String(form.get("activityId") ?? "");
    // a foreign or malformed id is not found, like a foreign record
    if (!isUuid(id)) throw new Response("Not found", { status: 404 });
    if (submission.status !== "success") return json<ActivityReply>({ intent, result: submission.reply() }, 400);
    const v = submission.value as { activityId: string; dueAt?: string };
    const done = await attempt(() =>
      intent === "complete"
        ? a.completeActivity(user, v.activityId)
        : intent === "reopen"
          ? a.reopenActivity(user, v.activityId)
          : a.rescheduleActivity(user, v.activityId, v.dueAt!),
    );
    if (!done.ok && done.status === 404) throw new Response("Not found", { status: 404 });
    return done.ok
      ? json<ActivityReply>({ intent, result: submission.reply({ resetForm: true }) })
      : json<ActivityReply>({ intent, result: replyWithError(submission, done.error) }, done.status);
  }
  if (intent === "issueFeed") {
    const token = await a.issueCalendarFeed(user);
    return json<ActivityReply>({
      intent,
      feedUrl: `${context.services.publicUrl()}/activites-generales/calendrier/${token}`,
    });
  }
  if (intent === "revokeFeed") {
    const done = await attempt(() => a.revokeCalendarFeed(user));
    return json<ActivityReply>({ intent }, done.ok ? 200 : done.status);
  }
  throw new Response("Bad request", { status: 400 });
}
