import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { sendDossierSchema } from "#server/modules/presentations/contract";

/**
 * /mes-dossiers/presentations/{id}: a dossier, its candidates and the client's answers (live),
 * its client link (created, shown once, revoked, regenerated), the send form and the history.
 * The agency's staff only: another agency, a client user, a candidate or a foreign id get 404,
 * from the loader and every action alike.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.folders");
  const dossier = await context.services.presentations.presentation(user, params.id ?? "");
  if (!dossier) throw new Response("Not found", { status: 404 });
  return json({ dossier });
}

export type DossierReply = { intent: string; link?: string; result?: SubmissionResult<string[]> };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.folders");
  const id = params.id ?? "";
  const { presentations } = context.services;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const notFound = () => new Response("Not found", { status: 404 });
  if (intent === "issue") {
    const done = await attempt(() => presentations.issuePresentationLink(user, id));
    if (!done.ok) throw notFound();
    return json<DossierReply>({ intent, link: done.value });
  }
  if (intent === "revoke") {
    const done = await attempt(() => presentations.revokePresentationLink(user, id));
    if (!done.ok && done.status === 404) throw notFound();
    return json<DossierReply>({ intent }, done.ok ? 200 : done.status);
  }
  if (intent === "send") {
    const submission = parseWithZod(form, { schema: sendDossierSchema });
    if (submission.status !== "success") return json<DossierReply>({ intent, result: submission.reply() }, 400);
    const done = await attempt(() => presentations.sendPresentation(user, id, submission.value.recipientId));
    if (!done.ok && done.status === 404 && done.error.field !== "recipientId") throw notFound();
    if (!done.ok) return json<DossierReply>({ intent, result: replyWithError(submission, done.error) }, done.status);
    return json<DossierReply>({ intent, result: submission.reply({ resetForm: true }) });
  }
  throw new Response("Bad request", { status: 400 });
}
