import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Every look an agency's staff took at a candidate's documents (document null: the list). */
export const rmCandidateDocumentViews = pgTable(
  "rm_candidate_document_views",
  {
    /** the event's global position */
    position: bigint("position", { mode: "number" }).primaryKey(),
    userId: uuid("user_id").notNull(),
    agencyId: uuid("agency_id").notNull(),
    viewerId: uuid("viewer_id").notNull(),
    documentId: uuid("document_id"),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rm_candidate_document_views_user").on(t.userId, t.viewedAt)],
);

/** Documents an agency shares with its candidates (contracts, rules) to read and acknowledge. */
export const rmAgencyDocuments = pgTable(
  "rm_agency_documents",
  {
    id: uuid("id").primaryKey(),
    agencyId: uuid("agency_id").notNull(),
    agencyName: text("agency_name").notNull(),
    title: text("title").notNull(),
    /** contract, rules, other */
    kind: text("kind").notNull(),
    fileId: uuid("file_id").notNull(),
    name: text("name").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    sharedBy: uuid("shared_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [index("rm_agency_documents_agency").on(t.agencyId, t.createdAt)],
);

/** A candidate's acknowledgement of an agency document, with its date. */
export const rmAgencyDocumentAcks = pgTable(
  "rm_agency_document_acks",
  {
    documentId: uuid("document_id").notNull(),
    userId: uuid("user_id").notNull(),
    agencyId: uuid("agency_id").notNull(),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.userId] }), index("rm_agency_document_acks_user").on(t.userId)],
);
