/**
 * 2. Projection rebuild rate: bulk-generate events for the bench projection in the log, then time
 * rebuildProjections(store, [benchProjection]) and check the rebuilt read model. A row-by-row
 * variant of the same projection (one statement per event) is timed on a slice for comparison.
 */
import postgres from "postgres";
import { rebuildProjections } from "../../server/event-store/rebuild";
import { createEventStore } from "../../server/event-store/store";
import type { Db, Projection } from "../../server/event-store/types";
import { cpuMeter, otherShare, perOp } from "./cpu";
import type { BenchInfra } from "./infra";
import { BENCH_EVENT, BENCH_STREAM_TYPE, benchProjection, type BenchItemData } from "./projection";
import type { Section } from "./report";
import { fmtInt, now } from "./stats";

const TARGET = 20_000;

export interface RebuildOptions {
  /** events generated for the rebuild */
  events: number;
  /** events per stream (item) */
  perStream: number;
  /** events replayed by the row-by-row comparison */
  rowByRowEvents: number;
}

/** The same read model, one SQL statement per event: what a naive projection does. */
const rowByRowProjection: Projection = {
  ...benchProjection,
  name: "bench.items.row-by-row",
  async apply(tx, events) {
    for (const e of events) {
      const d = e.data as unknown as BenchItemData;
      await tx`
        insert into bench_items (id, name, amount, updates, last_position, updated_at)
        values (${d.itemId}, ${d.name}, ${d.amount}, 1, ${e.globalPosition}, ${e.createdAt})
        on conflict (id) do update set name = excluded.name, amount = excluded.amount,
          updates = bench_items.updates + 1, last_position = excluded.last_position, updated_at = excluded.updated_at`;
    }
  },
};

/**
 * Events shaped exactly as store.append writes them (data = BenchItemData, metadata with
 * schemaVersion), one multi-row INSERT ... SELECT generate_series per stream version, so each
 * chunk is its own transaction and transaction_id / created_at come from their defaults.
 */
async function generate(sql: Db, events: number, perStream: number) {
  const streams = Math.ceil(events / perStream);
  for (let v = 1; v <= perStream; v++) {
    const n = Math.min(streams, events - (v - 1) * streams);
    if (n <= 0) break;
    await sql`
      insert into events (stream_id, stream_type, stream_version, type, data, metadata)
      select ${BENCH_STREAM_TYPE} || '-rb' || g, ${BENCH_STREAM_TYPE}, ${v}, ${BENCH_EVENT},
        jsonb_build_object('itemId', 'rb' || g, 'name', 'Item ' || g || ' v' || ${v}::int, 'amount', (g * 7 + ${v}::int) % 1000),
        jsonb_build_object('actor', 'bench', 'tenant', 'bench-tenant', 'schemaVersion', 1)
      from generate_series(1, ${n}::int) as g`;
  }
  return streams;
}

export async function benchRebuild(infra: BenchInfra, opts: RebuildOptions): Promise<Section> {
  const sql = postgres(infra.databaseUrl, { max: 4, onnotice: () => {} }) as unknown as Db;
  try {
    const store = createEventStore({ sql });
    let t = now();
    await generate(sql, opts.events, opts.perStream);
    await sql`analyze events`;
    const generateS = (now() - t) / 1000;
    await sql`checkpoint`; // the bulk load's dirty pages are not the rebuild's to write
    const [counts] = await sql<{ total: number; items: number }[]>`
      select count(*)::int as total, count(distinct stream_id)::int as items from events where type = ${BENCH_EVENT}`;
    const { total, items } = counts!;

    // Row-by-row on a slice first (it truncates bench_items too; the full rebuild below rebuilds it).
    let rowRate = Number.NaN;
    if (opts.rowByRowEvents > 0) {
      const slice = createEventStore({ sql });
      t = now();
      await sql.begin(async (tx) => {
        await tx`truncate bench_items`;
        let after = 0;
        let done = 0;
        while (done < opts.rowByRowEvents) {
          const batch = await slice.readAllByPosition(
            after,
            Math.min(5000, opts.rowByRowEvents - done),
            [BENCH_EVENT],
            tx,
          );
          if (!batch.length) break;
          await rowByRowProjection.apply(tx, batch);
          done += batch.length;
          after = batch.at(-1)!.globalPosition;
        }
        rowRate = (done / (now() - t)) * 1000;
      });
    }

    t = now();
    const spent = cpuMeter(infra.pgDir);
    const { replayed } = await rebuildProjections(store, [benchProjection]);
    const seconds = (now() - t) / 1000;
    const cpu = spent();
    const rate = replayed / seconds;

    const [check] = await sql<
      { rows: number; updates: number }[]
    >`select count(*)::int as rows, coalesce(sum(updates), 0)::int as updates from bench_items`;
    const correct = replayed === total && check!.rows === items && check!.updates === total;
    const ok = rate >= TARGET && correct;
    return {
      title: "2. Projection rebuild rate",
      method:
        `${fmtInt(opts.events)} \`${BENCH_EVENT}\` events (${opts.perStream} per stream) generated with INSERT ... SELECT generate_series ` +
        `(${generateS.toFixed(1)} s), on top of those appended by the earlier measurements; then \`rebuildProjections(store, [benchProjection])\` ` +
        `replays every event of the projection's type in one transaction (truncate, read in batches, set-based apply: one ` +
        `multi-row upsert from jsonb_to_recordset per batch).`,
      headers: [
        "events replayed",
        "read-model rows",
        "seconds",
        "events/s",
        "CPU per event (node + postgres)",
        "machine CPU used by other work",
        "row-by-row apply (events/s)",
        "read model correct",
        "target",
        "result",
      ],
      rows: [
        [
          fmtInt(replayed),
          fmtInt(check!.rows),
          seconds.toFixed(2),
          fmtInt(rate),
          perOp(cpu, replayed),
          otherShare(cpu),
          Number.isFinite(rowRate) ? `${fmtInt(rowRate)} (${fmtInt(opts.rowByRowEvents)} events)` : "-",
          correct ? "yes" : "NO",
          `>= ${fmtInt(TARGET)}/s`,
          ok ? "pass" : "FAIL",
        ],
      ],
      verdict: ok ? "pass" : "FAIL",
      notes: [
        "Read model correct: one row per stream and the sum of per-row update counts equals the number of events replayed.",
        "Row-by-row apply: the same read model written with one upsert statement per event, over the first events of the log, for comparison.",
      ],
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
