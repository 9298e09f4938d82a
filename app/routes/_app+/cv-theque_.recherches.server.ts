import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireAbility } from "~/utils/auth.server";
import { attempt, idempotencyKeyOf, replyWithError } from "~/utils/action.server";
import { isAgencyStaff } from "#server/modules/identity/contract";
import { librarySearchOf } from "#server/modules/library/contract";
import { renameLibrarySearchSchema, saveLibrarySearchSchema } from "#server/modules/library-searches/contract";

const schemas = { save: saveLibrarySearchSchema, rename: renameLibrarySearchSchema } as const;
const idSchema = z.string().uuid();

/**
 * /cv-theque/recherches: a consultant's saved library searches (issue 28): their words and filters,
 * run, alerts on/off, rename, delete (confirmed on the page, so no JavaScript is needed). Agency
 * staff only (the ability), and the module answers only the consultant's own searches in their
 * agency: a colleague's or another agency's search id is "not found".
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  const url = new URL(request.url);
  const searches = await context.services.librarySearches.librarySearches(user);
  return json({
    // a platform admin reaches the back office but has no library (ADR 0034): told so, saves nothing
    hasLibrary: isAgencyStaff(user) && Boolean(user.agencyId),
    searches: searches.map((s) => {
      const search = librarySearchOf(new URLSearchParams(s.query));
      // what the list says of a search: its words, its place, how many filters besides
      const filters = new URLSearchParams(s.query);
      for (const k of ["q", "place", "radius", "reach", "sort"]) filters.delete(k);
      return {
        id: s.id,
        name: s.name,
        query: s.query,
        alerts: s.alerts,
        words: search.q,
        place: search.place ? { name: search.place, radius: search.radius, reach: search.reach } : null,
        filters: [...filters.keys()].length,
      };
    }),
    saved: url.searchParams.get("saved"),
    confirmDelete: url.searchParams.get("delete"),
  });
}

export type Reply = {
  intent: string;
  searchId: string | null;
  result: SubmissionResult<string[]> | null;
  error: string[] | null;
};
const failed = (intent: string, searchId: string | null, key: string, status: number) =>
  json<Reply>({ intent, searchId, result: null, error: [...new Set([key, "saved_search_failed"])] }, { status });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  const { librarySearches } = context.services;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  if (intent === "save" || intent === "rename") {
    const submission = parseWithZod(form, { schema: schemas[intent] });
    const searchId = intent === "rename" ? String(form.get("searchId") ?? "") : null;
    if (submission.status !== "success")
      return json<Reply>({ intent, searchId, result: submission.reply(), error: null }, { status: 400 });
    const v = submission.value;
    const done = await attempt(async () =>
      v.intent === "save"
        ? librarySearches.saveLibrarySearch(user, {
            name: v.name,
            query: v.query,
            idempotencyKey: idempotencyKeyOf(form),
          })
        : librarySearches.renameLibrarySearch(user, v.searchId, v.name),
    );
    if (done.ok)
      return v.intent === "save"
        ? redirect(`/cv-theque/recherches?saved=${done.value}`)
        : json<Reply>({ intent, searchId, result: submission.reply({ resetForm: true }), error: null });
    const { error } = done;
    // a refusal without a field (not authorised, not found) also says the search was not saved
    const reply = error.field
      ? replyWithError(submission, error)
      : submission.reply({ formErrors: [...new Set([error.key, "saved_search_failed"])] });
    return json<Reply>({ intent, searchId, result: reply, error: null }, { status: done.status });
  }

  const searchId = String(form.get("searchId") ?? "");
  if ((intent !== "alerts" && intent !== "delete") || !idSchema.safeParse(searchId).success)
    return failed(intent, null, "failed_operation", 400);
  const done = await attempt(() =>
    intent === "alerts"
      ? librarySearches.switchLibrarySearchAlerts(user, searchId, form.get("alerts") === "on")
      : librarySearches.deleteLibrarySearch(user, searchId),
  );
  if (!done.ok) return failed(intent, searchId, done.error.key, done.status);
  return intent === "delete"
    ? redirect("/cv-theque/recherches")
    : json<Reply>({ intent, searchId, result: null, error: null });
}
