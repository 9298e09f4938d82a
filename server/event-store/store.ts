import type { events } from "../../db/schema";
import { jsonb, type SqlRow } from "../lib/rows";
import { keyFor, loadKeys, seal, unseal, type Sealed } from "./data-keys";
import { Upcasters } from "./upcasters";
import {
  ConcurrencyError,
  streamTypeOf,
  type Db,
  type EventMetadata,
  type ExpectedVersion,
  type NewEvent,
  type Projection,
  type StoredEvent,
  type StoredOf,
  type Tx,
} from "./types";

export const EVENTS_CHANNEL = "missio_events";
/** Advisory lock class (two-key form) serialising "any" appends to one stream. */
const ANY_APPEND_LOCK = 727276;

/** A row of `events` as COLUMNS reads it (int8 may arrive as a string; data holds the sealed part). */
type EventRow = Omit<SqlRow<typeof events>, "global_position" | "data" | "metadata"> & {
  global_position: string | number;
  data: Record<string, unknown> & { $pii?: Sealed };
  metadata: EventMetadata;
};

/**
 * Careful: `transaction_id` here is the text output column, and a bare name in ORDER BY means the
 * output column (text order puts "1000" before "999"); order by `events.transaction_id`.
 */
const COLUMNS =
  "global_position, transaction_id::text as transaction_id, stream_id, stream_type, stream_version, type, data, metadata, created_at";

export interface EventStoreOptions {
  sql: Db;
  upcasters?: Upcasters;
  inlineProjections?: Projection[];
}

export type EventStore = ReturnType<typeof createEventStore>;

export function createEventStore({ sql, upcasters = new Upcasters(), inlineProjections = [] }: EventStoreOptions) {
  /** Turn rows into events: decrypt personal parts (batch key load) and upcast. */
  async function hydrate(tx: Tx, rows: EventRow[]): Promise<StoredEvent[]> {
    const subjects = [...new Set(rows.flatMap((r) => (r.data.$pii ? [r.data.$pii.s] : [])))];
    const keys = await loadKeys(tx, subjects);
    return rows.map((r) => {
      const { $pii, ...plain } = r.data;
      let data: Record<string, unknown> = plain;
      let erased = false;
      if ($pii) {
        const key = keys.get($pii.s);
        if (key) data = { ...data, ...unseal(key, $pii) };
        else erased = true;
      }
      data = upcasters.upcast(r.type, r.metadata.schemaVersion ?? 1, data);
      return {
        globalPosition: Number(r.global_position),
        transactionId: r.transaction_id,
        streamId: r.stream_id,
        streamType: r.stream_type,
        streamVersion: r.stream_version,
        type: r.type,
        data,
        metadata: r.metadata,
        createdAt: r.created_at,
        ...(erased ? { erased } : {}),
      };
    });
  }

  async function currentVersion(tx: Tx, streamId: string): Promise<number> {
    const [row] = await tx<{ v: number | null }[]>`
      select max(stream_version) as v from events where stream_id = ${streamId}`;
    return row?.v ?? 0;
  }

  /**
   * Append in the caller's transaction: events, inline projections and the NOTIFY that wakes
   * processors all commit (or roll back) together.
   */
  async function appendIn(
    tx: Tx,
    streamId: string,
    expected: ExpectedVersion,
    events: NewEvent[],
    metadata: EventMetadata = {},
  ): Promise<StoredEvent[]> {
    if (events.length === 0) return [];
    let base: number;
    if (expected === "any") {
      // appends that do not care about the version queue up per stream instead of colliding
      await tx`select pg_advisory_xact_lock(${ANY_APPEND_LOCK}, hashtext(${streamId}))`;
      base = await currentVersion(tx, streamId);
    } else {
      // checked with the insert below: a stale version fails on the unique (stream_id,
      // stream_version), one ahead of the stream would leave a gap
      base = expected;
    }
    const streamType = streamTypeOf(streamId);
    const rows = [];
    for (const [i, e] of events.entries()) {
      const data: Record<string, unknown> = { ...e.data };
      const meta: EventMetadata = { ...metadata, schemaVersion: upcasters.currentVersion(e.type) };
      if (e.personal) {
        data.$pii = seal(e.personal.subjectId, await keyFor(tx, e.personal.subjectId), e.personal.data);
        meta.subject = e.personal.subjectId;
      }
      rows.push({
        stream_id: streamId,
        stream_type: streamType,
        stream_version: base + i + 1,
        type: e.type,
        data,
        metadata: meta,
      });
    }
    let inserted: EventRow[];
    let current: number | null;
    try {
      // One round trip: the version check (when one is needed), the insert and the NOTIFY go out
      // pipelined on the transaction's connection and run in that order, so the check sees the
      // stream as it was before the insert. The NOTIFY is delivered at commit only, wherever it
      // stands in the transaction.
      [current, inserted] = await Promise.all([
        // expected 0 needs no check: version 1 exists exactly when the stream does (unique below)
        expected === "any" || expected === 0 ? null : currentVersion(tx, streamId),
        tx<EventRow[]>`
          insert into events ${tx(rows.map((r) => ({ ...r, data: jsonb(tx, r.data), metadata: jsonb(tx, r.metadata) })))}
          returning ${tx.unsafe(COLUMNS)}`,
        tx`select pg_notify(${EVENTS_CHANNEL}, '')`,
      ]);
    } catch (error) {
      // stale version: the unique (stream_id, stream_version), also when the concurrent append
      // has not committed yet (the insert waits for it)
      if ((error as { constraint_name?: string }).constraint_name === "events_stream_version") {
        throw new ConcurrencyError(streamId, expected);
      }
      throw error;
    }
    // a version ahead of the stream: the insert went through but would leave a gap
    if (current !== null && current !== expected) throw new ConcurrencyError(streamId, expected);
    const stored = inserted.map((r, i) => ({
      globalPosition: Number(r.global_position),
      transactionId: r.transaction_id,
      streamId,
      streamType,
      streamVersion: r.stream_version,
      type: r.type,
      data: { ...events[i]!.data, ...(events[i]!.personal?.data ?? {}) },
      metadata: r.metadata,
      createdAt: r.created_at,
    }));
    for (const p of inlineProjections) {
      const mine = stored.filter((e) => p.eventTypes.includes(e.type));
      if (mine.length) await p.apply(tx, mine);
    }
    return stored;
  }

  return {
    sql,
    upcasters,
    inlineProjections,
    hydrate,
    appendIn,

    /** Append in its own transaction. Throws ConcurrencyError when `expected` is stale. */
    append(streamId: string, expected: ExpectedVersion, events: NewEvent[], metadata?: EventMetadata) {
      return sql.begin((tx) => appendIn(tx, streamId, expected, events, metadata));
    },

    /** A stream's events; `E` names the events of its decider (a stream holds only those). */
    async readStream<E extends NewEvent = NewEvent>(streamId: string, tx: Tx = sql): Promise<StoredOf<E>[]> {
      const rows = await tx<EventRow[]>`
        select ${tx.unsafe(COLUMNS)} from events where stream_id = ${streamId} order by stream_version`;
      return (await hydrate(tx, rows)) as unknown as StoredOf<E>[];
    },

    /**
     * Global read in commit-safe order: only rows whose transaction is older than every
     * transaction still running, so a late commit of a lower position is never skipped.
     */
    async readAfter(
      after: { transactionId: string; globalPosition: number },
      limit: number,
      tx: Tx = sql,
    ): Promise<StoredEvent[]> {
      const rows = await tx<EventRow[]>`
        select ${tx.unsafe(COLUMNS)} from events
        where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition})
          and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by events.transaction_id, events.global_position
        limit ${limit}`;
      return hydrate(tx, rows);
    },

    /**
     * Plain position order over what is committed, optionally only some types. Used by rebuilds
     * (which lock their tables first) and by socket catch-up (a hint, followed by revalidation).
     */
    async readAllByPosition(
      afterPosition: number,
      limit: number,
      types: readonly string[] | null,
      tx: Tx = sql,
    ): Promise<StoredEvent[]> {
      const rows = types
        ? await tx<EventRow[]>`
            select ${tx.unsafe(COLUMNS)} from events
            where global_position > ${afterPosition} and type = any(${types as string[]})
            order by global_position limit ${limit}`
        : await tx<EventRow[]>`
            select ${tx.unsafe(COLUMNS)} from events where global_position > ${afterPosition}
            order by global_position limit ${limit}`;
      return hydrate(tx, rows);
    },
  };
}
