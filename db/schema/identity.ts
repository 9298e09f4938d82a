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

/**
 * API token families (ADR 0049): one per sign-in of an API client (`POST /api/v1/token`). Access
 * tokens name their family, so revoking it (the security page, a password change, a refresh
 * token presented twice) refuses them before they expire. Not a projection: like sessions, no
 * event of the log; erasure deletes the rows.
 */
export const apiTokenFamilies = pgTable(
  "api_token_families",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").notNull(),
    /** what the client called itself (shown on the security page) */
    clientName: text("client_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    /** the refresh token's expiry; each rotation moves it */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** "revoked" (by the person), "reuse" (a used refresh token came back), "signed_out" (password change, deactivation), "logout" */
    revokedReason: text("revoked_reason"),
  },
  (t) => [index("api_token_families_user").on(t.userId)],
);

/** Refresh tokens of a family, by hash: the current one is unused; a used one presented again revokes the family. */
export const apiRefreshTokens = pgTable(
  "api_refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    familyId: uuid("family_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("api_refresh_tokens_family").on(t.familyId)],
);
