import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { attempt } from "~/utils/action.server";
import { pairSchema } from "#server/modules/duplicates/contract";

/**
 * /cv-theque/doublons: likely duplicate candidates (issue 28, ADR 0039). An agency's staff see
 * the pairs whose two candidates are both in their library; a platform admin, every pair. The
 * module scopes the list itself; a pair outside it is not found, from the action as from the list.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  const page = Number(new URL(request.url).searchParams.get("page")) || 1;
  const result = await context.services.duplicates.duplicatePairs(user, page);
  return json({ ...result, platform: user.role === "PLATFORM_ADMIN" });
}

export type DuplicatesReply = { dismissed: string } | { error: string; pair: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  const form = await request.formData();
  if (form.get("intent") !== "dismiss") throw new Response("Bad request", { status: 400 });
  const parsed = pairSchema.safeParse({ firstId: form.get("firstId"), secondId: form.get("secondId") });
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  const pair = `${parsed.data.firstId}:${parsed.data.secondId}`;
  const done = await attempt(() => context.services.duplicates.dismissDuplicate(user, parsed.data));
  if (!done.ok && done.status === 404) throw new Response("Not found", { status: 404 });
  return done.ok
    ? json<DuplicatesReply>({ dismissed: pair })
    : json<DuplicatesReply>({ error: done.error.key, pair }, done.status);
}
