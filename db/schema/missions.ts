import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/** Public ad numbers (/annonce/{id}/{source}) and order numbers, handed out before deciding. */
export const adNumbers = pgSequence("ad_numbers", { startWith: 10001 });
export const orderNumbers = pgSequence("order_numbers", { startWith: 1001 });

/** Ads as lists, pages, feeds and the search indexer read them (inline projection). */
export const rmAds = pgTable(
  "rm_ads",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    agencyId: uuid("agency_id").notNull(),
    branchId: uuid("branch_id"),
    clientId: uuid("client_id"),
    contactId: uuid("contact_id"),
    createdBy: uuid("created_by").notNull(),
    /** proposed by a client manager and not yet published by the agency */
    awaitingReview: boolean("awaiting_review").notNull().default(false),
    status: text("status").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** the whole form as decided (AdFields) */
    fields: jsonb("fields").notNull(),
    /** the description without markup, for the search index and text fallbacks */
    descriptionText: text("description_text").notNull(),
    language: text("language").notNull(),
    sectorId: text("sector_id").notNull(),
    professionId: text("profession_id").notNull(),
    jobType: text("job_type").notNull(),
    contract: text("contract").notNull(),
    activityRateMin: integer("activity_rate_min").notNull(),
    activityRateMax: integer("activity_rate_max").notNull(),
    country: text("country").notNull(),
    regionCode: text("region_code").notNull(),
    placeName: text("place_name").notNull(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    salaryMin: doublePrecision("salary_min"),
    salaryMax: doublePrecision("salary_max"),
    salaryPeriod: text("salary_period").notNull(),
    hideSalary: boolean("hide_salary").notNull().default(false),
    commitmentDate: date("commitment_date"),
    endDate: date("end_date").notNull(),
    orderId: uuid("order_id"),
    jobBoards: text("job_boards")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    memo: text("memo").notNull().default(""),
    applicationCount: integer("application_count").notNull().default(0),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("rm_ads_agency").on(t.agencyId, t.status),
    index("rm_ads_status_end").on(t.status, t.endDate),
    index("rm_ads_order").on(t.orderId),
    // the points that have online ads, for the job search's radius and distance sort (index-only scan)
    index("rm_ads_online_points")
      .on(t.lat, t.lng)
      .where(sql`status = 'online'`),
  ],
);

/** Orders: a client's staffing request (inline projection). */
export const rmOrders = pgTable(
  "rm_orders",
  {
    id: uuid("id").primaryKey(),
    number: integer("number").notNull(),
    agencyId: uuid("agency_id").notNull(),
    branchId: uuid("branch_id"),
    clientId: uuid("client_id").notNull(),
    consultantId: uuid("consultant_id"),
    createdBy: uuid("created_by").notNull(),
    status: text("status").notNull(),
    title: text("title").notNull(),
    fields: jsonb("fields").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    memo: text("memo").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rm_orders_agency").on(t.agencyId, t.status), index("rm_orders_client").on(t.clientId)],
);
