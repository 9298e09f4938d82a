import type { Db } from "../../event-store/types";
import type { Role, SessionUser } from "./contract";

export type { SessionUser };

interface UserRow {
  id: string;
  email: string;
  role: Role;
  first_name: string;
  last_name: string;
  locale: string;
  country: string | null;
  agency_id: string | null;
  client_id: string | null;
  verified: boolean;
  enabled: boolean;
  disabled_by: "self" | "agency" | null;
  password_hash: string;
}

const toUser = (r: UserRow): SessionUser => ({
  id: r.id,
  email: r.email,
  role: r.role,
  firstName: r.first_name,
  lastName: r.last_name,
  locale: r.locale,
  country: r.country,
  agencyId: r.agency_id,
  clientId: r.client_id,
  verified: r.verified,
  enabled: r.enabled,
  disabledBy: r.disabled_by,
});

export function identityQueries(sql: Db) {
  return {
    async userById(id: string): Promise<SessionUser | null> {
      const [row] = await sql<UserRow[]>`select * from rm_users where id = ${id}`;
      return row ? toUser(row) : null;
    },
    /** Account facts for the dashboard: since when, last sign-in, open sessions. */
    async accountSummary(userId: string) {
      const [row] = await sql<{ created_at: Date; last_sign_in: Date | null; active_sessions: number }[]>`
        select u.created_at,
          (select max(created_at) from sessions where user_id = ${userId}) as last_sign_in,
          (select count(*)::int from sessions where user_id = ${userId} and expires_at > now()) as active_sessions
        from rm_users u where u.id = ${userId}`;
      return { createdAt: row!.created_at.toISOString(), lastSignIn: row!.last_sign_in?.toISOString() ?? null, activeSessions: row!.active_sessions };
    },
    async credentialsById(id: string): Promise<(SessionUser & { passwordHash: string }) | null> {
      const [row] = await sql<UserRow[]>`select * from rm_users where id = ${id}`;
      return row ? { ...toUser(row), passwordHash: row.password_hash } : null;
    },
    /** What a mailed link is worth now, for the page that opens it. */
    /** `now` comes from the caller's clock, like every other time rule. */
    async tokenStateByHash(tokenHash: string, purposes: string[], now: Date): Promise<"valid" | "token_invalid" | "token_used" | "token_expired"> {
      const [row] = await sql<{ purpose: string; used_at: Date | null; expires_at: Date }[]>`
        select purpose, used_at, expires_at from rm_account_tokens where token_hash = ${tokenHash}`;
      if (!row || !purposes.includes(row.purpose)) return "token_invalid";
      if (row.used_at) return "token_used";
      return row.expires_at.getTime() < now.getTime() ? "token_expired" : "valid";
    },
    async tokenOwner(tokenHash: string): Promise<{ userId: string; purpose: string } | null> {
      const [row] = await sql<{ user_id: string; purpose: string }[]>`select user_id, purpose from rm_account_tokens where token_hash = ${tokenHash}`;
      return row ? { userId: row.user_id, purpose: row.purpose } : null;
    },
    async credentialsByEmail(email: string): Promise<(SessionUser & { passwordHash: string }) | null> {
      const [row] = await sql<UserRow[]>`select * from rm_users where email = ${email.trim().toLowerCase()}`;
      return row ? { ...toUser(row), passwordHash: row.password_hash } : null;
    },
  };
}
