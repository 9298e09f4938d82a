import type { EventStore } from "./store";
import type { Projection } from "./types";

/**
 * Rebuild read models from the log in one transaction: empty the tables (the exclusive lock
 * holds concurrent appends back until we commit), then replay every relevant event in batches.
 */
export async function rebuildProjections(store: EventStore, projections: Projection[], batchSize = 5000) {
  let replayed = 0;
  await store.sql.begin(async (tx) => {
    const tables = [...new Set(projections.flatMap((p) => p.tables))];
    if (tables.length) await tx.unsafe(`truncate ${tables.map((t) => `"${t}"`).join(", ")}`);
    const types = [...new Set(projections.flatMap((p) => p.eventTypes))];
    let after = 0;
    for (;;) {
      const batch = await store.readAllByPosition(after, batchSize, types, tx);
      if (batch.length === 0) break;
      for (const p of projections) {
        const mine = batch.filter((e) => p.eventTypes.includes(e.type));
        if (mine.length) await p.apply(tx, mine);
      }
      replayed += batch.length;
      after = batch.at(-1)!.globalPosition;
    }
  });
  return { replayed };
}
