import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { rmHiddenAds, rmSavedSearches } from "../../../db/schema";
import type { Db } from "../../event-store/types";
import type { Cols, Int8AsString } from "../../lib/rows";
import { localDay } from "../../lib/clock";
import { OWN_SITE, parseAdSearch } from "../missions/contract";
import type { AdSearchService } from "../missions";
import type { CandidateAdFits } from "../matching/contract";
import type { NoticeSource } from "../module";
import { engagementDecider } from "./decider";
import { ALERT_DIGEST_SIZE, engagementStream, type AlertDigest, type SearchAlertSent } from "./events";

export interface AlertDeps {
  store: EventStore;
  ctx: DecideContext;
}

type DueSearch = Cols<typeof rmSavedSearches, "id" | "userId" | "name" | "query" | "checkedUntil">;

export interface AlertRun {
  /** digests sent (one mail and one notification each) */
  sent: number;
  /** the search engine could not be reached: the run stopped, the next one tries again */
  unavailable: boolean;
}

const BATCH = 200;

/**
 * Job alerts: every saved search with alerts on and no digest yet today (Europe/Zurich) runs
 * again over the ads published since its last check; when some are new, the person gets ONE
 * digest for the day, as a mail in their language and an in-app notification. The decider
 * refuses a second SearchAlertSent for the same search and day, and the notifier raises the mail
 * and the notification from that event exactly once: a retried or concurrent run never sends twice.
 */
export function searchAlerts({ store, ctx }: AlertDeps) {
  const sql = store.sql as Db;

  async function alertOne(
    s: DueSearch,
    search: AdSearchService,
    adFits: CandidateAdFits,
    day: string,
  ): Promise<"sent" | "none" | "unavailable"> {
    const hidden = (
      await sql<
        Int8AsString<Cols<typeof rmHiddenAds, "adId">, "adId">[]
      >`select ad_id as "adId" from rm_hidden_ads where user_id = ${s.userId}`
    ).map((r) => Number(r.adId));
    const wanted = parseAdSearch(new URLSearchParams(s.query));
    // a lowest fit: the new ads that fit the person's profile as it is now
    const fit = wanted.minFit
      ? await adFits({ id: s.userId, role: "CANDIDATE", agencyId: null, clientId: null }, day)
      : null;
    const result = await search.search(
      { ...wanted, sort: "date", page: 1 },
      {
        publishedAfter: s.checkedUntil,
        excludeIds: hidden,
        hitsPerPage: ALERT_DIGEST_SIZE,
        facets: false,
        ...(fit ? { fit } : {}),
      },
    );
    if (result.unavailable) return "unavailable";
    if (!result.hits.length) return "none";
    // seen up to the newest ad found (not "now"): an ad the indexer has not reached yet stays new
    // (publishedAt is in seconds with the milliseconds: rounded back to the very millisecond)
    const checkedUntil = new Date(Math.round(Math.max(...result.hits.map((h) => h.publishedAt)) * 1000)).toISOString();
    const digest: AlertDigest = {
      searchName: s.name,
      query: s.query,
      total: result.total,
      ads: result.hits.map((h) => ({ id: h.id, title: h.title, placeName: h.placeName, agencyName: h.agencyName })),
    };
    // the notifier processor writes the mail and the notification from the event (engagementNotices)
    const events = await handleCommand(
      store,
      engagementDecider,
      engagementStream(s.userId),
      {
        type: "SendSearchAlert",
        userId: s.userId,
        searchId: s.id,
        day,
        adIds: result.hits.map((h) => h.id),
        checkedUntil,
        digest,
      },
      ctx,
      { actor: "system" },
    );
    return events.some((e) => e.type === "SearchAlertSent") ? "sent" : "none";
  }

  return {
    /** One pass over every due search (the job runs it every 15 minutes). */
    async sendSearchAlerts(search: AdSearchService, adFits: CandidateAdFits): Promise<AlertRun> {
      const day = localDay(ctx.clock.now());
      let sent = 0;
      let after = "00000000-0000-0000-0000-000000000000";
      for (;;) {
        const due = await sql<DueSearch[]>`
          select s.id, s.user_id as "userId", s.name, s.query, s.checked_until as "checkedUntil"
          from rm_saved_searches s join rm_users u on u.id = s.user_id
          where s.alerts and (s.last_alert_day is null or s.last_alert_day < ${day}::date)
            and u.enabled and u.role = 'CANDIDATE' and s.id > ${after}
          order by s.id limit ${BATCH}`;
        for (const s of due) {
          const outcome = await alertOne(s, search, adFits, day);
          if (outcome === "unavailable") return { sent, unavailable: true };
          if (outcome === "sent") sent++;
        }
        if (due.length < BATCH) return { sent, unavailable: false };
        after = due.at(-1)!.id;
      }
    },
  };
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * What a digest tells its person (the notifications module's notifier raises it): a mail in
 * their language listing the new ads, and an in-app notification linking to the results.
 */
export const engagementNotices: NoticeSource<SearchAlertSent> = {
  eventTypes: ["SearchAlertSent"],
  notices(event, { publicUrl }) {
    const { userId, digest } = event.data;
    if (!digest) return [];
    const link = `/rechercher-un-emploi${digest.query ? `?${digest.query}` : ""}`;
    const ads = digest.ads
      .map(
        (a) =>
          `${oneLine(a.title)} – ${oneLine(a.placeName)}, ${oneLine(a.agencyName)}: ${publicUrl}/annonce/${a.id}/${OWN_SITE}`,
      )
      .join("\n");
    return [
      {
        userId,
        kind: "search_alert",
        params: { search: digest.searchName, count: digest.total },
        link,
        mail: {
          template: "searchAlert",
          params: {
            search: digest.searchName,
            count: String(digest.total),
            ads,
            link: publicUrl + link,
            manage: `${publicUrl}/ma-recherche`,
          },
        },
      },
    ];
  },
};
