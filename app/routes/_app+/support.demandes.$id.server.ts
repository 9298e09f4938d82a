import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { attempt, replyWithError } from "~/utils/action.server";
import { requireUser } from "~/utils/auth.server";
import { isUuid } from "#server/lib/contract";
import { replySchema, statusSchema } from "#server/modules/support/contract";

const notFound = () => new Response("Not found", { status: 404 });

/**
 * /support/demandes/{id}: one request with its messages, for its requester (who replies, which
 * reopens it) and the platform admins (who answer and set its status). Anyone else: not found.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!isUuid(params.id)) throw notFound();
  const done = await attempt(() => context.services.support.supportRequest(user, params.id!));
  if (!done.ok) throw notFound();
  const admin = user.role === "PLATFORM_ADMIN";
  return json({
    request: done.value,
    admin,
    sent: new URL(request.url).searchParams.get("envoye") === "1",
  });
}

export type RequestReply = { intent: string; result: SubmissionResult<string[]> };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  if (!isUuid(params.id)) throw notFound();
  const { support } = context.services;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = params.id;
  if (intent === "reply" || intent === "answer") {
    const submission = parseWithZod(form, { schema: replySchema });
    if (submission.status !== "success") return json<RequestReply>({ intent, result: submission.reply() }, 400);
    const message = submission.value.message;
    const done = await attempt(() =>
      intent === "answer" ? support.answerRequest(user, id, message) : support.replyToRequest(user, id, message),
    );
    if (!done.ok && done.status === 404) throw notFound();
    if (!done.ok) return json<RequestReply>({ intent, result: replyWithError(submission, done.error) }, done.status);
    return redirect(`/support/demandes/${id}`);
  }
  if (intent === "status") {
    const submission = parseWithZod(form, { schema: statusSchema });
    if (submission.status !== "success") return json<RequestReply>({ intent, result: submission.reply() }, 400);
    const done = await attempt(() => support.setRequestStatus(user, id, submission.value.status));
    if (!done.ok && done.status === 404) throw notFound();
    if (!done.ok) return json<RequestReply>({ intent, result: replyWithError(submission, done.error) }, done.status);
    return redirect(`/support/demandes/${id}`);
  }
  throw new Response("Bad request", { status: 400 });
}
