import { z } from "zod";
import type { JobDeps } from "../../jobs/deps";
import { defineJob } from "../../jobs/registry";
import type { Actor } from "../identity/contract";
import { defineModule, type Idempotent } from "../module";
import type { PlacesPort } from "./ad-form";
import { adFormChecks, adPlace } from "./ad-form";
import { missionCommands } from "./commands";
import { localDay } from "./decider";
import { FEED_TYPES, renderFeed, type FeedOptions } from "./feeds";
import { coverImages } from "./images";
import { adsIndexer, adsIndexSource } from "./indexer";
import { adUrls, jobPosting } from "./job-posting";
import { adsProjection, ordersProjection } from "./projections";
import { missionQueries, type PublicAd } from "./queries";
import { jobBoard, OWN_SITE } from "./rules";

export { adSearch, type AdSearchService } from "./search";

/** A new ad stays online this many days unless its end date says otherwise. */
const NEW_AD_DAYS = 60;

/** What missions call of the others: the ad form's places. */
export interface MissionsPorts {
  reference: PlacesPort;
}

/** Ads, orders, qualification questions, job boards and their feeds (spec sections 3, 4, 7). */
export const missionsModule = defineModule({
  name: "missions",
  needs: ["reference"],
  projections: [adsProjection, ordersProjection],
  create({ sql, store, ctx, storage, once }, { reference }: MissionsPorts) {
    const images = coverImages({ store, storage, ids: ctx.ids });
    const commands = missionCommands({ store, ctx });
    return {
      commands: {
        ...commands,
        // a retried form (its answer lost) gets the ad or order the first request created
        createAd: (actor: Actor, input: Parameters<typeof commands.createAd>[1] & Idempotent) =>
          once(input.idempotencyKey, actor.id, () => commands.createAd(actor, input)),
        placeOrder: (actor: Actor, input: Parameters<typeof commands.placeOrder>[1] & Idempotent) =>
          once(input.idempotencyKey, actor.id, () => commands.placeOrder(actor, input)),
        uploadCoverImage: images.upload,
        completeAdForm: adFormChecks(ctx.clock),
      },
      queries: {
        ...missionQueries(sql),
        adPlace: adPlace(reference),
        coverImageUploader: images.uploaderAgency,
        reachCoverImage: images.reach,
        readCoverImage: images.read,
        /** A new ad's default end date: NEW_AD_DAYS from today. */
        newAdEndDate() {
          const end = new Date(`${localDay(ctx.clock.now())}T12:00:00Z`);
          end.setUTCDate(end.getUTCDate() + NEW_AD_DAYS);
          return end.toISOString().slice(0, 10);
        },
        /** The addresses of an ad for a source, its canonical address (our own site's) and its JSON-LD. */
        publicAdLinks(ad: PublicAd, source: string, publicUrl: string) {
          const urls = adUrls(publicUrl, ad, source);
          const canonical = adUrls(publicUrl, ad, OWN_SITE).page;
          return { urls: { ...urls, canonical }, jsonLd: jobPosting(ad, { page: canonical, apply: urls.apply }) };
        },
        /** A board's feed (`s` its source code), or null for an unknown board or type. */
        async feed(code: string, type: string, opts: Omit<FeedOptions, "board" | "now">) {
          const board = jobBoard(code);
          const feedType = FEED_TYPES.find((t) => t === type);
          if (!board || !feedType) return null;
          return renderFeed(feedType, await missionQueries(sql).adsForBoard(board.code), {
            ...opts,
            board,
            now: ctx.clock.now(),
          });
        },
      },
    };
  },
  jobs: (api, { logger }: JobDeps) => [
    defineJob({
      name: "missions.expire",
      schema: z.object({}).strict(),
      // ads and orders go offline the day after their end date (spec section 4)
      cron: "*/10 * * * *",
      async handler(): Promise<void> {
        const expired = await api.expireDueAds();
        if (expired.ads || expired.orders) logger.info(expired, "ads and orders expired");
      },
    }),
  ],
  // after create: their `api` is inferred from it
  processors: ({ search }, api) => [adsIndexer(search, api)],
  indexSources: (sql, api) => [adsIndexSource(sql, api)],
});
