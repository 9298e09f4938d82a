import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { notFound } from "~/utils/files.server";
import { fixedT, i18next } from "~/utils/i18n.server";

const COLUMNS = ["lastName", "firstName", "place", "email", "phone", "addedBy", "addedAt"] as const;

/**
 * /mes-dossiers/{id}/csv: a favourite folder's candidates as CSV (UTF-8 with a BOM), in the reader's
 * language. The contact details only where the access rule gives them to the agency; a folder the
 * person may not see (private to a colleague, another agency's, a foreign id) is not found.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.folders");
  const [t, lng] = await Promise.all([fixedT(request, "folders"), i18next.getLocale(request)]);
  const file = await context.services.folders.exportFolder(user, params.id ?? "", {
    headers: COLUMNS.map((c) => t(`csv.${c}`)),
    lng,
  });
  if (!file) throw notFound();
  const bytes = new TextEncoder().encode(file.csv);
  const filename = `${file.name.replace(/[^\p{L}\p{N} _-]/gu, "").trim() || "folder"}.csv`;
  return new Response(bytes, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
