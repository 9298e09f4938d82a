import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** One agency's file on a candidate (issue 28): archived or not, and the stream's version. */
export const rmCandidateFiles = pgTable(
  "rm_candidate_files",
  {
    agencyId: uuid("agency_id").notNull(),
    candidateId: uuid("candidate_id").notNull(),
    /** not_interested, unreachable, placed_elsewhere, other (null: not archived) */
    archivedReason: text("archived_reason"),
    archivedText: text("archived_text"),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** deactivated by this agency, for this agency only (ADR 0038): a reason of DEACTIVATE_REASONS (null: active) */
    deactivatedReason: text("deactivated_reason"),
    deactivatedText: text("deactivated_text"),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    version: integer("version").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.candidateId] })],
);

/** An agency's tags on its candidates; `tag_key` is the tag in lower case (one tag whatever its case). */
export const rmCandidateTags = pgTable(
  "rm_candidate_tags",
  {
    agencyId: uuid("agency_id").notNull(),
    candidateId: uuid("candidate_id").notNull(),
    tagKey: text("tag_key").notNull(),
    tag: text("tag").notNull(),
    colour: text("colour").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.candidateId, t.tagKey] }),
    index("rm_candidate_tags_agency_tag").on(t.agencyId, t.tagKey),
  ],
);

/** An agency's internal comments on a candidate (the body is null once the candidate was erased). */
export const rmCandidateComments = pgTable(
  "rm_candidate_comments",
  {
    id: uuid("id").primaryKey(),
    agencyId: uuid("agency_id").notNull(),
    candidateId: uuid("candidate_id").notNull(),
    authorId: uuid("author_id").notNull(),
    body: text("body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
  },
  (t) => [index("rm_candidate_comments_file").on(t.agencyId, t.candidateId, t.createdAt)],
);
