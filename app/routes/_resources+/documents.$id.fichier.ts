import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { fileResponse, notFound } from "~/utils/files.server";

/**
 * /documents/{id}/fichier: a document an agency shares, for its people and the candidates who
 * deal with it (applied, on a mission); anyone else gets 404 whatever the id.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const file = await context.services.agencyDocuments.agencyDocumentFile(user, params.id ?? "");
  if (!file) throw notFound();
  return fileResponse(file, { inline: new URL(request.url).searchParams.get("apercu") === "1" });
}
