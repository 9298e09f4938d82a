import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";

/** The agency's online ads with their places: the propose form's choice, loaded once the page runs JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.applications");
  return json({ ads: await context.services.placements.proposableAds(user) });
}
