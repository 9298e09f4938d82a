import { rooms } from "../../realtime/routing";
import { defineModule } from "../module";
import { duplicateCommands } from "./commands";
import { duplicateKeysProjection } from "./detection";
import { dismissalsProjection, mergesProjection } from "./projections";
import { mergeNotices } from "./notices";
import { mergeCommands, type MergedAccountPort } from "./merge";
import { mergedAccountsProcessor } from "./merged-accounts";
import { duplicateQueries } from "./queries";
import { PLATFORM_SCOPE } from "./rules";

/** What the duplicates module calls of identity: closing and reopening a merged-away login. */
export interface DuplicatesPorts {
  identity: MergedAccountPort;
}

/**
 * Likely duplicate candidates (issue 28, ADR 0039): each candidate's keys (e-mail, phone, AVS,
 * name and birth date, CV bands) and the pairs sharing one, kept inline from the identity and
 * candidates events; the agencies' and platform's "not a duplicate". Created after candidates,
 * whose read models its projection reads in the same transaction.
 */
export const duplicatesModule = defineModule({
  name: "duplicates",
  projections: [mergesProjection, duplicateKeysProjection, dismissalsProjection],
  realtime: (e) =>
    e.type === "DuplicateDismissed" && (e.data as { scope?: string }).scope === PLATFORM_SCOPE ? [rooms.admin] : [],
  notices: mergeNotices,
  needs: ["identity"],
  create({ sql, store, ctx }, { identity }: DuplicatesPorts) {
    const queries = duplicateQueries(sql);
    return {
      queries,
      commands: {
        ...duplicateCommands({ store, ctx, scopes: queries }),
        ...mergeCommands({ sql, store, ctx, scopes: queries, accounts: identity }),
      },
    };
  },
  processors: ({ store }, _api, { identity }) => [mergedAccountsProcessor(store.sql, identity)],
});

/** Erasure hook (issue 30): called by the erasure module. */
export { eraseDuplicates } from "./erase";
