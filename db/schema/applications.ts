import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * Applications (/candidatures and the candidate's lists): one row per application, copied from
 * the application's events and from the ad (agency, branch, client, consultant) when it arrived.
 */
export const rmApplications = pgTable(
  "rm_applications",
  {
    id: uuid("id").primaryKey(),
    adId: bigint("ad_id", { mode: "number" }).notNull(),
    agencyId: uuid("agency_id").notNull(),
    /** the ad's title and agency when the candidate applied */
    adTitle: text("ad_title").notNull(),
    agencyName: text("agency_name").notNull(),
    branchId: uuid("branch_id"),
    clientId: uuid("client_id"),
    /** the ad's contact, else its author: the consultant who answers */
    consultantId: uuid("consultant_id"),
    candidateId: uuid("candidate_id").notNull(),
    /** the job board the candidate came from (S01 our site) */
    source: text("source").notNull(),
    channel: text("channel").notNull(),
    /** 1 rejected, 2 retained, 3 pending, 6 on mission (spec section 4) */
    status: integer("status").notNull(),
    /** interesting, maybe, none (null: not rated yet) */
    interest: text("interest"),
    answers: jsonb("answers").notNull(),
    message: text("message"),
    cvFileId: uuid("cv_file_id"),
    cvName: text("cv_name"),
    cvMime: text("cv_mime"),
    cvSize: integer("cv_size"),
    /** an answer NO: the automatic negative reply is due then unless a consultant acts first */
    autoReplyDueAt: timestamp("auto_reply_due_at", { withTimezone: true }),
    /** the first thing a consultant did with it (status, interest, note, mail) */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** removed from the candidate's dashboard (the application itself stays) */
    hiddenByCandidate: boolean("hidden_by_candidate").notNull().default(false),
    /** a refusal past its retention period: its words, answers and CV removed (ADR 0048) */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    /** the stream's version: the form's concurrency token */
    version: integer("version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("rm_applications_ad_candidate").on(t.adId, t.candidateId),
    index("rm_applications_agency_created").on(t.agencyId, t.createdAt),
    index("rm_applications_agency_status").on(t.agencyId, t.status, t.createdAt),
    index("rm_applications_candidate").on(t.candidateId, t.createdAt),
  ],
);
