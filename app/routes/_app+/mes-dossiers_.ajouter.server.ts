import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireAbility } from "~/utils/auth.server";
import type { SessionUser } from "#server/modules/identity/contract";
import { attempt, replyWithError } from "~/utils/action.server";
import { safeRedirect } from "~/utils/safe-redirect.server";
import { addCandidatesSchema, createFolderSchema, FOLDER_BULK_ADD_MAX } from "#server/modules/folders/contract";
import { selectedIds } from "#server/modules/candidate-file/contract";
import { isUuid } from "#server/lib/contract";

/**
 * /mes-dossiers/ajouter: the "add to folder" control as a page (no JavaScript needed).
 * - `?candidat={id}&retour={path}`: one candidate (the library's cards, the candidate file, the
 *   pipeline, the proposals); each choice posts to the folder (/mes-dossiers/{id}, intent "add"),
 *   which sends the person back.
 * - `?id=…&id=…&retour={path}` (or `all=1` with the page's `pageId`s): the library's bulk selection
 *   (ADR 0045); each choice posts here, adds them all in one event (the folder's own command) and
 *   reports how many went in and how many were there already; a new folder opens with them.
 * Only candidates the agency may see (the access rule): one it may not is not found.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.folders");
  const url = new URL(request.url);
  const single = url.searchParams.get("candidat");
  const back = safeRedirect(url.searchParams.get("retour"), single ? `/cv-theque/${single}` : "/cv-theque");
  const { folders } = context.services;
  if (!single) {
    const ids = selectedIds(url.searchParams);
    if (!ids.length) return redirect(withParam(back, "bulk", "empty"));
    const candidates = await visibleCandidates(context, user, ids);
    return json({ mode: "selection" as const, back, candidates, pickable: await folders.pickableFolders(user) });
  }
  const profile = await context.services.candidates.openCandidateProfile(user, single);
  if (!profile) throw new Response("Not found", { status: 404 });
  const [pickable, current] = await Promise.all([
    folders.pickableFolders(user),
    folders.foldersOfCandidate(user, single),
  ]);
  const inIds = new Set(current.map((f) => f.id));
  return json({
    mode: "one" as const,
    candidate: {
      id: single,
      name: [profile.identity?.firstName, profile.identity?.lastName].filter(Boolean).join(" "),
    },
    back,
    pickable: pickable.filter((f) => !inIds.has(f.id)),
    current,
  });
}

/** The selection's names, each through the access rule; a malformed id, too many, or one it may not see: 404. */
async function visibleCandidates(context: AppLoadContext, user: SessionUser, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length > FOLDER_BULK_ADD_MAX || !unique.every(isUuid)) throw new Response("Not found", { status: 404 });
  const seen = await context.services.candidateFile.selectedCandidates(user, unique);
  if (seen.length !== unique.length) throw new Response("Not found", { status: 404 });
  return seen;
}

const withParam = (path: string, key: string, value: string) => {
  const [p, query = ""] = path.split("?");
  const params = new URLSearchParams(query);
  params.set(key, value);
  return `${p}?${params}`;
};

export type AddSelectionReply = {
  intent: string;
  result: SubmissionResult<string[]>;
  outcome: { folderId: string; name: string; added: number; already: number } | null;
};

const addSchema = addCandidatesSchema.extend({ folderId: z.string().uuid() });
const createSchema = createFolderSchema.extend({ candidateId: addCandidatesSchema.shape.candidateId });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.folders");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "add" && intent !== "create") throw new Response("Bad request", { status: 400 });
  const { folders } = context.services;
  // the selection is checked before anything is written, so no folder is created for a refused one
  await visibleCandidates(context, user, form.getAll("candidateId").map(String));
  if (intent === "create") {
    const submission = parseWithZod(form, { schema: createSchema });
    if (submission.status !== "success") return json<AddSelectionReply>(reply(intent, submission.reply()), 400);
    const { candidateId, ...input } = submission.value;
    const done = await attempt(async () => {
      const folderId = await folders.createFolder(user, input);
      await folders.addToFolder(user, folderId, candidateId);
      return folderId;
    });
    if (!done.ok) return json<AddSelectionReply>(reply(intent, replyWithError(submission, done.error)), done.status);
    return redirect(`/mes-dossiers/${done.value}`);
  }
  const submission = parseWithZod(form, { schema: addSchema });
  if (submission.status !== "success") return json<AddSelectionReply>(reply(intent, submission.reply()), 400);
  const { folderId, candidateId } = submission.value;
  const done = await attempt(() => folders.addToFolder(user, folderId, candidateId));
  // every one there already is the report, not a refusal; a folder it may not see is not found
  if (!done.ok && done.error.key !== "errors.alreadyInFolder") {
    if (done.status === 404 && done.error.key !== "errors.candidateNotFound")
      throw new Response("Not found", { status: 404 });
    return json<AddSelectionReply>(reply(intent, replyWithError(submission, done.error)), done.status);
  }
  const counts = done.ok ? done.value : { added: 0, already: candidateId.length };
  const name = (await folders.pickableFolders(user)).find((f) => f.id === folderId)?.name ?? "";
  return json<AddSelectionReply>({
    intent,
    result: submission.reply({ resetForm: true }),
    outcome: { folderId, name, ...counts },
  });
}

const reply = (intent: string, result: SubmissionResult<string[]>): AddSelectionReply => ({
  intent,
  result,
  outcome: null,
});
