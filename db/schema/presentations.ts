import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Presentation dossiers (issue 29, ADR 0044): an agency's candidates presented to one of its client companies. */
export const rmPresentations = pgTable(
  "rm_presentations",
  {
    id: uuid("id").primaryKey(),
    agencyId: uuid("agency_id").notNull(),
    ownerId: uuid("owner_id").notNull(),
    companyId: uuid("company_id").notNull(),
    title: text("title").notNull(),
    language: text("language").notNull(),
    anonymised: boolean("anonymised").notNull(),
    alias: text("alias").notNull(),
    showEmployers: boolean("show_employers").notNull(),
    /** built, sent, answered */
    status: text("status").notNull(),
    /** the current client link's token hash (null: none, or revoked) */
    tokenHash: text("token_hash"),
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }),
    firstOpenedAt: timestamp("first_opened_at", { withTimezone: true }),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }),
    version: integer("version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("rm_presentations_agency").on(t.agencyId, t.updatedAt),
    index("rm_presentations_token").on(t.tokenHash),
  ],
);

/** A dossier's candidates in order, what is shown of each, the consultant's comment and the client's answer. */
export const rmPresentationMembers = pgTable(
  "rm_presentation_members",
  {
    presentationId: uuid("presentation_id").notNull(),
    candidateId: uuid("candidate_id").notNull(),
    agencyId: uuid("agency_id").notNull(),
    position: integer("position").notNull(),
    sections: jsonb("sections").notNull(),
    documents: jsonb("documents").notNull(),
    comment: text("comment").notNull().default(""),
    answer: text("answer"),
    answerComment: text("answer_comment").notNull().default(""),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.presentationId, t.candidateId] }),
    index("rm_presentation_members_candidate").on(t.agencyId, t.candidateId),
  ],
);

/** A dossier's history: built, link issued or revoked, sent, PDF downloaded, opened, each answer. */
export const rmPresentationHistory = pgTable(
  "rm_presentation_history",
  {
    position: integer("position").notNull(),
    presentationId: uuid("presentation_id").notNull(),
    agencyId: uuid("agency_id").notNull(),
    kind: text("kind").notNull(),
    actorId: uuid("actor_id"),
    /** the answer, the candidate's number, the recipient: what the line says */
    detail: jsonb("detail").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.presentationId, t.position] })],
);
