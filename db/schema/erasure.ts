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
    /** the retention rule that asked (issue 30), null for a person's or an admin's request */
    rule: text("rule"),
    /** hash of the warning mail's one-click cancel link (retention requests only) */
    cancelTokenHash: text("cancel_token_hash"),
  },
  (t) => [
    index("rm_erasure_requests_due").on(t.status, t.dueAt),
    index("rm_erasure_requests_cancel_token").on(t.cancelTokenHash),
  ],
);

/**
 * When a person last signed in or cancelled a retention warning, by the injected clock (retention
 * rules, issue 30): sessions are deleted 12 h after their last request, so they cannot tell. Not a
 * projection: signing in is no event of the log; erasure deletes the row.
 */
export const retentionActivity = pgTable("retention_activity", {
  userId: uuid("user_id").primaryKey(),
  activeAt: timestamp("active_at", { withTimezone: true }).notNull(),
});
