import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { rmUsers } from "../../../db/schema";
import type { Db } from "../../event-store/types";
import type { Cols } from "../../lib/rows";
import type { Role } from "../identity/contract";
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
    async favouriteAd(userId: string, adId: number) {
      await run({ type: "FavouriteAd", ...(await me(userId)), adId, adOnline: await isOnline(adId) }, userId);
    },
    async unfavouriteAd(userId: string, adId: number) {
      await run({ type: "UnfavouriteAd", ...(await me(userId)), adId }, userId);
    },
    async hideAd(userId: string, adId: number) {
      await run({ type: "HideAd", ...(await me(userId)), adId, adOnline: await isOnline(adId) }, userId);
    },
    async unhideAd(userId: string, adId: number) {
      await run({ type: "UnhideAd", ...(await me(userId)), adId }, userId);
    },
    /** Saves the search (its query string as the job search page has it); returns its id. */
    async saveSearch(userId: string, input: { name: string; query: string }) {
      const searchId = ctx.ids.uuid();
      await run({ type: "SaveSearch", ...(await me(userId)), searchId, name: input.name, query: canonicalQuery(input.query) }, userId);
      return searchId;
    },
    async renameSearch(userId: string, searchId: string, name: string) {
      await run({ type: "RenameSearch", ...(await me(userId)), searchId, name }, userId);
    },
    async switchSearchAlerts(userId: string, searchId: string, alerts: boolean) {
      await run({ type: "SwitchAlerts", ...(await me(userId)), searchId, alerts }, userId);
    },
    async deleteSearch(userId: string, searchId: string) {
      await run({ type: "DeleteSearch", ...(await me(userId)), searchId }, userId);
    },
  };
}
