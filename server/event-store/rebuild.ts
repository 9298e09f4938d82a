import type { EventStore } from "./store";
import type { Projection } from "./types";

/**
 * Rebuild read models from the log in one transaction: empty the tables (the exclusive lock
 * holds concurrent appends back until we commit), then replay every relevant event in batches,
 * then each projection's `afterRebuild`.
 */
export async function rebuildProjections(store: EventStore, projections: Projection[], batchSize = 5000) {
  let replayed = 0;
  await store.sql.begin(async (tx) => {
    const tables = [...new Set(projections.flatMap((p) => p.tables))];
    if (tables.length) await tx.unsafe(`truncate ${tables.map((t) => `"${t}"`).join(", ")}`);
    const types = [...new Set(projections.flatMap((p) => p.eventTypes))];
    // Read-ahead: the next batch is asked for before this one is applied, so PostgreSQL reads it
    // while this process decodes and applies the current one (the two overlap instead of taking
    // turns). Same reads, same order, on the transaction's one connection.
    let next = store.readAllByPosition(0, batchSize, types, tx);
    for (;;) {
      const batch = await next;
      if (batch.length === 0) break;
      next = store.readAllByPosition(batch.at(-1)!.globalPosition, batchSize, types, tx);
      next.catch(() => undefined); // if an apply below fails, that error is the one reported
      for (const p of projections) {
        const mine = batch.filter((e) => p.eventTypes.includes(e.type));
        if (mine.length) await p.apply(tx, mine);
      }
      replayed += batch.length;
    }
    for (const p of projections) await p.afterRebuild?.(tx);
  });
  return { replayed };
}
