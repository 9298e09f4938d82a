import type { AppLoadContext } from "@remix-run/node";
import { attempt } from "./action.server";
import type { SessionUser } from "#server/modules/identity/contract";

/** What a candidate does to an online ad from the search results or its page. */
export const CANDIDATE_AD_ACTIONS = ["hide", "unhide", "favourite", "unfavourite"] as const;
export type CandidateAdAction = (typeof CANDIDATE_AD_ACTIONS)[number];
export const isCandidateAdAction = (v: unknown): v is CandidateAdAction =>
  (CANDIDATE_AD_ACTIONS as readonly unknown[]).includes(v);

/** Applies it; a refusal (unknown or offline ad) comes back as its translation key and status. */
export async function applyCandidateAdAction(
  context: AppLoadContext,
  user: SessionUser,
  intent: CandidateAdAction,
  adId: number,
): Promise<{ error: string | null; status: number }> {
  const { engagement } = context.services;
  const done = await attempt(async () => {
    if (intent === "hide") await engagement.hideAd(user, adId);
    else if (intent === "unhide") await engagement.unhideAd(user, adId);
    else if (intent === "favourite") await engagement.favouriteAd(user, adId);
    else await engagement.unfavouriteAd(user, adId);
  });
  return done.ok ? { error: null, status: 200 } : { error: done.error.key, status: done.status };
}
