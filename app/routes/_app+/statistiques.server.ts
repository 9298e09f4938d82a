import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { isAgencyStaffRole } from "~/utils/statistics-roles";
import { requireAbility } from "~/utils/auth.server";
import { statisticsOf } from "~/utils/statistics.server";

/**
 * /statistiques (issue 29): the agency's figures for a period beside the period before, filtered
 * by branch and consultant through a GET form (a filtered page is a link, and works without
 * JavaScript). Agency staff only; every read is scoped to their agency on the server.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.statistics");
  const [stats, overview] = await Promise.all([
    statisticsOf(new URL(request.url), context, user),
    context.services.agencies.overview(user),
  ]);
  return json({
    ...stats,
    branches: overview?.branches.map((b) => ({ value: b.id, label: b.name })) ?? [],
    consultants:
      overview?.team.filter((m) => isAgencyStaffRole(m.role)).map((m) => ({ value: m.id, label: m.name })) ?? [],
  });
}
