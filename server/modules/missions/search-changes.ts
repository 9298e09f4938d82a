import type { Db, Tx } from "../../event-store/types";
import type { Logger } from "../../lib/logger";

/**
 * Which version of the `ads` index a process's search caches were filled from. The indexer may
 * run in another process (the worker, or whichever holds its lock), so it tells every process
 * through PostgreSQL: NOTIFY after each write Meilisearch has applied; each process that
 * searches LISTENs and bumps its generation, which drops what its caches hold.
 */
export const ADS_INDEX_CHANNEL = "ads_index_changed";

/** Called by whoever writes the index (indexer, reindex) once Meilisearch has applied the write. */
export async function announceAdsIndexChange(sql: Tx): Promise<void> {
  await sql`select pg_notify(${ADS_INDEX_CHANNEL}, '')`;
}

export interface IndexGeneration {
  /** the generation now, or null while this process cannot hear changes (then nothing is cached) */
  current(): number | null;
  /** a change was made here or heard of */
  bump(): void;
  close(): Promise<void>;
}

/** A generation moved by hand (tests, one-off scripts that write the index themselves). */
export function manualGeneration(): IndexGeneration {
  let generation = 0;
  return { current: () => generation, bump: () => void generation++, close: async () => {} };
}

const RETRY_MS = 5_000;

/**
 * The generation as announced on ADS_INDEX_CHANNEL. A (re)connection of the listener bumps it
 * too: announcements sent while it was away are lost. Until the first LISTEN succeeds (database
 * away at start) `current()` is null and retried at most every RETRY_MS.
 */
export function watchAdsIndex(sql: Db, logger?: Logger): IndexGeneration {
  let generation = 0;
  let listening = false;
  let closed = false;
  let lastTry = 0;
  let subscription: { unlisten(): Promise<void> } | null = null;
  const bump = () => void generation++;

  const listen = () => {
    lastTry = Date.now();
    sql
      .listen(ADS_INDEX_CHANNEL, bump, () => {
        bump();
        listening = true;
      })
      .then(
        async (sub) => {
          subscription = sub;
          if (closed) await sub.unlisten().catch(() => undefined);
        },
        (err: unknown) =>
          logger?.warn({ err }, "search caches: cannot listen for index changes; searching without them"),
      );
  };
  listen();

  return {
    current() {
      if (!listening && !closed && !subscription && Date.now() - lastTry > RETRY_MS) listen();
      return listening ? generation : null;
    },
    bump,
    async close() {
      closed = true;
      listening = false;
      await subscription?.unlisten().catch(() => undefined);
    },
  };
}
