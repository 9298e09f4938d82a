import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import type { DescribedSearch } from "~/components/engagement/search-criteria";
import { requireAbility } from "~/utils/auth.server";
import { attempt, idempotencyKeyOf, replyWithError } from "~/utils/action.server";
import { i18next } from "~/utils/i18n.server";
import { renameSearchSchema, saveSearchSchema } from "#server/modules/engagement/contract";
import { parseAdSearch } from "#server/modules/missions/contract";

const schemas = { save: saveSearchSchema, rename: renameSearchSchema } as const;
const idSchema = z.string().uuid();

/**
 * /ma-recherche: the candidate's saved searches, with their criteria in words, how many ads
 * appeared since the last alert, run, alerts on/off, rename and delete (confirmed on the page
 * itself, so it works without JavaScript).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const { engagement, adSearch, reference } = context.services;
  const url = new URL(request.url);
  const [searches, locale] = await Promise.all([engagement.savedSearches(user), i18next.getLocale(request)]);
  const counts = await engagement.newMatchCounts(user, adSearch, searches);
  const regionName = (code: string) => {
    const r = reference.regions.find((x) => x.code === code);
    return r ? (r.names?.[locale as keyof NonNullable<typeof r.names>] ?? r.name) : code;
  };
  return json({
    searches: searches.map((s) => {
      const search = parseAdSearch(new URLSearchParams(s.query));
      const described: DescribedSearch = {
        search,
        placeName: search.placeId ? (reference.localityById(search.placeId)?.name ?? null) : null,
        regionNames: search.region.map(regionName),
      };
      return { id: s.id, name: s.name, query: s.query, alerts: s.alerts, newCount: counts[s.id] ?? null, described };
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
  const user = await requireAbility(request, context, "candidate.space");
  const { engagement } = context.services;
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
        ? engagement.saveSearch(user, { name: v.name, query: v.query, idempotencyKey: idempotencyKeyOf(form) })
        : engagement.renameSearch(user, v.searchId, v.name),
    );
    if (done.ok)
      return v.intent === "save"
        ? redirect(`/ma-recherche?saved=${done.value}`)
        : json<Reply>({ intent, searchId, result: submission.reply({ resetForm: true }), error: null });
    const { error } = done;
    // a refusal without a field (failed_operation) also says the search was not saved
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
      ? engagement.switchSearchAlerts(user, searchId, form.get("alerts") === "on")
      : engagement.deleteSearch(user, searchId),
  );
  if (!done.ok) return failed(intent, searchId, done.error.key, done.status);
  // after a delete, the confirmation in the URL has nothing left to confirm
  return intent === "delete" ? redirect("/ma-recherche") : json<Reply>({ intent, searchId, result: null, error: null });
}
