import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { attempt, idempotencyKeyOf, replyWithError } from "~/utils/action.server";

/** What a saved-searches page answers its forms with (save and rename: the form's reply; alerts and delete: an error list). */
export type SavedSearchReply = {
  intent: string;
  searchId: string | null;
  result: SubmissionResult<string[]> | null;
  error: string[] | null;
};

/** The saved-search commands of one kind (a candidate's job searches, a consultant's library searches), for the signed-in user. */
export interface SavedSearchCommands {
  save(input: { name: string; query: string; idempotencyKey: string | null }): Promise<string>;
  rename(searchId: string, name: string): Promise<unknown>;
  switchAlerts(searchId: string, on: boolean): Promise<unknown>;
  remove(searchId: string): Promise<unknown>;
}

const idSchema = z.string().uuid();
const failed = (intent: string, searchId: string | null, key: string, status: number) =>
  json<SavedSearchReply>(
    { intent, searchId, result: null, error: [...new Set([key, "saved_search_failed"])] },
    { status },
  );

/**
 * The action of a saved-searches page (/ma-recherche, /cv-theque/recherches): save (then the
 * page, saying which was saved), rename, alerts on/off and delete (then the page, the
 * confirmation in the URL having nothing left to confirm). A refusal without a field (not
 * authorised, not found) also says the search was not saved; the name typed is kept.
 */
export async function savedSearchAction(
  form: FormData,
  {
    page,
    schemas,
    commands,
  }: {
    page: string;
    schemas: {
      save: z.ZodType<{ name: string; query: string }, z.ZodTypeDef, unknown>;
      rename: z.ZodType<{ searchId: string; name: string }, z.ZodTypeDef, unknown>;
    };
    commands: SavedSearchCommands;
  },
) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "save" || intent === "rename") {
    const submission = parseWithZod(form, { schema: schemas[intent] });
    const searchId = intent === "rename" ? String(form.get("searchId") ?? "") : null;
    if (submission.status !== "success")
      return json<SavedSearchReply>({ intent, searchId, result: submission.reply(), error: null }, { status: 400 });
    const v = submission.value;
    const done = await attempt(async () =>
      "query" in v
        ? commands.save({ name: v.name, query: v.query, idempotencyKey: idempotencyKeyOf(form) })
        : commands.rename(v.searchId, v.name),
    );
    if (done.ok)
      return intent === "save"
        ? redirect(`${page}?saved=${String(done.value)}`)
        : json<SavedSearchReply>({ intent, searchId, result: submission.reply({ resetForm: true }), error: null });
    const { error } = done;
    const reply = error.field
      ? replyWithError(submission, error)
      : submission.reply({ formErrors: [...new Set([error.key, "saved_search_failed"])] });
    return json<SavedSearchReply>({ intent, searchId, result: reply, error: null }, { status: done.status });
  }

  const searchId = String(form.get("searchId") ?? "");
  if ((intent !== "alerts" && intent !== "delete") || !idSchema.safeParse(searchId).success)
    return failed(intent, null, "failed_operation", 400);
  const done = await attempt(() =>
    intent === "alerts" ? commands.switchAlerts(searchId, form.get("alerts") === "on") : commands.remove(searchId),
  );
  if (!done.ok) return failed(intent, searchId, done.error.key, done.status);
  return intent === "delete" ? redirect(page) : json<SavedSearchReply>({ intent, searchId, result: null, error: null });
}
