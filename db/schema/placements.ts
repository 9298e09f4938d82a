import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Agency reply templates (refusal, retained, interview invitation, custom), per language. */
export const rmReplyTemplates = pgTable(
  "rm_reply_templates",
  {
    id: uuid("id").primaryKey(),
    agencyId: uuid("agency_id").notNull(),
    /** refusal, retained, interview, custom */
    purpose: text("purpose").notNull(),
    /** fr, en, de, it, pt */
    language: text("language").notNull(),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdBy: uuid("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rm_reply_templates_agency").on(t.agencyId, t.purpose, t.language)],
);

/** A mission (an ad) proposed by a consultant to one or several candidates. */
export const rmProposals = pgTable(
  "rm_proposals",
  {
    id: uuid("id").primaryKey(),
    agencyId: uuid("agency_id").notNull(),
    adId: bigint("ad_id", { mode: "number" }).notNull(),
    adTitle: text("ad_title").notNull(),
    agencyName: text("agency_name").notNull(),
    consultantId: uuid("consultant_id").notNull(),
    /** first: the first to accept takes a place; pick: the consultant chooses among those who accepted */
    mode: text("mode").notNull(),
    places: integer("places").notNull(),
    message: text("message"),
    /** open, filled, expired, closed */
    status: text("status").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    version: integer("version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rm_proposals_agency").on(t.agencyId, t.createdAt)],
);

/** Each candidate a proposal went to, and their answer. */
export const rmProposalCandidates = pgTable(
  "rm_proposal_candidates",
  {
    proposalId: uuid("proposal_id").notNull(),
    candidateId: uuid("candidate_id").notNull(),
    /** pending, accepted, declined, chosen, not_chosen, expired */
    response: text("response").notNull(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.proposalId, t.candidateId] }),
    index("rm_proposal_candidates_candidate").on(t.candidateId),
  ],
);

/** Validated missions: a candidate placed on an ad (what planning and timesheets build on). */
export const rmPlacements = pgTable(
  "rm_placements",
  {
    id: uuid("id").primaryKey(),
    agencyId: uuid("agency_id").notNull(),
    adId: bigint("ad_id", { mode: "number" }).notNull(),
    adTitle: text("ad_title").notNull(),
    agencyName: text("agency_name").notNull(),
    candidateId: uuid("candidate_id").notNull(),
    clientId: uuid("client_id"),
    branchId: uuid("branch_id"),
    consultantId: uuid("consultant_id"),
    proposalId: uuid("proposal_id"),
    placeName: text("place_name").notNull(),
    startDate: date("start_date"),
    endDate: date("end_date"),
    /** validated, ended, cancelled */
    status: text("status").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("rm_placements_candidate").on(t.candidateId),
    index("rm_placements_agency").on(t.agencyId, t.startDate),
  ],
);
