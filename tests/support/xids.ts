import type { Db } from "../../server/event-store/types";

/** The next transaction id the cluster will assign (consumes one). */
export async function currentXid(sql: Db): Promise<bigint> {
  const [row] = await sql<{ xid: string }[]>`select pg_current_xact_id()::text as xid`;
  return BigInt(row!.xid);
}

/** Burns transaction ids (each `begin; ...; commit;` takes one) in a few round trips. */
export async function consumeXids(sql: Db, count: number) {
  const chunk = 2000;
  const conn = await sql.reserve();
  try {
    // these commits carry nothing: no need to wait for each one's WAL flush
    await conn`set synchronous_commit = off`;
    for (let left = count; left > 0; left -= chunk) {
      await conn.unsafe("begin; select pg_current_xact_id(); commit; ".repeat(Math.min(chunk, left))).simple();
    }
  } finally {
    conn.release();
  }
}

/**
 * Moves the cluster's transaction ids to just below the next power of ten, so the transactions
 * that follow straddle a change in the number of digits (where text order differs from numeric
 * order). Returns that boundary.
 */
export async function approachXidDigitBoundary(sql: Db, margin = 20): Promise<bigint> {
  const now = await currentXid(sql);
  let boundary = 10n;
  while (boundary <= now + BigInt(margin)) boundary *= 10n;
  const burn = Number(boundary - now) - margin;
  if (burn > 1_000_000)
    throw new Error(`transaction ids are at ${now}: too far from the next digit boundary ${boundary}`);
  await consumeXids(sql, burn);
  return boundary;
}
