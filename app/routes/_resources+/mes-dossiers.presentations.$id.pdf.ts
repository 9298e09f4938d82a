import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { notFound } from "~/utils/files.server";
import { fixedT } from "~/utils/i18n.server";

/**
 * /mes-dossiers/presentations/{id}/pdf: the dossier's PDF in the dossier's language (not the
 * reader's: it is the client's document), with the agency's logo; the download is recorded in
 * its history. A dossier of another agency, a client user or a foreign id: not found.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.folders");
  const { presentations } = context.services;
  const id = params.id ?? "";
  const language = await presentations.presentationLanguage(user, id);
  if (!language) throw notFound();
  const t = await fixedT(language, "presentations");
  const file = await presentations.presentationPdfFile(user, id, (key, values) => t(key, values ?? {}) as string);
  if (!file) throw notFound();
  await presentations.recordPresentationPdf(user, id);
  const filename = `${file.title.replace(/[^\p{L}\p{N} _-]/gu, "").trim() || "dossier"}.pdf`;
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
