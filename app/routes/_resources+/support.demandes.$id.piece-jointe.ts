import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { fileResponse, notFound } from "~/utils/files.server";
import { isUuid } from "#server/lib/contract";

/**
 * /support/demandes/{id}/piece-jointe: a support request's attachment, downloaded, for its
 * requester and the platform admins; anyone else gets 404 whatever the id.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!isUuid(params.id)) throw notFound();
  const file = await context.services.support.supportAttachment(user, params.id);
  if (!file) throw notFound();
  return fileResponse(file);
}
