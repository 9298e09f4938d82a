import type { AppLoadContext } from "@remix-run/node";
import { attempt } from "./action.server";
import type { SessionUser } from "#server/modules/identity/contract";

/** What a candidate does to an online ad from the search results or its page. */
export const AD_INTENTS = ["hide", "unhide", "favourite", "unfavourite"] as const;
export type AdIntent = (typeof AD_INTENTS)[number];
export const isAdIntent = (v: unknown): v is AdIntent => (AD_INTENTS as readonly unknown[]).includes(v);

/** Applies it; a refusal (unknown or offline ad) comes back as its translation key and status. */
export async function applyAdIntent(context: AppLoadContext, user: SessionUser, intent: AdIntent, adId: number): Promise<{ error: string | null; status: number }> {
  const { engagement } = context.services;
  const done = await attempt(async () => {
    if (intent === "hide") await engagement.hideAd(user, adId);
    else if (intent === "unhide") await engagement.unhideAd(user, adId);
    else if (intent === "favourite") await engagement.favouriteAd(user, adId);
    else await engagement.unfavouriteAd(user, adId);
  });
  return done.ok ? { error: null, status: 200 } : { error: done.error.key, status: done.status };
}
