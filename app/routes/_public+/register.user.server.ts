import { seoOf } from "~/utils/seo.server";
import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectSignedIn } from "~/utils/auth.server";
import { i18next } from "~/utils/i18n.server";
import { accountConstraint, accountSchema, profileSchema } from "~/utils/registration-schemas";
import { draftIdOf, forgetDraft, keepDraft, parseUpload, UploadTooLarge } from "~/utils/registration.server";
import type { AppError } from "#server/lib/contract";
import { attempt } from "~/utils/action.server";
import { MAX_UPLOAD_BYTES, isRegistrationCountry } from "#server/modules/candidates/contract";

/**
 * Candidate registration in steps (spec sections 3, 5, 8, 9): the country first (it decides the
 * consent clauses), then the account (names, email with a live "already used" check, password,
 * consents), then the CV, birth date and desired jobs; the account is created at the end and
 * the verification mail sent. The draft lives on the server and its id in a cookie, so a
 * reload or a later visit resumes at the right step. Every form works without JavaScript.
 */
export type View = "country" | "account" | "profile" | "done";

/** The steps' field constraints (the pages' forms check with the schemas on the server, ADR 0022). */
const constraintsFor = (hasCv: boolean) => ({
  account: accountConstraint,
  profile: getZodConstraint(profileSchema(hasCv)),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedIn(request, context);
  const seo = await seoOf(request, "registerUser");
  const url = new URL(request.url);
  const id = await draftIdOf(request);
  const draft = id ? await context.services.candidates.registration(id) : null;
  if (draft?.step === "completed")
    return json(
      { view: "done" as View, country: draft.country, draft: null, seo, constraints: constraintsFor(false) },
      { headers: { "Set-Cookie": await forgetDraft(context) } },
    );
  if (!draft) {
    const country = url.searchParams.get("country");
    return json({
      seo,
      view: (isRegistrationCountry(country) ? "account" : "country") as View,
      country: isRegistrationCountry(country) ? country : null,
      draft: null,
      constraints: constraintsFor(false),
    });
  }
  const { email, firstName, lastName, cv, birthDate, desiredJobs } = draft;
  return json({
    seo,
    view: (url.searchParams.get("step") === "account" ? "account" : "profile") as View,
    country: draft.country,
    draft: { email, firstName, lastName, cv: cv && { name: cv.name, size: cv.size }, birthDate, desiredJobs },
    constraints: constraintsFor(Boolean(cv)),
  });
}

export type Reply = { view?: "account"; account?: SubmissionResult<string[]>; profile?: SubmissionResult<string[]> };
const errorsOf = (error: AppError) =>
  error.field ? { fieldErrors: { [error.field]: [error.key] } } : { formErrors: [error.key] };

export async function action({ request, context }: ActionFunctionArgs) {
  await redirectSignedIn(request, context);
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  return multipart ? profileStep(request, context) : accountStep(request, context);
}

/** Step 1: starts the draft (rate-limited) or corrects its account part. */
async function accountStep(request: Request, context: AppLoadContext) {
  const { services } = context;
  const form = await request.formData();
  if (form.get("intent") === "restart")
    return redirect("/register/user", { headers: { "Set-Cookie": await forgetDraft(context) } });
  const submission = parseWithZod(form, { schema: accountSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success")
    return json<Reply>({ account: submission.reply({ hideFields }) }, { status: 400 });
  const { country, terms, dataProtection, libraryVisible, confirmPassword: _confirm, ...account } = submission.value;
  const consents = {
    terms: terms === "on",
    dataProtection: dataProtection === "on",
    libraryVisible: libraryVisible === "on",
  };
  const input = { ...account, consents };
  const id = await draftIdOf(request);
  const draft = id ? await services.candidates.registration(id) : null;
  const locale = await i18next.getLocale(request);
  const continuing = draft && draft.step !== "completed";
  const done = await attempt(async () =>
    continuing
      ? services.candidates.giveAccount(draft.id, input, () =>
          services.throttle.consume("email_check", context.clientIp),
        )
      : services.candidates.startRegistration({ ...input, country, locale }, () =>
          services.throttle.consume("register", context.clientIp),
        ),
  );
  if (!done.ok)
    return json<Reply>({ account: submission.reply({ ...errorsOf(done.error), hideFields }) }, { status: done.status });
  return continuing || typeof done.value !== "string"
    ? redirect("/register/user")
    : redirect("/register/user", { headers: { "Set-Cookie": await keepDraft(context, done.value) } });
}

/**
 * Step 2 (multipart): a chosen CV is checked by content and kept even when another field is
 * wrong (never lose an upload); then birth date and desired jobs, account creation, done.
 */
async function profileStep(request: Request, context: AppLoadContext) {
  const { services } = context;
  const id = await draftIdOf(request);
  const draft = id ? await services.candidates.registration(id) : null;
  if (!draft || draft.step === "completed") return redirect("/register/user");

  let upload: Awaited<ReturnType<typeof parseUpload>>;
  try {
    upload = await parseUpload(request, { field: "cv", maxBytes: MAX_UPLOAD_BYTES });
  } catch (error) {
    if (!(error instanceof UploadTooLarge)) throw error;
    return json<Reply>(
      { profile: { status: "error", initialValue: null, error: { cv: ["cv_too_large"] } } },
      { status: 413 },
    );
  }
  const { formData, tooLarge } = upload;
  const file = formData.get("cv");
  let cvError: string | null = tooLarge ? "cv_too_large" : null;
  let hasCv = Boolean(draft.cv);
  if (!cvError && file instanceof File && file.size > 0) {
    const uploaded = await attempt(async () =>
      services.candidates.uploadCv(draft.id, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }),
    );
    if (uploaded.ok) hasCv = true;
    else if (uploaded.error.field === "cv") cvError = uploaded.error.key;
    else throw uploaded.error;
  }

  const submission = parseWithZod(formData, { schema: profileSchema(hasCv) });
  if (submission.status !== "success" || cvError) {
    return json<Reply>(
      { profile: submission.reply(cvError ? { fieldErrors: { cv: [cvError] } } : {}) },
      { status: 400 },
    );
  }
  const { birthDate, desiredJobs } = submission.value;
  const locale = await i18next.getLocale(request);
  const finished = await attempt(() =>
    services.candidates.finishRegistration(draft.id, { birthDate, desiredJobs }, locale),
  );
  if (!finished.ok) {
    const { error } = finished;
    if (error.key === "email_exist") {
      // the address was taken since step 1: back to the account step, everything else kept
      const initialValue = {
        country: draft.country,
        email: draft.email ?? "",
        firstName: draft.firstName ?? "",
        lastName: draft.lastName ?? "",
        terms: "on",
        dataProtection: "on",
      };
      return json<Reply>(
        { view: "account", account: { status: "error", initialValue, error: { email: ["email_exist"] } } },
        { status: 409 },
      );
    }
    const known = error.field
      ? errorsOf(error)
      : { formErrors: [error.key === "failed_operation" ? "error_register" : error.key] };
    return json<Reply>({ profile: submission.reply(known) }, { status: finished.status });
  }
  return redirect("/register/user");
}
