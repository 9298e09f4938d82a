import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { rmUsers } from "../../../db/schema";
import type { Db } from "../../event-store/types";
import type { Cols } from "../../lib/rows";
import type { Actor, Role } from "../identity/contract";
import { adSearchToQuery, parseAdSearch } from "../missions/contract";
import { engagementDecider, type EngagementCommand } from "./decider";
import { engagementStream } from "./events";

export interface EngagementDeps {
  store: EventStore;
  ctx: DecideContext;
}

/** The canonical form of a saved query: only what the search understands, without the page. */
export const canonicalQuery = (query: string) => adSearchToQuery(parseAdSearch(new URLSearchParams(query.replace(/^\?/, ""))));

export function engagementCommands({ store, ctx }: EngagementDeps) {
  const sql = store.sql as Db;
  const run = (command: EngagementCommand, actor: string) => handleCommand(store, engagementDecider, engagementStream(command.userId), command, ctx, { actor });

  /** Favourites and "not interested" take online ads only (the ads' read model is the missions module's). */
  async function isOnline(adId: number) {
    if (!Number.isSafeInteger(adId)) return false;
    const [ad] = await sql`select 1 from rm_ads where id = ${adId} and status = 'online'`;
    return Boolean(ad);
  }

  /** The person as the rules need them: their role decides (candidates only), read fresh. */
  async function me(userId: string): Promise<{ userId: string; role: Role | null }> {
    const [user] = await sql<Cols<typeof rmUsers, "role", { role: Role }>[]>`select role from rm_users where id = ${userId} and enabled`;
    return { userId, role: user?.role ?? null };
  }

  return {
    async favouriteAd(actor: Actor, adId: number) {
      await run({ type: "FavouriteAd", ...(await me(actor.id)), adId, adOnline: await isOnline(adId) }, actor.id);
    },
    async unfavouriteAd(actor: Actor, adId: number) {
      await run({ type: "UnfavouriteAd", ...(await me(actor.id)), adId }, actor.id);
    },
    async hideAd(actor: Actor, adId: number) {
      await run({ type: "HideAd", ...(await me(actor.id)), adId, adOnline: await isOnline(adId) }, actor.id);
    },
    async unhideAd(actor: Actor, adId: number) {
      await run({ type: "UnhideAd", ...(await me(actor.id)), adId }, actor.id);
    },
    /** Saves the search (its query string as the job search page has it); returns its id. */
    async saveSearch(actor: Actor, input: { name: string; query: string }) {
      const searchId = ctx.ids.uuid();
      await run({ type: "SaveSearch", ...(await me(actor.id)), searchId, name: input.name, query: canonicalQuery(input.query) }, actor.id);
      return searchId;
    },
    async renameSearch(actor: Actor, searchId: string, name: string) {
      await run({ type: "RenameSearch", ...(await me(actor.id)), searchId, name }, actor.id);
    },
    async switchSearchAlerts(actor: Actor, searchId: string, alerts: boolean) {
      await run({ type: "SwitchAlerts", ...(await me(actor.id)), searchId, alerts }, actor.id);
    },
    async deleteSearch(actor: Actor, searchId: string) {
      await run({ type: "DeleteSearch", ...(await me(actor.id)), searchId }, actor.id);
    },
  };
}
