import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { i18next } from "~/utils/i18n.server";
import { adNotFound, publicAdPage, sourceOf } from "~/utils/public-ad.server";
import { parseUpload, UploadTooLarge } from "~/utils/registration.server";
import { AppError } from "#server/lib/contract";
import {
  ANONYMOUS_APPLY_PATH,
  anonymousApplySchema,
  answersOf,
  type AnonymousOutcome,
} from "#server/modules/applications/contract";
import { MAX_UPLOAD_BYTES } from "#server/modules/candidates/contract";
import type { AppLoadContext } from "@remix-run/node";

/**
 * /apply/annonce/{id}/{source}: applying without an account (spec sections 2, 8). The person
 * gives an email, names, a CV and the answers; the account of the email decides the outcome
 * (anonymous.ts). A plain multipart form: it works without JavaScript, and a refused form comes
 * back with what was typed and the CV kept (its id in the hidden field `keptCv`).
 */
async function adOf(request: Request, params: LoaderFunctionArgs["params"], context: AppLoadContext) {
  // only /apply/annonce/{digits}/S{digits} (spec section 5), then a known board and an online ad
  const source = ANONYMOUS_APPLY_PATH.test(new URL(request.url).pathname.replace(/\/+$/, ""))
    ? sourceOf(params.source)
    : null;
  const id = /^\d{1,15}$/.test(params.id ?? "") ? Number(params.id) : null;
  const ad = source && id !== null ? await context.services.missions.publicAd(id) : null;
  if (!ad || !source) throw adNotFound();
  return { ad, source };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ad, source } = await adOf(request, params, context);
  const user = await getUser(request, context);
  // a signed-in candidate applies with their account, CV and documents
  if (user?.role === "CANDIDATE") throw redirect(`/job/${ad.slug}/${source}/apply`);
  // the form's field constraints (the schema stays on the server, ADR 0022)
  return json({
    ...(await publicAdPage(request, context, ad, source)),
    constraint: getZodConstraint(anonymousApplySchema(ad.fields.questions.length)),
  });
}

export type AnonymousReply =
  | { kind: "form"; result: SubmissionResult<string[]>; keptCv: { id: string; name: string } | null }
  | { kind: "applied"; outcome: AnonymousOutcome; email: string }
  | { kind: "resent" }
  | { kind: "error"; error: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ad, source } = await adOf(request, params, context);
  const { applications, throttle } = context.services;
  const admit = (action: "apply" | "verify") => () => throttle.consume(action, context.clientIp);
  // signed-in people have their own page (candidates) or do not apply (staff)
  if (await getUser(request, context))
    return json<AnonymousReply>({ kind: "error", error: "not_authorized" }, { status: 403 });
  const questions = ad.fields.questions.length;

  let upload: Awaited<ReturnType<typeof parseUpload>>;
  try {
    upload = await parseUpload(request, { field: "cvFile", maxBytes: MAX_UPLOAD_BYTES });
  } catch (error) {
    if (!(error instanceof UploadTooLarge)) throw error;
    // far beyond the limit the request is not read at all: only the file's error comes back
    return json<AnonymousReply>(
      {
        kind: "form",
        result: { status: "error", initialValue: null, error: { cvFile: ["cv_too_large"] } },
        keptCv: null,
      },
      { status: 413 },
    );
  }
  const { formData, tooLarge } = upload;

  if (formData.get("intent") === "resend") {
    const email = String(formData.get("email") ?? "")
      .trim()
      .toLowerCase();
    const sent = await attempt(() => applications.resendVerification(email, admit("verify")));
    if (!sent.ok) return json<AnonymousReply>({ kind: "error", error: sent.error.key }, { status: sent.status });
    return json<AnonymousReply>({ kind: "resent" });
  }

  // the CV first, so an accepted file is kept whatever else the form gets wrong
  const errors: Record<string, string[]> = {};
  let keptCv = await applications.keptCv(String(formData.get("keptCv") ?? "") || null);
  const file = formData.get("cvFile");
  if (tooLarge) errors.cvFile = ["cv_too_large"];
  else if (file instanceof File && file.size > 0) {
    const kept = await attempt(async () =>
      applications.keepCv({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }),
    );
    if (kept.ok) keptCv = kept.value;
    // the CV checks name their field "cv" (registration's); here the file input is cvFile
    else if (kept.error.field === "cv") errors.cvFile = [kept.error.key];
    else throw kept.error;
  }
  formData.delete("cvFile");
  if (!keptCv && !errors.cvFile) errors.cvFile = ["validation.required"];

  const submission = parseWithZod(formData, { schema: anonymousApplySchema(questions) });
  if (submission.status !== "success" || Object.keys(errors).length) {
    return json<AnonymousReply>(
      { kind: "form", result: submission.reply({ fieldErrors: errors }), keptCv },
      { status: tooLarge ? 413 : 400 },
    );
  }
  const value = submission.value;
  const locale = await i18next.getLocale(request);
  const done = await attempt(() =>
    applications.anonymousApply(
      {
        adId: ad.id,
        source,
        answers: answersOf(value, questions),
        message: value.message ?? "",
        email: value.email,
        firstName: value.firstName,
        lastName: value.lastName,
        locale,
        country: ad.fields.country,
        cvId: keptCv!.id,
      },
      admit("apply"),
    ),
  );
  if (!done.ok) {
    const error = done.error.field === "cv" ? new AppError(done.error.kind, done.error.key, "cvFile") : done.error;
    // a CV that can no longer be used (applied with meanwhile) is asked for again
    return json<AnonymousReply>(
      { kind: "form", result: replyWithError(submission, error), keptCv: error.field === "cvFile" ? null : keptCv },
      { status: done.status },
    );
  }
  return json<AnonymousReply>({ kind: "applied", outcome: done.value.outcome, email: value.email });
}
