import { bigint, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** An agency's activities (issue 29): calls, meetings, e-mails, tasks, notes (inline projection). */
export const rmActivities = pgTable(
  "rm_activities",
  {
    id: uuid("id").primaryKey(),
    agencyId: uuid("agency_id").notNull(),
    /** call, meeting, email, task, note */
    kind: text("kind").notNull(),
    /** null once the linked candidate was erased */
    subject: text("subject"),
    notes: text("notes"),
    candidateId: uuid("candidate_id"),
    companyId: uuid("company_id"),
    adId: bigint("ad_id", { mode: "number" }),
    orderId: uuid("order_id"),
    authorId: uuid("author_id").notNull(),
    assigneeId: uuid("assignee_id"),
    dueAt: timestamp("due_at", { withTimezone: true }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    version: integer("version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("rm_activities_agency_created").on(t.agencyId, t.createdAt),
    index("rm_activities_assignee_due").on(t.agencyId, t.assigneeId, t.dueAt),
    index("rm_activities_candidate").on(t.agencyId, t.candidateId),
  ],
);

/** A person's calendar feed: the hash of its secret token, never the token. */
export const rmActivityFeeds = pgTable("rm_activity_feeds", {
  ownerId: uuid("owner_id").primaryKey(),
  agencyId: uuid("agency_id").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
});
