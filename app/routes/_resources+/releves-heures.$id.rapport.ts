import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { fileResponse, notFound } from "~/utils/files.server";

/**
 * /releves-heures/{id}/rapport: the client's signed report of a sheet, for the sheet's readers
 * (its candidate, its agency, its client company's users, platform admins); anyone else gets 404
 * whatever the id. `?apercu=1` opens it in the browser (sandboxed) instead of downloading it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const file = await context.services.timesheets.timesheetReportFile(user, params.id ?? "");
  if (!file) throw notFound();
  return fileResponse(file, { inline: new URL(request.url).searchParams.get("apercu") === "1" });
}
