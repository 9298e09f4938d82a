import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";

/**
 * /mes-donnees/archive/{id}: a person's data export (ZIP), for its owner only and until it
 * expires; anyone else, or later, gets 404 whatever the id.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const file = await context.services.privacy.dataExportFile(user, params.id ?? "");
  if (!file) throw new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
