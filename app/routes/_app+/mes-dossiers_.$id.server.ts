import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { safeRedirect } from "~/utils/safe-redirect.server";
import {
  addCandidatesSchema,
  editFolderSchema,
  moveCandidateSchema,
  removeCandidateSchema,
  visibilitySchema,
} from "#server/modules/folders/contract";

/**
 * /mes-dossiers/{id}: a favourite folder, its candidates in order (who added whom, when). Its
 * staff only, and a private folder its owner only: anyone else (a colleague for a private
 * folder, another agency, a client user, a candidate, a foreign id) gets 404, from the loader and
 * from every action alike.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.folders");
  const folder = await context.services.folders.folder(user, params.id ?? "");
  if (!folder) throw new Response("Not found", { status: 404 });
  return json({ folder });
}

export type FolderReply = { intent: string; result: SubmissionResult<string[]> };

const SCHEMAS = {
  edit: editFolderSchema,
  visibility: visibilitySchema,
  delete: null,
  // one candidate or several (`candidateId` repeated): the library's bulk selection can post here
  add: addCandidatesSchema,
  remove: removeCandidateSchema,
  move: moveCandidateSchema,
} as const;
type Intent = keyof typeof SCHEMAS;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.folders");
  const id = params.id ?? "";
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as Intent;
  if (!(intent in SCHEMAS)) throw new Response("Bad request", { status: 400 });
  const folders = context.services.folders;
  const schema = SCHEMAS[intent] ?? visibilitySchema.partial();
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return json<FolderReply>({ intent, result: submission.reply() }, 400);
  const v = submission.value;
  const done = await attempt<unknown>(() => {
    switch (intent) {
      case "edit":
        return folders.editFolder(user, id, editFolderSchema.parse(v));
      case "visibility":
        return folders.setFolderVisibility(user, id, visibilitySchema.parse(v).visibility);
      case "delete":
        return folders.deleteFolder(user, id);
      case "add":
        return folders.addToFolder(user, id, addCandidatesSchema.parse(v).candidateId);
      case "remove":
        return folders.removeFromFolder(user, id, removeCandidateSchema.parse(v).candidateId);
      case "move": {
        const { candidateId, position } = moveCandidateSchema.parse(v);
        return folders.moveInFolder(user, id, candidateId, position);
      }
    }
  });
  // a refused candidate is a message on the control; a folder the person may not see is not found
  if (!done.ok && done.status === 404 && done.error.key !== "errors.candidateNotFound")
    throw new Response("Not found", { status: 404 });
  if (!done.ok) return json<FolderReply>({ intent, result: replyWithError(submission, done.error) }, done.status);
  if (intent === "delete") return redirect(`/mes-dossiers?supprime=${id}`);
  const back = form.get("back");
  if (intent === "add" && typeof back === "string" && back)
    return redirect(withAdded(safeRedirect(back, `/mes-dossiers/${id}`), id, addCandidatesSchema.parse(v).candidateId));
  return json<FolderReply>({ intent, result: submission.reply({ resetForm: true }) });
}

/** Back to the page the control was on, saying who went to which folder (the control there says "added"). */
function withAdded(back: string, folderId: string, candidateIds: string[]) {
  const [path, query = ""] = back.split("?");
  const params = new URLSearchParams(query);
  params.set("ajoute", folderId);
  params.set("candidat", candidateIds[0]!);
  return `${path}?${params}`;
}
