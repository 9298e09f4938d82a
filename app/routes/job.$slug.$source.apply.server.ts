import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getUser, requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { adNotFound, publicAdPage, sourceOf } from "~/utils/public-ad.server";
import { parseUpload, UploadTooLarge } from "~/utils/registration.server";
import { AppError } from "#server/lib/contract";
import { answersOf, applySchema } from "#server/modules/applications/contract";
import { MAX_UPLOAD_BYTES } from "#server/modules/candidates/contract";

/**
 * /job/{slug}/{source}/apply: where job boards send people who want to apply, with the board's
 * source code. Visitors sign in (or create an account) and come back here; a candidate answers
 * the ad's yes/no questions, chooses the CV the agency will see (the latest one, or a new
 * upload kept in their documents) and may write a message. Other roles are told only
 * candidates apply.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const source = sourceOf(params.source);
  const ad = source ? await context.services.missions.publicAdBySlug(params.slug ?? "") : null;
  if (!ad || !source) throw adNotFound();
  // an older slug of the ad (its title changed): the current address
  if (ad.slug !== params.slug) throw redirect(`/job/${ad.slug}/${source}/apply`, 301);
  const page = await publicAdPage(request, context, ad, source);
  let mine: {
    cv: { name: string; createdAt: string } | null;
    existing: { id: string; status: number; withdrawn: boolean } | null;
  } | null = null;
  const actor = page.candidate ? await getUser(request, context) : null;
  if (actor) {
    const [docs, existing] = await Promise.all([
      context.services.candidates.candidateDocuments(actor.id),
      context.services.applications.myApplicationFor(actor, ad.id),
    ]);
    const cv = docs.filter((d) => d.category === "cv").at(-1);
    mine = {
      cv: cv ? { name: cv.name, createdAt: cv.createdAt } : null,
      existing: existing
        ? { id: existing.id, status: existing.status, withdrawn: Boolean(existing.withdrawnAt) }
        : null,
    };
  }
  const constraint = getZodConstraint(applySchema(ad.fields.questions.length));
  return json({ ...page, mine, constraint, applied: new URL(request.url).searchParams.get("applied") === "1" });
}

export type ApplyReply = { result: SubmissionResult<string[]> };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const source = sourceOf(params.source);
  const ad = source ? await context.services.missions.publicAdBySlug(params.slug ?? "") : null;
  if (!ad || !source) throw adNotFound();
  const schema = applySchema(ad.fields.questions.length);
  let upload: Awaited<ReturnType<typeof parseUpload>>;
  try {
    upload = await parseUpload(request, { field: "cvFile", maxBytes: MAX_UPLOAD_BYTES });
  } catch (error) {
    if (!(error instanceof UploadTooLarge)) throw error;
    return json<ApplyReply>(
      { result: { status: "error", initialValue: null, error: { cvFile: ["cv_too_large"] } } },
      { status: 413 },
    );
  }
  const { formData, tooLarge } = upload;
  const submission = parseWithZod(formData, { schema });
  if (tooLarge)
    return json<ApplyReply>(
      { result: submission.reply({ fieldErrors: { cvFile: ["cv_too_large"] } }) },
      { status: 413 },
    );
  if (submission.status !== "success") return json<ApplyReply>({ result: submission.reply() }, { status: 400 });
  const { applications, candidates } = context.services;
  const file = formData.get("cvFile");
  const done = await attempt(async () => {
    // a new CV is kept in the candidate's documents first: whatever happens next, it is not lost
    if (submission.value.cv === "upload") {
      if (!(file instanceof File) || file.size === 0) throw new AppError("invalid", "validation.required", "cvFile");
      await candidates.addCv(user, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    }
    return applications.apply(user, {
      adId: ad.id,
      source,
      answers: answersOf(submission.value, ad.fields.questions.length),
      message: submission.value.message ?? "",
      cv: { kind: "registered" },
    });
  });
  if (!done.ok) {
    // the CV checks name their field "cv" (registration's); here the file input is cvFile
    const error = done.error.field === "cv" ? new AppError(done.error.kind, done.error.key, "cvFile") : done.error;
    return json<ApplyReply>({ result: replyWithError(submission, error) }, { status: done.status });
  }
  return redirect(`/job/${ad.slug}/${source}/apply?applied=1`);
}
