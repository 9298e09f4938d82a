import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { attempt } from "~/utils/action.server";
import { requireAbility } from "~/utils/auth.server";
import { fixedT, i18next } from "~/utils/i18n.server";
import { bulkSelectionSchema, selectedIds } from "#server/modules/candidate-file/contract";

/**
 * /cv-theque/export?id=…: the candidates ticked on /cv-theque (or `all` of the page) as a CSV in
 * the reader's language (ADR 0038). Agency staff only; each id goes through the access rule (a
 * candidate the agency may not see is left out; none left is a 404), and e-mail and phone only
 * where the agency may contact the candidate. Nothing ticked goes back to the library with a notice.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  const url = new URL(request.url);
  const parsed = bulkSelectionSchema.safeParse({ id: selectedIds(url.searchParams) });
  if (!parsed.success) {
    if (selectedIds(url.searchParams).length === 0) return redirect(backToLibrary(request));
    throw new Response("Bad request", { status: 400 });
  }
  const [t, lng] = await Promise.all([fixedT(request, "library"), i18next.getLocale(request)]);
  const done = await attempt(() =>
    context.services.candidateFile.exportCandidates(user, parsed.data.id, (key, o) => t(key, o ?? {}), lng),
  );
  if (!done.ok) throw new Response(null, { status: done.status });
  const { bytes, filename } = done.value;
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="${filename}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

/** The library page the form was sent from (its search kept), told that nothing was ticked. */
function backToLibrary(request: Request) {
  const from = new URL(request.headers.get("Referer") ?? "/cv-theque", request.url);
  const page = new URL(request.url).origin === from.origin && from.pathname === "/cv-theque" ? from : null;
  const back = new URLSearchParams(page?.search ?? "");
  back.set("bulk", "empty");
  return `/cv-theque?${back}`;
}
