import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { can } from "~/utils/abilities";
import { getUser } from "~/utils/auth.server";
import { mayEditPlanning } from "#server/modules/planning/contract";

export type CandidateSearchAnswer = { candidates: { id: string; name: string }[] } | { error: string };

const headers = { "Cache-Control": "no-store" };

/**
 * GET /planification/candidates?q=: the agency's candidates (who applied to it or worked for
 * it) whose name or email holds the words, for the planning board's pool. Editors only; JSON.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  if (!user) return json<CandidateSearchAnswer>({ error: "unauthenticated" }, { status: 401, headers });
  if (!can(user.role, "agency.planning") || !mayEditPlanning(user))
    return json<CandidateSearchAnswer>({ error: "not_authorized" }, { status: 403, headers });
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return json<CandidateSearchAnswer>(
    { candidates: await context.services.planning.agencyCandidates(user, q) },
    { headers },
  );
}
