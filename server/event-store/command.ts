import type { Decider, DecideContext } from "./decider";
import { fold } from "./decider";
import type { EventStore } from "./store";
import { ConcurrencyError, type EventMetadata, type NewEvent, type StoredEvent, type Tx } from "./types";

export interface CommandOptions {
  /** how many times a concurrent change makes us re-read and re-decide */
  retries?: number;
  /** more writes that must commit with the events (a mail in the outbox, a job) */
  inTransaction?: (tx: Tx, events: StoredEvent[]) => Promise<void>;
}

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
  { retries = 3, inTransaction }: CommandOptions = {},
): Promise<StoredEvent[]> {
  for (let attempt = 0; ; attempt++) {
    const past = await store.readStream<E>(streamId);
    const state = fold(decider, past);
    const events = decider.decide(command, state, ctx);
    const expected = past.at(-1)?.streamVersion ?? 0;
    try {
      return await store.sql.begin(async (tx) => {
        const stored = await store.appendIn(tx, streamId, expected, events, metadata);
        await inTransaction?.(tx, stored);
        return stored;
      });
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < retries) continue;
      throw error;
    }
  }
}
