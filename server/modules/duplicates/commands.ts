import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import { AppError } from "../../lib/errors";
import type { Actor } from "../identity/contract";
import { dismissalDecider } from "./decider";
import { dismissalStream } from "./events";
import { PLATFORM_SCOPE, type PairInput } from "./rules";

/** Where a pair's scope is read: the list the actor sees (queries.ts). */
export interface PairScopePort {
  pairScope(actor: Actor, pair: PairInput): Promise<string | null>;
}

export function duplicateCommands({
  store,
  ctx,
  scopes,
}: {
  store: EventStore;
  ctx: DecideContext;
  scopes: PairScopePort;
}) {
  return {
    /** "Not a duplicate": the pair leaves the actor's list (their agency's, or the platform's); a pair they cannot see is not found. */
    async dismissDuplicate(actor: Actor, pair: PairInput) {
      const scope = await scopes.pairScope(actor, pair);
      if (!scope) throw new AppError("not_found", "errors.notFound");
      await handleCommand(
        store,
        dismissalDecider(scope, pair.firstId, pair.secondId),
        dismissalStream(scope, pair.firstId, pair.secondId),
        { type: "Dismiss", by: actor.id },
        ctx,
        // an agency's decision reaches its room only; the platform's, the admins' (realtime in index.ts)
        scope === PLATFORM_SCOPE ? { actor: actor.id } : { actor: actor.id, tenant: scope },
      );
    },
  };
}
