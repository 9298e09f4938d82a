import type { Decider, DecideContext } from "./decider";
import { fold } from "./decider";
import type { EventStore } from "./store";
import { ConcurrencyError, type EventMetadata, type NewEvent, type StoredEvent } from "./types";

/**
 * Load a stream, decide, append with the version we decided on. A concurrent change makes us
 * re-read and re-decide, a bounded number of times; after that the ConcurrencyError reaches the
 * caller, which shows "changed by someone else" with the user's input kept.
 */
export async function handleCommand<C, S, E extends NewEvent>(
  store: EventStore,
  decider: Decider<C, S, E>,
  streamId: string,
  command: C,
  ctx: DecideContext,
  metadata: EventMetadata = {},
  retries = 3,
): Promise<StoredEvent[]> {
  for (let attempt = 0; ; attempt++) {
    const past = await store.readStream(streamId);
    const state = fold(decider, past);
    const events = decider.decide(command, state, ctx);
    try {
      return await store.append(streamId, past.at(-1)?.streamVersion ?? 0, events, metadata);
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < retries) continue;
      throw error;
    }
  }
}
