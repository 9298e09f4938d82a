import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { readDocumentForm, uploadOf } from "~/utils/files.server";
import { AppError } from "#server/lib/contract";
import { MAX_UPLOAD_BYTES } from "#server/modules/candidates/contract";
import { shareAgencyDocumentSchema } from "#server/modules/agency-documents/contract";
import { isAgencyStaff } from "#server/modules/identity/contract";

/**
 * /documents: the agency's side of /agency-docs. Staff share documents (contracts, rules) with
 * the candidates who applied to the agency or work for it, see who acknowledged each and when,
 * and withdraw them; client users of the agency read the list.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.documents");
  const documents = await context.services.agencyDocuments.agencyDocuments(user);
  const url = new URL(request.url);
  return json({
    documents,
    canShare: isAgencyStaff(user) && Boolean(user.agencyId),
    done: url.searchParams.get("done"),
  });
}

export type Reply = { intent: string; result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.documents");
  const { agencyDocuments } = context.services;
  const { formData, tooLarge } = await readDocumentForm(request, MAX_UPLOAD_BYTES);
  const intent = String(formData.get("intent") ?? "");
  if (intent === "withdraw") {
    const done = await attempt(() =>
      agencyDocuments.withdrawAgencyDocument(user, String(formData.get("documentId") ?? "")),
    );
    if (!done.ok)
      return json<Reply>(
        { intent, result: { status: "error", error: { "": [done.error.key] } } },
        { status: done.status },
      );
    return redirect("/documents?done=withdrawn");
  }
  const submission = parseWithZod(formData, { schema: shareAgencyDocumentSchema });
  if (tooLarge)
    return json<Reply>(
      { intent, result: submission.reply({ fieldErrors: { file: ["document_too_large"] }, hideFields: ["file"] }) },
      { status: 413 },
    );
  if (submission.status !== "success")
    return json<Reply>({ intent, result: submission.reply({ hideFields: ["file"] }) }, { status: 400 });
  const upload = await uploadOf(formData);
  const done = await attempt(async () => {
    if (!upload) throw new AppError("invalid", "validation.required", "file");
    return agencyDocuments.shareAgencyDocument(user, {
      title: submission.value.title,
      kind: submission.value.kind,
      upload,
    });
  });
  if (!done.ok)
    return json<Reply>({ intent, result: replyWithError(submission, done.error, ["file"]) }, { status: done.status });
  return redirect("/documents?done=shared");
}
