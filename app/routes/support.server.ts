import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { attempt, replyWithError } from "~/utils/action.server";
import { getUser } from "~/utils/auth.server";
import { i18next } from "~/utils/i18n.server";
import { shellFor } from "~/utils/open-page.server";
import { parseUpload, UploadTooLarge } from "~/utils/registration.server";
import { MAX_UPLOAD_BYTES } from "#server/modules/candidates/contract";
import {
  audienceOf,
  contactSchema,
  kindsFor,
  languageOf,
  type FaqItem,
  type RequestKind,
} from "#server/modules/support/contract";

const Q_MAX = 100;

/**
 * /support (issue 30): the FAQ for the person's audience in their language (searched through
 * Meilisearch, listed from PostgreSQL), the contact form and, signed in, their requests. Open to
 * visitors too (the FAQ, and the form asks for an e-mail); the action is rate-limited per account
 * or address, and a bot's hidden field drops the request.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { support, faqSearch } = context.services;
  const [user, locale] = await Promise.all([getUser(request, context), i18next.getLocale(request)]);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, Q_MAX);
  const audience = audienceOf(user?.role);
  const lang = languageOf(locale);
  const found: { items: FaqItem[]; degraded: boolean } = q
    ? await faqSearch.search(q, audience, lang)
    : { items: await support.faq(audience, lang), degraded: false };
  return json({
    shell: user ? await shellFor(user, context) : null,
    signedIn: Boolean(user),
    admin: user?.role === "PLATFORM_ADMIN",
    q,
    faq: found.items,
    degraded: found.degraded,
    kinds: kindsFor(user?.role),
    defaults: user ? { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : { name: "", email: "" },
    requests: user ? await support.myRequests(user) : [],
    sent: new URL(request.url).searchParams.get("envoye") === "1",
  });
}

export type ContactReply = { result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const { support, erasure, throttle } = context.services;
  const user = await getUser(request, context);
  let upload: Awaited<ReturnType<typeof parseUpload>>;
  try {
    upload = await parseUpload(request, { field: "attachment", maxBytes: MAX_UPLOAD_BYTES });
  } catch (error) {
    if (!(error instanceof UploadTooLarge)) throw error;
    return json<ContactReply>(
      { result: { status: "error", initialValue: null, error: { attachment: ["document_too_large"] } } },
      413,
    );
  }
  const { formData, tooLarge } = upload;
  const file = formData.get("attachment");
  formData.delete("attachment");
  const submission = parseWithZod(formData, { schema: contactSchema });
  // the password confirming a deletion request is never sent back
  const hidden = ["password"];
  // deletion and export are a candidate's kinds: anyone else is told so on the field, first
  if (!kindsFor(user?.role).includes((formData.get("kind") ?? "question") as RequestKind))
    return json<ContactReply>(
      { result: submission.reply({ fieldErrors: { kind: ["errors.kind"] }, hideFields: hidden }) },
      400,
    );
  if (submission.status !== "success" || tooLarge) {
    const fieldErrors = tooLarge ? { attachment: ["document_too_large"] } : undefined;
    return json<ContactReply>({ result: submission.reply({ fieldErrors, hideFields: hidden }) }, tooLarge ? 413 : 400);
  }
  const { website, password, ...input } = submission.value;
  // a bot filled the field people never see: answered as sent, nothing kept
  if (website) return redirect("/support?envoye=1");
  const admit = () => throttle.consume("support", user ? `user:${user.id}` : `ip:${context.clientIp}`);
  if (input.kind === "deletion" && user) {
    // the security page's request (ADR 0048), with the message: it lands in the inbox, typed
    const done = await attempt(async () => {
      await admit();
      await erasure.requestErasure(user, password ?? "", input.message, "password");
    });
    if (!done.ok) return json<ContactReply>({ result: replyWithError(submission, done.error, hidden) }, done.status);
    // the security page shows the request, its date and how to cancel it
    return redirect("/parametres");
  }
  const locale = await i18next.getLocale(request);
  const done = await attempt(async () =>
    support.openRequest(user, input, {
      locale,
      attachment:
        file instanceof File && file.size > 0
          ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
          : null,
      admit,
    }),
  );
  if (!done.ok) return json<ContactReply>({ result: replyWithError(submission, done.error, hidden) }, done.status);
  return redirect(user ? `/support/demandes/${done.value}?envoye=1` : "/support?envoye=1");
}
