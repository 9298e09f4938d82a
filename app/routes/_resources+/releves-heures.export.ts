import type { LoaderFunctionArgs } from "@remix-run/node";
import { attempt } from "~/utils/action.server";
import { requireAbility } from "~/utils/auth.server";
import { notFound } from "~/utils/files.server";
import { fixedT, i18next } from "~/utils/i18n.server";
import { isExportFormat } from "#server/modules/timesheets/contract";

/**
 * /releves-heures/export?format=csv|xlsx|pdf: the sheets /releves-heures lists under the same
 * filters (status, week, client, candidate, consultant), or only those ticked (`sheet=<id>`,
 * repeated), as a file in the reader's language. Agency staff, client users (their company's
 * sheets) and platform admins; candidates are not authorised.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.timesheets");
  const q = new URL(request.url).searchParams;
  const format = q.get("format");
  if (!isExportFormat(format)) throw notFound();
  const filters = {
    status: q.get("status"),
    week: q.get("week"),
    client: q.get("client"),
    candidate: q.get("candidate"),
    consultant: q.get("consultant"),
  };
  const [t, lng] = await Promise.all([fixedT(request, "timesheets"), i18next.getLocale(request)]);
  const done = await attempt(() =>
    context.services.timesheets.exportTimesheets(user, {
      format,
      filters,
      ids: q.getAll("sheet"),
      t: (key, options) => t(key, options ?? {}),
      lng,
    }),
  );
  if (!done.ok) throw new Response(null, { status: done.status });
  const { bytes, mime, filename } = done.value;
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": mime,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="${filename}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
