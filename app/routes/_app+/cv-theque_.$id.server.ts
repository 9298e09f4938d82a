import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import {
  addTagSchema,
  archiveSchema,
  commentSchema,
  deactivateSchema,
  deleteCommentSchema,
  editCommentSchema,
  fileMailSchema,
  fileProposeSchema,
  reactivateSchema,
  removeTagSchema,
  type ProposeOutcome,
} from "#server/modules/candidate-file/contract";
import { expiryOf } from "#server/modules/placements/contract";

/**
 * /cv-theque/{id}: a candidate's file for the agency's staff, under the one access rule
 * (candidates/documents/agency-access.ts); anyone else (another agency, a client user, a
 * candidate, a foreign id) gets 404, from the loader and from every action alike.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  const file = await context.services.candidateFile.candidateFile(user, params.id ?? "");
  if (!file) throw new Response("Not found", { status: 404 });
  // the actions' choices: the agency's online ads (propose) and reply templates (mail, where contact is allowed)
  const [ads, templates, folders] = await Promise.all([
    context.services.placements.proposableAds(user),
    file.profile.contact ? context.services.applications.replyTemplates(user) : [],
    context.services.folders.foldersOfCandidate(user, file.id),
  ]);
  return json({
    file,
    me: user.id,
    ads,
    templates: templates.map(({ id, name, language }) => ({ id, name, language })),
    folders,
  });
}

export type FileReply = {
  intent: string;
  result: SubmissionResult<string[]>;
  /** propose: what became of the candidate; mail: the subject sent */
  outcome?: ProposeOutcome;
  subject?: string;
};

const SCHEMAS = {
  addTag: addTagSchema,
  removeTag: removeTagSchema,
  comment: commentSchema,
  editComment: editCommentSchema,
  deleteComment: deleteCommentSchema,
  archive: archiveSchema,
  restore: null,
  deactivate: deactivateSchema,
  reactivate: reactivateSchema,
  propose: fileProposeSchema,
  mail: fileMailSchema,
} as const;
type Intent = keyof typeof SCHEMAS;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  const id = params.id ?? "";
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as Intent;
  if (!(intent in SCHEMAS)) throw new Response("Bad request", { status: 400 });
  const file = context.services.candidateFile;
  const schema = SCHEMAS[intent];
  const submission = schema
    ? parseWithZod(form, { schema })
    : parseWithZod(form, { schema: removeTagSchema.partial() });
  if (submission.status !== "success") return json<FileReply>({ intent, result: submission.reply() }, 400);
  const v = submission.value as Record<string, string>;
  const done = await attempt<unknown>(async () => {
    switch (intent) {
      case "addTag":
        return file.addTag(user, id, addTagSchema.parse(v));
      case "removeTag":
        return file.removeTag(user, id, v.tag!);
      case "comment":
        return file.addComment(user, id, v.body!);
      case "editComment":
        return file.editComment(user, id, v.commentId!, v.body!);
      case "deleteComment":
        return file.deleteComment(user, id, v.commentId!);
      case "archive":
        return file.archiveCandidate(user, id, archiveSchema.parse(v));
      case "restore":
        return file.restoreCandidate(user, id);
      case "deactivate":
        return file.deactivateCandidate(user, id, deactivateSchema.parse(v));
      case "reactivate":
        return file.reactivateCandidate(user, id, reactivateSchema.parse(v));
      case "propose": {
        const p = fileProposeSchema.parse(v);
        const { outcomes } = await file.proposeToCandidates(user, {
          ...p,
          expiresAt: expiryOf(p.expiresOn),
          candidateIds: [id],
        });
        return { outcome: outcomes[0]?.outcome };
      }
      case "mail":
        return file.mailFromTemplate(user, id, v.templateId!);
    }
  });
  // the candidate is not this agency's (or no more): as a foreign id; an ad or template not found stays on its field
  if (!done.ok && done.status === 404 && !done.error.field) throw new Response("Not found", { status: 404 });
  return done.ok
    ? json<FileReply>({
        intent,
        result: submission.reply({ resetForm: true }),
        ...(done.value as { outcome?: ProposeOutcome; subject?: string } | undefined),
      })
    : json<FileReply>({ intent, result: replyWithError(submission, done.error) }, done.status);
}
