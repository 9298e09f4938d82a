import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { fileResponse, notFound } from "~/utils/files.server";

/**
 * /cv-theque/{id}/documents/{documentId}: a document (the CV first) of a candidate whose file the
 * agency may open, under the one access rule (the look is recorded); `?apercu=1` shows it inline
 * (the file's CV frame). Anyone else, another agency included, gets 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  const file = await context.services.candidates.openCandidateDocumentFile(
    user,
    params.id ?? "",
    params.documentId ?? "",
  );
  if (!file) throw notFound();
  return fileResponse(file, { inline: new URL(request.url).searchParams.get("apercu") === "1" });
}
