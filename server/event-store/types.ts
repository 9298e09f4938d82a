import type { Sql, TransactionSql } from "postgres";

export type Db = Sql<Record<string, unknown>>;
export type Tx = TransactionSql<Record<string, unknown>> | Db;

export interface EventMetadata {
  /** user id of whoever caused the event, or "system" */
  actor?: string;
  /** agency id owning the data, for tenant-scoped routing */
  tenant?: string;
  /** client company the data belongs to (ads and orders of a client): its users' room */
  clientId?: string;
  correlationId?: string;
  causationId?: string;
  /** person whose data key encrypts the personal fields */
  subject?: string;
  schemaVersion?: number;
}

export interface NewEvent {
  type: string;
  data: Record<string, unknown>;
  /** Personal data: stored encrypted with the subject's data key, merged back into data on read. */
  personal?: { subjectId: string; data: Record<string, unknown> };
}

export interface StoredEvent<D = Record<string, unknown>> {
  globalPosition: number;
  transactionId: string;
  streamId: string;
  streamType: string;
  streamVersion: number;
  type: string;
  data: D;
  metadata: EventMetadata;
  createdAt: Date;
  /** true when the personal part could not be decrypted because the person was erased */
  erased?: boolean;
}

/**
 * An event as it is read back: its personal part merged into data, each personal field missing
 * when the person was erased (the key is gone). Distributes over a union of events.
 */
export type Recorded<E extends NewEvent> = E extends { personal: { data: infer P } }
  ? { type: E["type"]; data: E["data"] & Partial<P> }
  : { type: E["type"]; data: E["data"] };

/** An event whose personal part could be read: all of it merged into data. */
export type Unsealed<E extends NewEvent> = E extends { personal: { data: infer P } }
  ? { type: E["type"]; data: E["data"] & P }
  : { type: E["type"]; data: E["data"] };

/**
 * A stored event typed as one of a module's events (a stream or projection only sees its own
 * types): checking `erased` tells whether its personal fields are there.
 */
export type StoredOf<E extends NewEvent> =
  | (Omit<StoredEvent, "type" | "data" | "erased"> & { erased?: false } & Unsealed<E>)
  | (Omit<StoredEvent, "type" | "data" | "erased"> & { erased: true } & Recorded<E>);

/**
 * Whether a stored event is the event `E` (by its type), typed as it then: how code reads the
 * events a command appended (`handleCommand` returns them untyped) without casting their data.
 */
export function isEvent<E extends NewEvent>(
  event: StoredEvent,
  type: E["type"],
): event is Omit<StoredEvent, "type" | "data"> & { type: E["type"]; data: E["data"] } {
  return event.type === type;
}

/** Expected version: a number (the stream's current last version, 0 = empty) or "any". */
export type ExpectedVersion = number | "any";

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: ExpectedVersion,
  ) {
    super(`Stream ${streamId} changed since version ${expectedVersion}`);
    this.name = "ConcurrencyError";
  }
}

/**
 * A read model fed by events. Inline ones run in the append transaction; all can be rebuilt.
 * `E` is the union of the events it takes: the runners hand it only `eventTypes`.
 */
export interface Projection<E extends NewEvent = NewEvent> {
  name: string;
  eventTypes: readonly string[];
  /** tables emptied before a rebuild */
  tables: readonly string[];
  apply(tx: Tx, events: StoredOf<E>[]): Promise<void>;
  /** run once a rebuild replayed every event, in the same transaction (erasure re-applies its hooks) */
  afterRebuild?(tx: Tx): Promise<void>;
}

export function streamTypeOf(streamId: string): string {
  const dash = streamId.indexOf("-");
  return dash === -1 ? streamId : streamId.slice(0, dash);
}
