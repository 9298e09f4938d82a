import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";

/**
 * /candidatures/{id}/cv: the CV sent with an application, for the agency's staff and the
 * candidate only; anyone else gets 404 whatever the id. Always a download, never shown inline.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const cv = await context.services.applications.readApplicationCv(user, params.id ?? "");
  if (!cv) throw new Response("Not found", { status: 404 });
  const ascii = cv.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(cv.bytes), {
    headers: {
      "Content-Type": cv.mime,
      "Content-Length": String(cv.bytes.byteLength),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(cv.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
