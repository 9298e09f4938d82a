import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const rmUsers = pgTable(
  "rm_users",
  {
    id: uuid("id").primaryKey(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    locale: text("locale").notNull(),
    country: text("country"),
    agencyId: uuid("agency_id"),
    clientId: uuid("client_id"),
    verified: boolean("verified").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    /** who disabled the account: "self" (REACTIVATE_ACCOUNT on login) or "agency" */
    disabledBy: text("disabled_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rm_users_agency").on(t.agencyId)],
);

/** Server-side sessions: the cookie holds only the signed id, so a session can be revoked. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id"),
    data: jsonb("data").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user").on(t.userId), index("sessions_expires").on(t.expiresAt)],
);

/** Lookup from a mailed token (hash) to its account; the rules live in the user decider. */
export const rmAccountTokens = pgTable("rm_account_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  userId: uuid("user_id").notNull(),
  purpose: text("purpose").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** Counters of rate-limiter-flexible (login, registration, reset, verification throttling). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});
