import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The candidate profile editor's read models (server/modules/candidates/profile/projections.ts),
 * fed by the `profile-<userId>` stream. Sections are JSON as the forms know them; `versions`
 * holds each section's version, which the forms send back (two tabs never overwrite silently).
 */
export const rmProfiles = pgTable("rm_profiles", {
  userId: uuid("user_id").primaryKey(),
  identity: jsonb("identity"),
  address: jsonb("address"),
  languages: jsonb("languages").notNull().default([]),
  about: jsonb("about"),
  /** the skills list (issue 27), its own section */
  skills: jsonb("skills").notNull().default([]),
  /** "<type>.<channel>" switched on; null until the person saves their preferences */
  notifications: jsonb("notifications"),
  /** who finds the candidate in a CV library: relations, country, hidden (LIBRARY_VISIBILITIES) */
  libraryVisibility: text("library_visibility").notNull().default("relations"),
  /** consent to stay in the talent pool (issue 30): exempts from retention rules */
  talentPool: boolean("talent_pool").notNull().default(false),
  defaultProfileId: text("default_profile_id").notNull().default("main"),
  versions: jsonb("versions").notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** Trainings and professional experiences, one row each. */
export const rmProfileEntries = pgTable(
  "rm_profile_entries",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").notNull(),
    /** training or experience */
    list: text("list").notNull(),
    values: jsonb("values").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rm_profile_entries_user").on(t.userId)],
);

/** The main profile ("main") and the named ones: each with its own search criteria. */
export const rmNamedProfiles = pgTable(
  "rm_named_profiles",
  {
    userId: uuid("user_id").notNull(),
    profileId: text("profile_id").notNull(),
    /** null for the main profile (its name is translated) */
    name: text("name"),
    criteria: jsonb("criteria"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.profileId] })],
);
