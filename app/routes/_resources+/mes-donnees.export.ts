import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { attempt } from "~/utils/action.server";
import { requireUser } from "~/utils/auth.server";

/** POST /mes-donnees/export: the candidate asks for their data; back to the data page, which says what happened. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const result = await attempt(() => context.services.privacy.requestDataExport(user));
  if (!result.ok && result.error.key !== "data_export_in_progress")
    throw new Response("Not found", { status: result.status });
  return redirect(`/mes-informations?export=${result.ok ? "requested" : "busy"}#data-export`);
}

export function loader() {
  return redirect("/mes-informations#data-export");
}
