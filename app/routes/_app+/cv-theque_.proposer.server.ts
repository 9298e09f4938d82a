import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { attempt, replyWithError } from "~/utils/action.server";
import { requireAbility } from "~/utils/auth.server";
import { isAgencyStaff } from "#server/modules/identity/contract";
import { bulkProposeSchema, selectedIds, type ProposeOutcome } from "#server/modules/candidate-file/contract";
import { expiryOf } from "#server/modules/placements/contract";
import { isUuid } from "#server/lib/contract";

/**
 * /cv-theque/proposer?id=…: the library's bulk "propose for an ad" (ADR 0038). The GET lists the
 * ticked candidates this agency may see and its online ads; the POST sends one proposal to those
 * it may propose to and tells each candidate's outcome. Agency staff only (a platform admin has
 * no library); every id goes through the access rule again on the POST.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  if (!isAgencyStaff(user) || !user.agencyId) throw new Response("Not found", { status: 404 });
  const ids = selectedIds(new URL(request.url).searchParams).filter(isUuid).slice(0, 50);
  const [candidates, ads] = await Promise.all([
    context.services.candidateFile.selectedCandidates(user, ids),
    context.services.placements.proposableAds(user),
  ]);
  return json({ candidates, ads });
}

export type BulkProposeReply = {
  result: SubmissionResult<string[]>;
  outcomes: { candidateId: string; name: string; outcome: ProposeOutcome }[] | null;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  if (!isAgencyStaff(user) || !user.agencyId) throw new Response("Not found", { status: 404 });
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: bulkProposeSchema });
  if (submission.status !== "success")
    return json<BulkProposeReply>({ result: submission.reply(), outcomes: null }, 400);
  const { id: candidateIds, expiresOn, ...v } = submission.value;
  const files = context.services.candidateFile;
  const done = await attempt(() =>
    files.proposeToCandidates(user, { ...v, expiresAt: expiryOf(expiresOn), candidateIds }),
  );
  if (!done.ok)
    return json<BulkProposeReply>({ result: replyWithError(submission, done.error), outcomes: null }, done.status);
  const names = new Map((await files.selectedCandidates(user, candidateIds)).map((c) => [c.id, c.name]));
  return json<BulkProposeReply>({
    result: submission.reply(),
    outcomes: done.value.outcomes.map((o) => ({ ...o, name: names.get(o.candidateId) ?? "" })),
  });
}
