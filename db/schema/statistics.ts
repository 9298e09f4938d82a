import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The statistics' read models (issue 29), fed by the statistics projection from the applications,
 * ads, orders, proposals and timesheets events: one row per record with the days it was counted on
 * (Swiss/French calendar days), so a page filters by agency, branch, consultant and days on an index
 * and never reads the event log.
 */
export const rmStatsApplications = pgTable(
  "rm_stats_applications",
  {
    applicationId: uuid("application_id").primaryKey(),
    agencyId: uuid("agency_id").notNull(),
    branchId: uuid("branch_id"),
    consultantId: uuid("consultant_id"),
    adId: integer("ad_id").notNull(),
    adTitle: text("ad_title").notNull(),
    /** the job board's source code (S01…) the candidate came from */
    source: text("source").notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull(),
    appliedDay: date("applied_day").notNull(),
    /** the first status change (a consultant's answer or the automatic reply) */
    firstAnswerAt: timestamp("first_answer_at", { withTimezone: true }),
    /** the funnel: whether it ever reached these steps */
    retained: boolean("retained").notNull().default(false),
    proposed: boolean("proposed").notNull().default(false),
    mission: boolean("mission").notNull().default(false),
  },
  (t) => [index("rm_stats_applications_agency_day").on(t.agencyId, t.appliedDay)],
);

export const rmStatsAds = pgTable(
  "rm_stats_ads",
  {
    adId: integer("ad_id").primaryKey(),
    agencyId: uuid("agency_id").notNull(),
    branchId: uuid("branch_id"),
    consultantId: uuid("consultant_id"),
    /** online (published), expired, or another state */
    state: text("state").notNull(),
    publishedDay: date("published_day"),
    expiredDay: date("expired_day"),
  },
  (t) => [index("rm_stats_ads_agency").on(t.agencyId)],
);

export const rmStatsOrders = pgTable(
  "rm_stats_orders",
  {
    orderId: uuid("order_id").primaryKey(),
    agencyId: uuid("agency_id").notNull(),
    branchId: uuid("branch_id"),
    consultantId: uuid("consultant_id"),
    state: text("state").notNull(),
    placedDay: date("placed_day").notNull(),
  },
  (t) => [index("rm_stats_orders_agency_day").on(t.agencyId, t.placedDay)],
);

/** A week's sheet: its days are kept until the client's validation fixes its hours and amounts. */
export const rmStatsTimesheets = pgTable(
  "rm_stats_timesheets",
  {
    timesheetId: uuid("timesheet_id").primaryKey(),
    agencyId: uuid("agency_id").notNull(),
    branchId: uuid("branch_id"),
    consultantId: uuid("consultant_id"),
    clientId: uuid("client_id"),
    country: text("country").notNull(),
    days: jsonb("days").notNull(),
    validatedDay: date("validated_day"),
    /** paid minutes (less the client's reductions) and expenses in cents, set on validation */
    minutes: integer("minutes").notNull().default(0),
    amountCents: integer("amount_cents").notNull().default(0),
  },
  (t) => [index("rm_stats_timesheets_agency_day").on(t.agencyId, t.validatedDay)],
);
