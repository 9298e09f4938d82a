import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { can } from "~/utils/abilities";
import { getUser } from "~/utils/auth.server";
import { mayEditPlanning } from "#server/modules/planning/contract";

type PreviewLine = { candidateId: string; candidateName: string; count: number };
export type PublicationPreview = { mine: PreviewLine[]; all: PreviewLine[] };
export type PublicationAnswer = { preview: PublicationPreview } | { error: string };

const headers = { "Cache-Control": "no-store" };

/**
 * GET /planification/publication: who "publish my changes" and "publish all" would tell now.
 * An open board asks again after others changed shifts (their changes arrive pushed, ADR 0014).
 * JSON, never a redirect.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  if (!user) return json<PublicationAnswer>({ error: "unauthenticated" }, { status: 401, headers });
  if (!can(user.role, "agency.planning") || !mayEditPlanning(user))
    return json<PublicationAnswer>({ error: "not_authorized" }, { status: 403, headers });
  const { planning } = context.services;
  const [mine, all] = await Promise.all([planning.publishPreview(user, "mine"), planning.publishPreview(user, "all")]);
  return json<PublicationAnswer>({ preview: { mine: [...mine], all: [...all] } }, { headers });
}
