import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { Locality, LocalityCountry } from "#server/modules/reference/localities";

export interface LocationSearch {
  localities: Locality[];
}

const COUNTRIES: readonly LocalityCountry[] = ["CH", "FR"];

/**
 * The place search behind the place field (spec: "Place search needs at least 3 characters"):
 * GET /locations/search?q=...&country=CH|FR&lng=de answers { localities }, nothing under 3
 * characters, cantons named in that language.
 * Public, as anonymous visitors search jobs too; the same query always gets the same answer, so
 * browsers and proxies may keep it an hour.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { reference } = context.services;
  const params = new URL(request.url).searchParams;
  const country = COUNTRIES.find((c) => c === params.get("country")?.toUpperCase());
  // the language rides in the address (not the cookie), so a cached answer is always in the asker's language
  const language = params.get("lng") ?? "fr";
  const localities = reference
    .searchLocalities(params.get("q") ?? "", { country })
    .map((l) => reference.localityIn(l, language));
  return json<LocationSearch>({ localities }, { headers: { "Cache-Control": "public, max-age=3600" } });
}
