import { index, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * What the duplicate detection compares (issue 28, ADR 0039): each candidate's keys, one row per
 * key. `value` is a SHA-256 of the normalised value (e-mail, E.164 phone, AVS digits, folded name
 * and birth date) or a band of the CV text's MinHash: equal keys are found by an index lookup.
 */
export const rmDuplicateKeys = pgTable(
  "rm_duplicate_keys",
  {
    userId: uuid("user_id").notNull(),
    /** email, phone, avs, name_birth, cv (a MinHash band) */
    kind: text("kind").notNull(),
    value: text("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.value] }), index("rm_duplicate_keys_value").on(t.kind, t.value)],
);

/**
 * A candidate the detection has keys for: their CV's MinHash signature (64 numbers, null without
 * a CV), to estimate the similarity of two CVs sharing a band, and the time of the last event that
 * changed their keys (a pair is found at the later of its two: the same after a rebuild).
 */
export const rmDuplicateCandidates = pgTable("rm_duplicate_candidates", {
  userId: uuid("user_id").primaryKey(),
  minhash: jsonb("minhash"),
  keysAt: timestamp("keys_at", { withTimezone: true }).notNull(),
});

/** A likely duplicate pair (first id < second id), its score (0..1) and reasons (DUPLICATE_REASONS). */
export const rmDuplicatePairs = pgTable(
  "rm_duplicate_pairs",
  {
    firstId: uuid("first_id").notNull(),
    secondId: uuid("second_id").notNull(),
    score: real("score").notNull(),
    reasons: jsonb("reasons").notNull(),
    foundAt: timestamp("found_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.firstId, t.secondId] }), index("rm_duplicate_pairs_second").on(t.secondId)],
);

/** "Not a duplicate": an agency's decision (scope = its id) or the platform admins' (scope = "platform"). */
export const rmDuplicateDismissals = pgTable(
  "rm_duplicate_dismissals",
  {
    scope: text("scope").notNull(),
    firstId: uuid("first_id").notNull(),
    secondId: uuid("second_id").notNull(),
    dismissedBy: uuid("dismissed_by").notNull(),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.firstId, t.secondId] })],
);

/** Merges of two candidate records (ADR 0039): the merged-away record, its survivor, who merged (an agency or "platform"). */
export const rmCandidateMerges = pgTable(
  "rm_candidate_merges",
  {
    mergedId: uuid("merged_id").primaryKey(),
    survivorId: uuid("survivor_id").notNull(),
    scope: text("scope").notNull(),
    mergedAt: timestamp("merged_at", { withTimezone: true }).notNull(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [index("rm_candidate_merges_survivor").on(t.survivorId)],
);
