/**
 * The bench's own read model: one row per item, upserted by `BenchItemSaved` events. Created
 * with plain SQL (it is no part of the app's schema). apply() is set-based: a whole batch of
 * events becomes one multi-row upsert, as a rebuild of 200,000 events needs.
 */
import type { Db, Projection, StoredEvent } from "../../server/event-store/types";

export const BENCH_EVENT = "BenchItemSaved";
export const BENCH_STREAM_TYPE = "benchitem";

export interface BenchItemData {
  itemId: string;
  name: string;
  amount: number;
}

export async function createBenchTables(sql: Db) {
  await sql.unsafe(`
    create table if not exists bench_items (
      id text primary key,
      name text not null,
      amount integer not null,
      updates integer not null,
      last_position bigint not null,
      updated_at timestamptz not null
    );
    create table if not exists bench_raw (
      id bigint primary key generated always as identity,
      stream_id text not null,
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      created_at timestamptz not null default now()
    );`);
}

interface Row {
  id: string;
  name: string;
  amount: number;
  updates: number;
  last_position: number;
  updated_at: Date;
}

export const benchProjection: Projection = {
  name: "bench.items",
  eventTypes: [BENCH_EVENT],
  tables: ["bench_items"],
  async apply(tx, events: StoredEvent[]) {
    // One row per item: a batch may hold several events of the same stream, and one upsert
    // cannot touch a row twice. Events arrive in log order, so the last one wins.
    const rows = new Map<string, Row>();
    for (const e of events) {
      const d = e.data as unknown as BenchItemData;
      const prev = rows.get(d.itemId);
      rows.set(d.itemId, {
        id: d.itemId,
        name: d.name,
        amount: d.amount,
        updates: (prev?.updates ?? 0) + 1,
        last_position: e.globalPosition,
        updated_at: e.createdAt,
      });
    }
    await tx`
      insert into bench_items (id, name, amount, updates, last_position, updated_at)
      select id, name, amount, updates, last_position, updated_at
      from jsonb_to_recordset(${tx.json([...rows.values()] as never)}::jsonb)
        as r(id text, name text, amount integer, updates integer, last_position bigint, updated_at timestamptz)
      on conflict (id) do update set
        name = excluded.name, amount = excluded.amount, updates = bench_items.updates + excluded.updates,
        last_position = excluded.last_position, updated_at = excluded.updated_at
      where bench_items.last_position < excluded.last_position`;
  },
};
