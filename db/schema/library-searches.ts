import { boolean, date, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** A consultant's saved CV library searches (/cv-theque/recherches) and their daily alerts (issue 28). */
export const rmLibrarySearches = pgTable(
  "rm_library_searches",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").notNull(),
    /** the agency the consultant was in when saving: the search is theirs there only */
    agencyId: uuid("agency_id").notNull(),
    name: text("name").notNull(),
    /** the library search as its query string (without page) */
    query: text("query").notNull(),
    alerts: boolean("alerts").notNull().default(true),
    /** the candidates it matched were recorded (rm_library_search_seen): later matches are news */
    baselined: boolean("baselined").notNull().default(false),
    lastAlertDay: date("last_alert_day"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rm_library_searches_user").on(t.userId)],
);

/** The candidates a saved search already matched or told of: never news again for that search. */
export const rmLibrarySearchSeen = pgTable(
  "rm_library_search_seen",
  {
    searchId: uuid("search_id").notNull(),
    candidateId: uuid("candidate_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.candidateId] })],
);
