import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { selectedIds } from "#server/modules/candidate-file/contract";
import { buildDossierSchema } from "#server/modules/presentations/contract";

/**
 * /mes-dossiers/presentations/nouveau?dossier=<folder>, ?candidat=<id>… or the library's ?id=…: the builder,
 * fed by a favourite folder's candidates or a selection (the library's bulk bar, the candidate
 * file). Only candidates the agency may see are offered; a folder the person may not see offers none.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.folders");
  const url = new URL(request.url);
  const folderId = url.searchParams.get("dossier");
  const folder = folderId ? await context.services.folders.folder(user, folderId) : null;
  // a folder's candidates, the candidate file's one, or the library's bulk selection (`id`, or `all` with `pageId`)
  const ids = folder
    ? folder.members.map((m) => m.id)
    : [...url.searchParams.getAll("candidat"), ...selectedIds(url.searchParams)];
  const choices = await context.services.presentations.presentationChoices(user, ids);
  if (!choices) throw new Response("Not found", { status: 404 });
  return json({ ...choices, folder: folder ? { id: folder.id, name: folder.name } : null });
}

export type BuildReply = { result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.folders");
  const submission = parseWithZod(await request.formData(), { schema: buildDossierSchema });
  if (submission.status !== "success") return json<BuildReply>({ result: submission.reply() }, 400);
  const done = await attempt(() => context.services.presentations.buildPresentation(user, submission.value));
  if (!done.ok) return json<BuildReply>({ result: replyWithError(submission, done.error) }, done.status);
  return redirect(`/mes-dossiers/presentations/${done.value}`);
}
