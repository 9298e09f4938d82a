import type { ProcessorDefinition } from "../../event-store/processor";
import type { Db } from "../../event-store/types";
import type { MergedAccountPort } from "./merge";
import { MERGE_EVENT_TYPES, type MergeEventData } from "./merge-rules";

/**
 * Closes the merged-away login, and reopens it on the undo (ADR 0039): the merge command does it
 * right away, and this processor makes sure of it after a crash between the merge's transaction and
 * identity's (at least once: it retries from its checkpoint until it succeeds). It follows the merge's
 * current state, not the event alone, so replaying an old merge after its undo leaves the login open.
 * Both identity commands do nothing when the account is already as wanted.
 */
export function mergedAccountsProcessor(sql: Db, accounts: MergedAccountPort): ProcessorDefinition {
  return {
    name: "duplicates.merged-accounts",
    transactional: false,
    async handle(events) {
      for (const e of events) {
        if (!(MERGE_EVENT_TYPES as readonly string[]).includes(e.type)) continue;
        const { mergedId } = e.data as MergeEventData;
        const actor = (e.metadata.actor as string | undefined) ?? mergedId;
        const [merge] = await sql<{ open: boolean }[]>`
          select undone_at is null as open from rm_candidate_merges where merged_id = ${mergedId}`;
        if (merge?.open) await accounts.closeMergedAccount(mergedId, actor);
        else await accounts.reopenMergedAccount(mergedId, actor);
      }
    },
  };
}
