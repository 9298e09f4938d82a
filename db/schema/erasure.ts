import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Erasure requests (issue 30, ADR 0048): one row per person, pending until carried out or
 * cancelled. Holds no personal data: the pseudonym number is what agencies see afterwards.
 */
export const rmErasureRequests = pgTable(
  "rm_erasure_requests",
  {
    userId: uuid("user_id").primaryKey(),
    /** pending, cancelled or done */
    status: text("status").notNull(),
    /** self (security page), admin or retention */
    requestedBy: text("requested_by").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** "erased candidate #n" once done */
    pseudonym: integer("pseudonym"),
  },
  (t) => [index("rm_erasure_requests_due").on(t.status, t.dueAt)],
);
