import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { readDocumentForm, uploadOf } from "~/utils/files.server";
import { latestCvParse } from "~/utils/profile.server";
import { AppError, isUuid } from "#server/lib/contract";
import { MAX_UPLOAD_BYTES, updateDocumentSchema, uploadDocumentSchema } from "#server/modules/candidates/contract";

/**
 * /mes-documents and /profil/my-documents: the candidate's documents by category with their
 * expiry dates (expiring 30 days ahead), upload, replace or change the date, delete (confirmed
 * on the page itself, so it works without JavaScript), preview and download through
 * /mes-documents/{id}/fichier; the latest CV's parse (a scan's OCR progress, live).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const url = new URL(request.url);
  const [documents, cv] = await Promise.all([
    context.services.candidates.myDocuments(user),
    latestCvParse(context, user),
  ]);
  return json({ documents, cv, done: url.searchParams.get("done"), confirmDelete: url.searchParams.get("delete") });
}

export type Reply = { intent: string; documentId: string | null; result: SubmissionResult<string[]> };
const reply = (r: Reply, status: number) => json<Reply>(r, { status });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const { candidates } = context.services;
  const back = new URL(request.url).pathname;
  const { formData, tooLarge } = await readDocumentForm(request, MAX_UPLOAD_BYTES);
  const intent = String(formData.get("intent") ?? "");
  const documentId = formData.get("documentId") ? String(formData.get("documentId")) : null;

  if (intent === "delete") {
    const done = await attempt(async () => {
      if (!isUuid(documentId)) throw new AppError("not_found", "document_not_found");
      await candidates.removeDocument(user, documentId);
    });
    if (!done.ok)
      return reply({ intent, documentId, result: { status: "error", error: { "": [done.error.key] } } }, done.status);
    return redirect(`${back}?done=deleted`);
  }

  const schema = intent === "update" ? updateDocumentSchema : uploadDocumentSchema;
  const submission = parseWithZod(formData, { schema });
  // the file over 2 MB was read to its end but not kept: the other fields come back with the error
  if (tooLarge)
    return reply(
      {
        intent,
        documentId,
        result: submission.reply({ fieldErrors: { file: ["document_too_large"] }, hideFields: ["file"] }),
      },
      413,
    );
  if (submission.status !== "success")
    return reply({ intent, documentId, result: submission.reply({ hideFields: ["file"] }) }, 400);
  const value = submission.value;
  const upload = await uploadOf(formData);
  const done = await attempt(async () => {
    if (value.intent === "upload") {
      if (!upload) throw new AppError("invalid", "validation.required", "file");
      await candidates.addDocument(user, { category: value.category, expiresAt: value.expiresAt, upload });
    } else if (upload) await candidates.replaceDocument(user, value.documentId, { expiresAt: value.expiresAt, upload });
    else await candidates.changeDocumentExpiry(user, value.documentId, value.expiresAt);
  });
  if (!done.ok)
    return reply({ intent, documentId, result: replyWithError(submission, done.error, ["file"]) }, done.status);
  return redirect(`${back}?done=${intent === "update" ? "updated" : "uploaded"}`);
}
