import { index, jsonb, pgTable, primaryKey, bigint, boolean, text, timestamp, uuid, date } from "drizzle-orm/pg-core";

/** A candidate's favourite ads (/mes-favoris). */
export const rmFavouriteAds = pgTable(
  "rm_favourite_ads",
  {
    userId: uuid("user_id").notNull(),
    adId: bigint("ad_id", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.adId] })],
);

/** Ads a candidate marked uninteresting: hidden from their search results. */
export const rmHiddenAds = pgTable(
  "rm_hidden_ads",
  {
    userId: uuid("user_id").notNull(),
    adId: bigint("ad_id", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.adId] })],
);

/** Saved searches (/ma-recherche) and the state of their job alerts. */
export const rmSavedSearches = pgTable(
  "rm_saved_searches",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").notNull(),
    name: text("name").notNull(),
    /** the search as its shareable query string (without page) */
    query: text("query").notNull(),
    alerts: boolean("alerts").notNull().default(true),
    /** ads published after this instant are new for the next alert */
    checkedUntil: timestamp("checked_until", { withTimezone: true }).notNull(),
    lastAlertDay: date("last_alert_day"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rm_saved_searches_user").on(t.userId)],
);

/** In-app notifications (/notifications); deleted after 90 days (spec section 9). */
export const rmNotifications = pgTable(
  "rm_notifications",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").notNull(),
    kind: text("kind").notNull(),
    params: jsonb("params").notNull(),
    link: text("link"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("rm_notifications_user").on(t.userId, t.createdAt)],
);
