import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db } from "../../event-store/types";
import { localDay } from "../../lib/clock";
import { OWN_SITE, parseAdSearch, type AdHit } from "../missions/contract";
import type { AdSearchService } from "../missions";
import { raiseNotificationIn } from "../notifications/in-app";
import { queueMail, type EnqueueIn } from "../notifications/outbox";
import { engagementDecider } from "./decider";
import { ALERT_DIGEST_SIZE, engagementStream } from "./events";

export interface AlertDeps {
  store: EventStore;
  ctx: DecideContext;
  enqueue?: EnqueueIn;
  publicUrl: string;
}

interface DueSearch {
  id: string;
  user_id: string;
  name: string;
  query: string;
  checked_until: Date;
  email: string;
  locale: string;
  first_name: string;
}

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
 * refuses a second SearchAlertSent for the same search and day, and the mail and notification
 * are written in that event's transaction: a retried or concurrent run never sends twice.
 */
export function searchAlerts({ store, ctx, enqueue, publicUrl }: AlertDeps) {
  const sql = store.sql as Db;
  const site = publicUrl.replace(/\/+$/, "");
  const adLine = (h: AdHit) => `${oneLine(h.title)} – ${oneLine(h.placeName)}, ${oneLine(h.agencyName)}: ${site}/annonce/${h.id}/${OWN_SITE}`;

  async function alertOne(s: DueSearch, search: AdSearchService, day: string): Promise<"sent" | "none" | "unavailable"> {
    const hidden = (await sql<{ ad_id: string }[]>`select ad_id from rm_hidden_ads where user_id = ${s.user_id}`).map((r) => Number(r.ad_id));
    const wanted = parseAdSearch(new URLSearchParams(s.query));
    const result = await search.search({ ...wanted, sort: "date", page: 1 }, { publishedAfter: s.checked_until, excludeIds: hidden, hitsPerPage: ALERT_DIGEST_SIZE, facets: false });
    if (result.unavailable) return "unavailable";
    if (!result.hits.length) return "none";
    // seen up to the newest ad found (not "now"): an ad the indexer has not reached yet stays new
    const checkedUntil = new Date(Math.max(...result.hits.map((h) => h.publishedAt)) * 1000).toISOString();
    const link = `/rechercher-un-emploi${s.query ? `?${s.query}` : ""}`;
    let sent = false;
    await handleCommand(
      store,
      engagementDecider,
      engagementStream(s.user_id),
      { type: "SendSearchAlert", userId: s.user_id, searchId: s.id, day, adIds: result.hits.map((h) => h.id), checkedUntil },
      ctx,
      { actor: "system" },
      {
        async inTransaction(tx, events) {
          if (!events.some((e) => e.type === "SearchAlertSent")) return;
          sent = true;
          const params = { name: s.first_name, search: s.name, count: String(result.total), ads: result.hits.map(adLine).join("\n"), link: site + link, manage: `${site}/ma-recherche` };
          await queueMail(tx, { to: s.email, locale: s.locale, template: "searchAlert", params }, enqueue);
          await raiseNotificationIn(store, tx, { userId: s.user_id, kind: "search_alert", params: { search: s.name, count: result.total }, link }, ctx, { actor: "system" });
        },
      },
    );
    return sent ? "sent" : "none";
  }

  return {
    /** One pass over every due search (the job runs it every 15 minutes). */
    async sendSearchAlerts(search: AdSearchService): Promise<AlertRun> {
      const day = localDay(ctx.clock.now());
      let sent = 0;
      let after = "00000000-0000-0000-0000-000000000000";
      for (;;) {
        const due = await sql<DueSearch[]>`
          select s.id, s.user_id, s.name, s.query, s.checked_until, u.email, u.locale, u.first_name
          from rm_saved_searches s join rm_users u on u.id = s.user_id
          where s.alerts and (s.last_alert_day is null or s.last_alert_day < ${day}::date)
            and u.enabled and u.role = 'CANDIDATE' and s.id > ${after}
          order by s.id limit ${BATCH}`;
        for (const s of due) {
          const outcome = await alertOne(s, search, day);
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
