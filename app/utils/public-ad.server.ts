import { json, type AppLoadContext } from "@remix-run/node";
import { getUser } from "~/utils/auth.server";
import { shellFor } from "~/utils/open-page.server";
import { jobBoard, SOURCE_CODE, type PublicAd } from "#server/modules/missions/contract";
import { adFitFieldsOf } from "#server/modules/matching/contract";

/** "Announcement not found" (spec section 8), status 404: unknown, offline, or a source that is no board. */
export const adNotFound = () => json({ reason: "ad_not_found" }, { status: 404 });

/** The source code of a public URL: `S` and two digits naming a known board. */
export const sourceOf = (value: string | undefined) =>
  value && SOURCE_CODE.test(value) && jobBoard(value) ? value : null;

/**
 * What the public ad pages (/annonce/{id}/{source}, /job/{slug}/{source}/apply) need: the ad as
 * the page shows it, its addresses for this source, its JSON-LD, and the person looking.
 */
export async function publicAdPage(request: Request, context: AppLoadContext, ad: PublicAd, source: string) {
  const user = await getUser(request, context);
  const candidate = user?.role === "CANDIDATE";
  // search engines index one address per ad: our own site's (urls.canonical)
  const { urls, jsonLd } = context.services.missions.publicAdLinks(ad, source, context.services.publicUrl());
  const [favourites, logos, fitOf] = await Promise.all([
    candidate ? context.services.engagement.favouriteIds(user) : ([] as number[]),
    context.services.agencies.logoIds([ad.agencyId]),
    candidate ? context.services.adFits(user, new Date().toISOString().slice(0, 10)) : null,
  ]);
  const favourite = favourites.includes(ad.id);
  return {
    shell: user ? await shellFor(user, context) : null,
    candidate,
    favourite,
    // how the ad fits the candidate reading it, with why
    fit: fitOf ? fitOf(adFitFieldsOf(ad.fields)) : null,
    source,
    ad: {
      id: ad.id,
      slug: ad.slug,
      agencyName: ad.agencyName,
      logoId: logos[ad.agencyId] ?? null,
      branchName: ad.branchName,
      contactName: ad.contactName,
      fields: ad.fields,
      descriptionText: ad.descriptionText,
      publishedAt: ad.publishedAt.toISOString(),
      image: ad.fields.imageId ? `/ad-images/${ad.fields.imageId}` : null,
    },
    urls,
    jsonLd,
  };
}
