import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { isUuid } from "#server/lib/contract";
import { isAgencyStaff } from "#server/modules/identity/contract";
import { createFolderSchema, folderIdSchema } from "#server/modules/folders/contract";

/**
 * /mes-dossiers: the favourite folders the consultant sees (their own, and those shared with the
 * agency), the create form, and their folders deleted lately with a restore (issue 29). A platform
 * admin reaches the back office but has no folders: told so.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.folders");
  const url = new URL(request.url);
  const { folders, deleted } = await context.services.folders.folders(user);
  return json({
    hasAgency: isAgencyStaff(user) && Boolean(user.agencyId),
    me: user.id,
    folders,
    deleted,
    // the folder just deleted: the notice offers to undo it
    justDeleted: deleted.find((f) => f.id === url.searchParams.get("supprime")) ?? null,
  });
}

export type FoldersReply = { intent: string; result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.folders");
  const { folders } = context.services;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "create") {
    const submission = parseWithZod(form, { schema: createFolderSchema });
    if (submission.status !== "success") return json<FoldersReply>({ intent, result: submission.reply() }, 400);
    const done = await attempt(() => folders.createFolder(user, submission.value));
    if (!done.ok) return json<FoldersReply>({ intent, result: replyWithError(submission, done.error) }, done.status);
    // the add page's "new folder with this candidate"
    const candidateId = form.get("candidateId");
    if (isUuid(candidateId)) await attempt(() => folders.addToFolder(user, done.value, [candidateId]));
    return redirect(`/mes-dossiers/${done.value}`);
  }
  if (intent === "restore") {
    const submission = parseWithZod(form, { schema: folderIdSchema });
    if (submission.status !== "success") throw new Response("Not found", { status: 404 });
    const done = await attempt(() => folders.restoreFolder(user, submission.value.folderId));
    if (!done.ok && done.status === 404) throw new Response("Not found", { status: 404 });
    if (!done.ok) return json<FoldersReply>({ intent, result: replyWithError(submission, done.error) }, done.status);
    return redirect(`/mes-dossiers/${submission.value.folderId}`);
  }
  throw new Response("Bad request", { status: 400 });
}
