import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { fileResponse, notFound } from "~/utils/files.server";

/**
 * /candidatures/{id}/documents/{documentId}: a document of the application's candidate, for the
 * agency's staff only (the look is recorded); anyone else, another agency included, gets 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.applications");
  const application = await context.services.applications.applicationDetails(user, params.id ?? "");
  if (!application) throw notFound();
  const file = await context.services.candidates.openCandidateDocumentFile(
    user,
    application.candidateId,
    params.documentId ?? "",
  );
  if (!file) throw notFound();
  return fileResponse(file, { inline: new URL(request.url).searchParams.get("apercu") === "1" });
}
