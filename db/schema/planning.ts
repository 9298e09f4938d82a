import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The planning board: one row per assignment (a candidate's shift on a validated mission), as it
 * stands on the board (drafts included), with the shift the candidate was last told (`published`).
 */
export const rmAssignments = pgTable(
  "rm_assignments",
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
    /** Europe/Zurich or Europe/Paris: the day and minutes are wall-clock times there */
    zone: text("zone").notNull(),
    day: date("day").notNull(),
    startMin: integer("start_min").notNull(),
    /** at or before the start: the shift ends the next day */
    endMin: integer("end_min").notNull(),
    breakMin: integer("break_min").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    place: text("place").notNull(),
    note: text("note").notNull(),
    overrideReason: text("override_reason"),
    /** draft (new, changed or removal not yet published) or published */
    status: text("status").notNull(),
    /** a published assignment removed on the board: the candidate keeps it until the next publication */
    removing: boolean("removing").notNull(),
    /** the shift as published: { day, startMin, endMin, breakMin, place, note } */
    published: jsonb("published"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** who made the pending draft ("publish my changes") */
    draftedBy: text("drafted_by"),
    updatedBy: text("updated_by"),
    version: integer("version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("rm_assignments_agency_day").on(t.agencyId, t.day),
    index("rm_assignments_candidate").on(t.candidateId, t.startsAt),
  ],
);
