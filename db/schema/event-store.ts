import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  integer,
} from "drizzle-orm/pg-core";

/** xid8 has no drizzle type; we read it as text (it is a 64-bit transaction id). */
export const xid8 = customType<{ data: string; driverData: string }>({
  dataType: () => "xid8",
});

export const events = pgTable(
  "events",
  {
    globalPosition: bigint("global_position", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: xid8("transaction_id")
      .notNull()
      .default(sql`pg_current_xact_id()`),
    streamId: text("stream_id").notNull(),
    streamType: text("stream_type").notNull(),
    streamVersion: integer("stream_version").notNull(),
    type: text("type").notNull(),
    data: jsonb("data").notNull(),
    metadata: jsonb("metadata").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("events_stream_version").on(t.streamId, t.streamVersion),
    index("events_tx_position").on(t.transactionId, t.globalPosition),
  ],
);

export const processorCheckpoints = pgTable("processor_checkpoints", {
  name: text("name").primaryKey(),
  transactionId: xid8("transaction_id")
    .notNull()
    .default(sql`'0'::xid8`),
  globalPosition: bigint("global_position", { mode: "number" }).notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One AES key per person: deleting the row makes their personal data in events unreadable. */
export const dataKeys = pgTable("data_keys", {
  subjectId: text("subject_id").primaryKey(),
  key: text("key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Writes a form carries a key for (DESIGN section 8): a retried request whose answer was lost
 * gets the first one's result instead of writing again. `result` is set once the write is done;
 * a key left without one belongs to a write still running (or that failed and was released).
 */
export const idempotencyKeys = pgTable("idempotency_keys", {
  key: text("key").primaryKey(),
  /** who sent it: the same key from someone else is refused */
  actor: text("actor").notNull(),
  result: jsonb("result"),
  done: boolean("done").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
