import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { fileResponse, notFound } from "~/utils/files.server";

/**
 * /mes-documents/{id}/fichier: one of the candidate's own files, shown (`?apercu=1`, PDFs and
 * images only) or downloaded. Anyone else, another candidate included, gets 404 whatever the id.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const file = await context.services.candidates.myDocumentFile(user, params.id ?? "");
  if (!file) throw notFound();
  return fileResponse(file, { inline: new URL(request.url).searchParams.get("apercu") === "1" });
}
