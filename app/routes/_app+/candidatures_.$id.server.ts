import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import {
  customMailSchema,
  INTERESTS,
  mayHandleApplications,
  mayManageTemplates,
  noteSchema,
  STATUS_TRANSITIONS,
  statusChangeSchema,
  type Interest,
  type StatusCode,
} from "#server/modules/applications/contract";

const notFound = () => new Response("Not found", { status: 404 });

/**
 * /candidatures/{id}: one application as the agency sees it: the candidate, the CV (downloaded
 * through an authorised link only), the answers to the ad's questions, the message, the full
 * history with internal notes, and what may be done next (the transition table decides).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.applications");
  const details = await context.services.applications.applicationDetails(user, params.id ?? "");
  if (!details) throw notFound();
  const canHandle = mayHandleApplications(user);
  // the mail form: ?template=<id> fills it from that template (a plain GET, so it works without JavaScript)
  const composer = canHandle
    ? await context.services.applications.mailComposer(
        user,
        details.id,
        new URL(request.url).searchParams.get("template"),
      )
    : null;
  return json({
    application: {
      ...details,
      createdAt: details.createdAt.toISOString(),
      autoReplyDueAt:
        details.autoReplyDueAt && !details.answeredAt && details.status === 3 && !details.withdrawnAt
          ? details.autoReplyDueAt.toISOString()
          : null,
      answeredAt: details.answeredAt?.toISOString() ?? null,
      withdrawnAt: details.withdrawnAt?.toISOString() ?? null,
      timeline: details.timeline.map((e) => ({ ...e, at: e.at.toISOString() })),
    },
    nextStatuses: canHandle && !details.withdrawnAt ? STATUS_TRANSITIONS[details.status as StatusCode] : [],
    canHandle,
    // a platform admin handles applications but has no agency templates to manage (issue 27)
    composer: composer && { ...composer, manageTemplates: mayManageTemplates(user) },
    now: new Date().toISOString(),
  });
}

export type DetailsReply = {
  intent: string;
  ok: boolean;
  error: string | null;
  note?: string;
  result?: SubmissionResult<string[]>;
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.applications");
  const id = params.id ?? "";
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const { applications } = context.services;
  const reply = (r: Omit<DetailsReply, "intent">, status = 200) => json<DetailsReply>({ intent, ...r }, { status });

  if (intent === "status") {
    const parsed = statusChangeSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return reply({ ok: false, error: "failed_operation_update_status" }, 400);
    const { status, reason, version } = parsed.data;
    const done = await attempt(() =>
      applications.changeStatus(user, id, { to: status as StatusCode, reason: reason ?? null, version }),
    );
    return done.ok ? reply({ ok: true, error: null }) : reply({ ok: false, error: done.error.key }, done.status);
  }
  if (intent === "interest") {
    const value = String(form.get("interest") ?? "");
    if (value && !(INTERESTS as readonly string[]).includes(value))
      return reply({ ok: false, error: "failed_operation" }, 400);
    const version = Number(form.get("version")) || undefined;
    const done = await attempt(() =>
      applications.changeInterest(user, id, (value || null) as Interest | null, version),
    );
    return done.ok ? reply({ ok: true, error: null }) : reply({ ok: false, error: done.error.key }, done.status);
  }
  if (intent === "note") {
    const note = String(form.get("note") ?? "");
    const parsed = noteSchema.safeParse({ note });
    if (!parsed.success)
      return reply({ ok: false, error: parsed.error.issues[0]?.message ?? "validation.required", note }, 400);
    const done = await attempt(() => applications.addNote(user, id, parsed.data.note));
    return done.ok ? reply({ ok: true, error: null }) : reply({ ok: false, error: done.error.key, note }, done.status);
  }
  if (intent === "mail") {
    // refused input comes back in the form (subject and body kept), the reason on its field
    const submission = parseWithZod(form, { schema: customMailSchema });
    if (submission.status !== "success") return reply({ ok: false, error: null, result: submission.reply() }, 400);
    const done = await attempt(() => applications.sendMail(user, id, submission.value));
    return done.ok
      ? reply({ ok: true, error: null, result: submission.reply({ resetForm: true }) })
      : reply({ ok: false, error: null, result: replyWithError(submission, done.error) }, done.status);
  }
  return reply({ ok: false, error: "failed_operation" }, 400);
}
