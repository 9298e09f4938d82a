import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Registration drafts (/register/user): the step to resume at and what the forms show again.
 * Personal columns are emptied when the registration completes; the password is never here.
 */
export const rmRegistrations = pgTable("rm_registrations", {
  id: uuid("id").primaryKey(),
  /** account, profile or completed */
  step: text("step").notNull(),
  country: text("country").notNull(),
  locale: text("locale").notNull(),
  email: text("email"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  cvFileId: uuid("cv_file_id"),
  cvName: text("cv_name"),
  cvMime: text("cv_mime"),
  cvSize: integer("cv_size"),
  birthDate: date("birth_date"),
  desiredJobs: jsonb("desired_jobs"),
  userId: uuid("user_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
});

/** A candidate's profile as started by their registration (country, birth date, desired jobs). */
export const rmCandidates = pgTable("rm_candidates", {
  userId: uuid("user_id").primaryKey(),
  registrationId: uuid("registration_id"),
  country: text("country").notNull(),
  birthDate: date("birth_date").notNull(),
  /** profession ids of server/modules/reference/professions.ts, at most 2 */
  desiredJobs: jsonb("desired_jobs").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/** A candidate's documents (CV first); the bytes are in file storage under the same id. */
export const rmCandidateDocuments = pgTable(
  "rm_candidate_documents",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").notNull(),
    category: text("category").notNull(),
    name: text("name").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    /** spec section 3: each document has an expiration date (none for a CV) */
    expiresAt: date("expires_at"),
    /** the stored file once replaced (null: the first file, stored under `id`) */
    fileId: uuid("file_id"),
    /** when the last expiry reminder listed it */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
  },
  (t) => [index("rm_candidate_documents_user").on(t.userId), index("rm_candidate_documents_expiry").on(t.expiresAt)],
);
