import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { attempt } from "~/utils/action.server";
import { requireAbility } from "~/utils/auth.server";
import { mergeFormSchema, MERGE_SIDES, pairSchema, type MergeSide } from "#server/modules/duplicates/contract";

/**
 * /cv-theque/doublons/fusion?first=…&second=…: the comparison of a pair and its merge (issue 28,
 * ADR 0039). The module decides who may: a pair outside the actor's list is not found; a pair an
 * agency may not merge (other agencies deal with it) answers the reason, for the platform's admins.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  const params = new URL(request.url).searchParams;
  const pair = pairSchema.safeParse({ firstId: params.get("first"), secondId: params.get("second") });
  if (!pair.success) throw new Response("Not found", { status: 404 });
  const done = await attempt(() => context.services.duplicates.mergeComparison(user, pair.data));
  if (!done.ok && done.status === 404) throw new Response("Not found", { status: 404 });
  return json({ ...pair.data, comparison: done.ok ? done.value : null, refusal: done.ok ? null : done.error.key });
}

export type MergeReply = { error: string; field: string | null; values: Record<string, string> };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  const form = await request.formData();
  const values = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  // one radio per differing field, named `choice:<section>.<key>`
  const choices: Record<string, MergeSide> = {};
  for (const [k, v] of Object.entries(values))
    if (k.startsWith("choice:") && (MERGE_SIDES as readonly string[]).includes(v)) choices[k.slice(7)] = v as MergeSide;
  const parsed = mergeFormSchema.safeParse({ ...values, choices });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (issue.path[0] === "firstId" || issue.path[0] === "secondId") throw new Response("Not found", { status: 404 });
    return json<MergeReply>({ error: issue.message, field: String(issue.path[0] ?? ""), values }, 400);
  }
  const done = await attempt(() => context.services.duplicates.mergeCandidates(user, parsed.data));
  if (!done.ok && done.status === 404) throw new Response("Not found", { status: 404 });
  if (!done.ok)
    return json<MergeReply>({ error: done.error.key, field: done.error.field ?? null, values }, done.status);
  return redirect(`/cv-theque/doublons/fusion/${done.value.mergedId}`);
}
