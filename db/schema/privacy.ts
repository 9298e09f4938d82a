import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** A person's data exports (issue 11): building, ready (a ZIP in storage until it expires) or expired. */
export const rmDataExports = pgTable(
  "rm_data_exports",
  {
    exportId: uuid("export_id").primaryKey(),
    userId: uuid("user_id").notNull(),
    /** building, ready or expired */
    status: text("status").notNull(),
    /** the ZIP's storage id (random, never derived from the person) once ready */
    fileId: uuid("file_id"),
    size: integer("size"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [index("rm_data_exports_user").on(t.userId), index("rm_data_exports_expiry").on(t.status, t.expiresAt)],
);
