import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
  ],
);
