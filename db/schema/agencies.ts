import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const rmAgencies = pgTable("rm_agencies", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  country: text("country").notNull(),
  city: text("city").notNull(),
  status: text("status").notNull(),
  branchCount: integer("branch_count").notNull().default(0),
  /** the agency's logo as shown on its ads and results (a resized WebP in the storage), null: initials instead */
  logoId: uuid("logo_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

export const rmBranches = pgTable("rm_branches", {
  id: uuid("id").primaryKey(),
  agencyId: uuid("agency_id").notNull(),
  name: text("name").notNull(),
  city: text("city").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

export const rmClientCompanies = pgTable("rm_client_companies", {
  id: uuid("id").primaryKey(),
  agencyId: uuid("agency_id").notNull(),
  name: text("name").notNull(),
  city: text("city").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
