import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { Locality, LocalityCountry } from "#server/modules/reference/localities";

export interface LocationSearch {
  localities: Locality[];
}

const COUNTRIES: readonly LocalityCountry[] = ["CH", "FR"];

/**
 * The place search behind the place field (spec: "Place search needs at least 3 characters"):
 * GET /locations/search?q=...&country=CH|FR answers { localities }, nothing under 3 characters.
 * Public, as anonymous visitors search jobs too; the same query always gets the same answer, so
 * browsers and proxies may keep it an hour.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const country = COUNTRIES.find((c) => c === params.get("country")?.toUpperCase());
  const localities = context.services.reference.searchLocalities(params.get("q") ?? "", { country });
  return json<LocationSearch>({ localities }, { headers: { "Cache-Control": "public, max-age=3600" } });
}
