import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { safeRedirect } from "~/utils/safe-redirect.server";

/**
 * /mes-dossiers/ajouter?candidat={id}&retour={path}: the "add to folder" control of the library's
 * cards, the candidate file, the pipeline and the proposals, as a page (no JavaScript needed).
 * Only a candidate the agency may see (the access rule): anyone else is not found. Each choice
 * posts to the folder (/mes-dossiers/{id}, intent "add"), which sends the person back.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.folders");
  const url = new URL(request.url);
  const candidateId = url.searchParams.get("candidat") ?? "";
  const profile = await context.services.candidates.openCandidateProfile(user, candidateId);
  if (!profile) throw new Response("Not found", { status: 404 });
  const { folders } = context.services;
  const [pickable, current] = await Promise.all([
    folders.pickableFolders(user),
    folders.foldersOfCandidate(user, candidateId),
  ]);
  const inIds = new Set(current.map((f) => f.id));
  return json({
    candidate: {
      id: candidateId,
      name: [profile.identity?.firstName, profile.identity?.lastName].filter(Boolean).join(" "),
    },
    back: safeRedirect(url.searchParams.get("retour"), `/cv-theque/${candidateId}`),
    pickable: pickable.filter((f) => !inIds.has(f.id)),
    current,
  });
}
