import type { Db } from "../../event-store/types";
import type { rmAccountTokens, rmUsers } from "../../../db/schema";
import type { Cols } from "../../lib/rows";
import type { Role, SessionUser } from "./contract";

export type { SessionUser };

type UserRow = Cols<
  typeof rmUsers,
  | "id"
  | "email"
  | "role"
  | "firstName"
  | "lastName"
  | "locale"
  | "country"
  | "agencyId"
  | "clientId"
  | "verified"
  | "enabled"
  | "disabledBy"
  | "passwordHash",
  { role: Role; disabledBy: SessionUser["disabledBy"] }
>;

const withoutHash = ({ passwordHash: _hash, ...user }: UserRow): SessionUser => user;

export function identityQueries(sql: Db) {
  const user = sql`id, email, role, first_name as "firstName", last_name as "lastName", locale, country, agency_id as "agencyId",
    client_id as "clientId", verified, enabled, disabled_by as "disabledBy", password_hash as "passwordHash"`;
  return {
    async userById(id: string): Promise<SessionUser | null> {
      const [row] = await sql<UserRow[]>`select ${user} from rm_users where id = ${id}`;
      return row ? withoutHash(row) : null;
    },
    /** Account facts for the dashboard: since when, last sign-in, open sessions. */
    async accountSummary(userId: string) {
      const [row] = await sql<
        (Cols<typeof rmUsers, "createdAt"> & { lastSignIn: Date | null; activeSessions: number })[]
      >`
        select u.created_at as "createdAt",
          (select max(created_at) from sessions where user_id = ${userId}) as "lastSignIn",
          (select count(*)::int from sessions where user_id = ${userId} and expires_at > now()) as "activeSessions"
        from rm_users u where u.id = ${userId}`;
      return {
        createdAt: row!.createdAt.toISOString(),
        lastSignIn: row!.lastSignIn?.toISOString() ?? null,
        activeSessions: row!.activeSessions,
      };
    },
    async credentialsById(id: string): Promise<(SessionUser & { passwordHash: string }) | null> {
      const [row] = await sql<UserRow[]>`select ${user} from rm_users where id = ${id}`;
      return row ?? null;
    },
    /** What a mailed link is worth now, for the page that opens it. */
    /** `now` comes from the caller's clock, like every other time rule. */
    async tokenStateByHash(
      tokenHash: string,
      purposes: string[],
      now: Date,
    ): Promise<"valid" | "token_invalid" | "token_used" | "token_expired"> {
      const [row] = await sql<Cols<typeof rmAccountTokens, "purpose" | "usedAt" | "expiresAt">[]>`
        select purpose, used_at as "usedAt", expires_at as "expiresAt" from rm_account_tokens where token_hash = ${tokenHash}`;
      if (!row || !purposes.includes(row.purpose)) return "token_invalid";
      if (row.usedAt) return "token_used";
      return row.expiresAt.getTime() < now.getTime() ? "token_expired" : "valid";
    },
    async tokenOwner(tokenHash: string): Promise<{ userId: string; purpose: string } | null> {
      const [row] = await sql<Cols<typeof rmAccountTokens, "userId" | "purpose">[]>`
        select user_id as "userId", purpose from rm_account_tokens where token_hash = ${tokenHash}`;
      return row ?? null;
    },
    async credentialsByEmail(email: string): Promise<(SessionUser & { passwordHash: string }) | null> {
      const [row] = await sql<UserRow[]>`select ${user} from rm_users where email = ${email.trim().toLowerCase()}`;
      return row ?? null;
    },
  };
}
