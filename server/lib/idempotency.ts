import type { Db } from "../event-store/types";
import { AppError } from "./errors";
import { jsonb } from "./rows";

/** How long a retry waits for the first request's result before it is told to try again. */
const WAIT_MS = 10_000;
const POLL_MS = 100;

/**
 * Runs a write once per idempotency key (DESIGN section 8): the form carries a key, and a retry
 * of the same request (its answer was lost, the person pressed again) gets the first one's
 * result instead of writing a second time. The key is claimed before the write and released if
 * the write fails, so a refused form can be sent again with the same key. Without a key the
 * write simply runs.
 */
export function idempotent(sql: Db) {
  return async function once<T>(key: string | null | undefined, actor: string, run: () => Promise<T>): Promise<T> {
    if (!key) return run();
    const until = Date.now() + WAIT_MS;
    for (;;) {
      const [claimed] =
        await sql`insert into idempotency_keys (key, actor) values (${key}, ${actor}) on conflict do nothing returning key`;
      if (claimed) break;
      const [row] = await sql<
        { actor: string; result: unknown; done: boolean }[]
      >`select actor, result, done from idempotency_keys where key = ${key}`;
      // someone else's key is not a retry of theirs to replay
      if (row && row.actor !== actor) throw new AppError("conflict", "failed_operation");
      if (row?.done) return row.result as T;
      // the first request is still writing (or was just released: claim again)
      if (Date.now() > until) throw new AppError("conflict", "request_in_progress");
      if (row) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    try {
      const result = await run();
      await sql`update idempotency_keys set result = ${jsonb(sql, result ?? null)}, done = true where key = ${key}`;
      return result;
    } catch (error) {
      await sql`delete from idempotency_keys where key = ${key} and not done`;
      throw error;
    }
  };
}

/** Keys older than a day protect nothing any more (a retry comes within seconds). */
export async function purgeIdempotencyKeys(sql: Db): Promise<number> {
  return (await sql`delete from idempotency_keys where created_at < now() - interval '1 day' returning key`).length;
}
