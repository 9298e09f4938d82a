import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { expiryOf, mayPropose, proposeSchema } from "#server/modules/placements/contract";
import { isUuid } from "#server/lib/contract";

/**
 * /candidatures/propositions: the agency's proposals with each candidate's answer (the consultant
 * picks or closes here) and the validated missions. Its action also takes the propose form of
 * an application's details (a plain POST, so it works without JavaScript).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.applications");
  const { placements } = context.services;
  const [proposals, missions] = await Promise.all([
    placements.agencyProposals(user),
    placements.agencyPlacements(user),
  ]);
  return json({
    proposals: proposals.map((p) => ({
      ...p,
      expiresAt: p.expiresAt.toISOString(),
      createdAt: p.createdAt.toISOString(),
    })),
    missions: missions.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    canHandle: mayPropose(user),
    now: new Date().toISOString(),
  });
}

export type ProposeReply = { intent: "propose"; result: SubmissionResult<string[]>; proposalId: string | null };
export type HandleReply = { intent: "choose" | "close" | "cancel"; ok: false; error: string; proposalId: string };
export type ProposalsReply = ProposeReply | HandleReply | { intent: "unknown"; ok: false; error: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.applications");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const { placements } = context.services;

  if (intent === "propose") {
    const submission = parseWithZod(form, { schema: proposeSchema });
    const applicationId = String(form.get("applicationId") ?? "");
    if (submission.status !== "success")
      return json<ProposalsReply>({ intent, result: submission.reply(), proposalId: null }, { status: 400 });
    const v = submission.value;
    const done = await attempt(() =>
      placements.proposeFromApplication(user, applicationId, {
        adId: v.adId,
        mode: v.mode,
        places: v.places,
        expiresAt: expiryOf(v.expiresOn),
        message: v.message ?? "",
      }),
    );
    if (!done.ok)
      return json<ProposalsReply>(
        { intent, result: replyWithError(submission, done.error), proposalId: null },
        { status: done.status },
      );
    return json<ProposalsReply>({ intent, result: submission.reply({ resetForm: true }), proposalId: done.value });
  }

  if (intent === "choose" || intent === "close" || intent === "cancel") {
    const proposalId = String(form.get("proposalId") ?? "");
    const candidateId = String(form.get("candidateId") ?? "");
    const done = await attempt(async () => {
      if (intent === "choose")
        await placements.chooseCandidate(user, proposalId, isUuid(candidateId) ? candidateId : "");
      else await placements.closeProposal(user, proposalId, { cancel: intent === "cancel" });
    });
    if (!done.ok)
      return json<ProposalsReply>({ intent, ok: false, error: done.error.key, proposalId }, { status: done.status });
    // the outcome rides in the URL: a live update reloads the page's data and would drop an action's reply
    return redirect(`/candidatures/propositions?done=${intent}#proposal-${proposalId}`);
  }
  return json<ProposalsReply>({ intent: "unknown", ok: false, error: "failed_operation" }, { status: 400 });
}
