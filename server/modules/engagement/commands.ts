import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db } from "../../event-store/types";
import type { Actor } from "../identity/contract";
import { adSearchToQuery, parseAdSearch } from "../missions/contract";
import { engagementDecider, type EngagementCommand } from "./decider";
import { engagementStream } from "./events";

export interface EngagementDeps {
  store: EventStore;
  ctx: DecideContext;
}

/** The canonical form of a saved query: only what the search understands, without the page. */
export const canonicalQuery = (query: string) =>
  adSearchToQuery(parseAdSearch(new URLSearchParams(query.replace(/^\?/, ""))));

export function engagementCommands({ store, ctx }: EngagementDeps) {
  const sql = store.sql as Db;
  const run = (command: EngagementCommand, actor: string) =>
    handleCommand(store, engagementDecider, engagementStream(command.userId), command, ctx, { actor });

  /** Favourites and "not interested" take online ads only (the ads' read model is the missions module's). */
  async function isOnline(adId: number) {
    if (!Number.isSafeInteger(adId)) return false;
    const [ad] = await sql`select 1 from rm_ads where id = ${adId} and status = 'online'`;
    return Boolean(ad);
  }

  /** The person as the rules need them: their role decides (candidates only); the actor was read with the request. */
  const me = (actor: Actor) => ({ userId: actor.id, role: actor.role });

  return {
    async favouriteAd(actor: Actor, adId: number) {
      await run({ type: "FavouriteAd", ...me(actor), adId, adOnline: await isOnline(adId) }, actor.id);
    },
    async unfavouriteAd(actor: Actor, adId: number) {
      await run({ type: "UnfavouriteAd", ...me(actor), adId }, actor.id);
    },
    async hideAd(actor: Actor, adId: number) {
      await run({ type: "HideAd", ...me(actor), adId, adOnline: await isOnline(adId) }, actor.id);
    },
    async unhideAd(actor: Actor, adId: number) {
      await run({ type: "UnhideAd", ...me(actor), adId }, actor.id);
    },
    /** Saves the search (its query string as the job search page has it); returns its id. */
    async saveSearch(actor: Actor, input: { name: string; query: string }) {
      const searchId = ctx.ids.uuid();
      await run(
        { type: "SaveSearch", ...me(actor), searchId, name: input.name, query: canonicalQuery(input.query) },
        actor.id,
      );
      return searchId;
    },
    async renameSearch(actor: Actor, searchId: string, name: string) {
      await run({ type: "RenameSearch", ...me(actor), searchId, name }, actor.id);
    },
    async switchSearchAlerts(actor: Actor, searchId: string, alerts: boolean) {
      await run({ type: "SwitchAlerts", ...me(actor), searchId, alerts }, actor.id);
    },
    async deleteSearch(actor: Actor, searchId: string) {
      await run({ type: "DeleteSearch", ...me(actor), searchId }, actor.id);
    },
  };
}
