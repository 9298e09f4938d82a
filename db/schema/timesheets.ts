import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Timesheets: one row per candidate, validated mission and week, with the days as entered
 * (`days`: DayEntry[] of the timesheets contract) and the workflow state of spec section 4.
 */
export const rmTimesheets = pgTable(
  "rm_timesheets",
  {
    id: uuid("id").primaryKey(),
    agencyId: uuid("agency_id").notNull(),
    placementId: uuid("placement_id").notNull(),
    candidateId: uuid("candidate_id").notNull(),
    adId: integer("ad_id").notNull(),
    adTitle: text("ad_title").notNull(),
    clientId: uuid("client_id"),
    branchId: uuid("branch_id"),
    consultantId: uuid("consultant_id"),
    zone: text("zone").notNull(),
    country: text("country").notNull(),
    startDate: date("start_date"),
    endDate: date("end_date"),
    /** the Monday of the week */
    week: date("week").notNull(),
    status: text("status").notNull(),
    days: jsonb("days").notNull(),
    /** the last verification comment, cancellation or not-performed reason */
    comment: text("comment"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    agencyValidatedAt: timestamp("agency_validated_at", { withTimezone: true }),
    clientValidatedAt: timestamp("client_validated_at", { withTimezone: true }),
    /** a client user's id, or "system" when deemed validated */
    clientValidatedBy: text("client_validated_by"),
    /** the client's reductions ({day, minutes}[]): the days as paid are the days less these */
    reductions: jsonb("reductions")
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** the candidate's dispute of a reduction and the agency's answer (Dispute of the contract) */
    dispute: jsonb("dispute"),
    /** an adjustment sheet: the client-validated sheet it corrects */
    adjusts: uuid("adjusts"),
    /** the client's signed report of the week (TimesheetReport of the contract), the last one attached */
    report: jsonb("report"),
    version: integer("version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("rm_timesheets_agency_week").on(t.agencyId, t.week),
    index("rm_timesheets_candidate_week").on(t.candidateId, t.week),
    index("rm_timesheets_client_status").on(t.clientId, t.status),
    index("rm_timesheets_adjusts").on(t.adjusts),
  ],
);

/**
 * The login-free links mailed to a client company's users: each validates that company's sheets
 * of one week, once, until it expires. Only the token's hash is kept.
 */
export const rmTimesheetLinks = pgTable(
  "rm_timesheet_links",
  {
    id: uuid("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    agencyId: uuid("agency_id").notNull(),
    clientId: uuid("client_id").notNull(),
    userId: uuid("user_id").notNull(),
    week: date("week").notNull(),
    /** the reminder's escalation level (1: first notice) */
    level: integer("level").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("rm_timesheet_links_token").on(t.tokenHash),
    index("rm_timesheet_links_client_week").on(t.clientId, t.week),
  ],
);

/** An agency's timesheet options for one client company: deadlines and pay rules (null: the country's defaults). */
export const rmTimesheetClientSettings = pgTable("rm_timesheet_client_settings", {
  clientId: uuid("client_id").primaryKey(),
  agencyId: uuid("agency_id").notNull(),
  /** days after the week's end before the planned hours are submitted for the candidate */
  plannedHoursAfterDays: integer("planned_hours_after_days"),
  /** days after the agency's validation before the sheet is deemed validated (by the system) */
  deemedValidatedAfterDays: integer("deemed_validated_after_days"),
  /** ClientPayRules of the contract: agreement, weekly hours, rates, region */
  rules: jsonb("rules"),
  version: integer("version").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
