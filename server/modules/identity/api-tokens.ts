import type { apiTokenFamilies } from "../../../db/schema";
import type { Db, Tx } from "../../event-store/types";
import type { Clock } from "../../lib/clock";
import { isUuid } from "../../lib/contract";
import { AppError } from "../../lib/errors";
import { randomToken, type IdGenerator } from "../../lib/ids";
import type { Cols } from "../../lib/rows";
import { hashToken } from "../../lib/tokens";

/** A refresh token unused for this long is dead (the client signs in again). */
export const REFRESH_TOKEN_MS = 30 * 24 * 60 * 60 * 1000;
/** last_used_at is touched at most this often: no write on every API request. */
const TOUCH_MS = 60_000;

export type ApiTokenFamily = Cols<typeof apiTokenFamilies, "id" | "clientName" | "createdAt" | "lastUsedAt">;
export type RevokeReason = "revoked" | "reuse" | "signed_out" | "logout";

/**
 * API token families and their rotating refresh tokens (ADR 0049, RFC 9700 section 4.14): one
 * family per sign-in of a client; each refresh spends its token for a new one; a spent token
 * presented again means it was copied, and the whole family (thief's and owner's tokens alike)
 * is revoked. Tokens are stored hashed (server/lib/tokens.ts).
 */
export function apiTokens(sql: Db, clock: Clock, ids: IdGenerator) {
  const expiry = () => new Date(clock.now().getTime() + REFRESH_TOKEN_MS);

  async function issue(tx: Tx, familyId: string) {
    const token = randomToken(32);
    await tx`insert into api_refresh_tokens (token_hash, family_id, created_at) values (${hashToken(token)}, ${familyId}, ${clock.now()})`;
    return token;
  }

  async function revokeFamily(tx: Tx, familyId: string, reason: RevokeReason) {
    await tx`update api_token_families set revoked_at = ${clock.now()}, revoked_reason = ${reason}
      where id = ${familyId} and revoked_at is null`;
  }

  return {
    /** A new family for a person who just proved who they are; its first refresh token. */
    async openFamily(userId: string, clientName: string): Promise<{ familyId: string; refreshToken: string }> {
      const familyId = ids.uuid();
      const refreshToken = await sql.begin(async (tx) => {
        await tx`insert into api_token_families (id, user_id, client_name, created_at, last_used_at, expires_at)
          values (${familyId}, ${userId}, ${clientName}, ${clock.now()}, ${clock.now()}, ${expiry()})`;
        return issue(tx, familyId);
      });
      return { familyId, refreshToken };
    },

    /**
     * Spends a refresh token for the next one. Unknown, expired or revoked: `invalid_grant`. Spent
     * already: the family is revoked (reuse) and `invalid_grant`. The row lock makes two
     * concurrent uses of one token one rotation and one reuse.
     */
    async rotate(refreshToken: string): Promise<{ familyId: string; userId: string; refreshToken: string }> {
      const refused = new AppError("unauthenticated", "api_invalid_grant");
      const outcome = await sql.begin(async (tx) => {
        const [row] = await tx<
          { familyId: string; usedAt: Date | null; userId: string; revokedAt: Date | null; expiresAt: Date }[]
        >`select r.family_id as "familyId", r.used_at as "usedAt", f.user_id as "userId", f.revoked_at as "revokedAt", f.expires_at as "expiresAt"
          from api_refresh_tokens r join api_token_families f on f.id = r.family_id
          where r.token_hash = ${hashToken(refreshToken)} for update of r, f`;
        if (!row || row.revokedAt || row.expiresAt.getTime() < clock.now().getTime()) return null;
        if (row.usedAt) {
          await revokeFamily(tx, row.familyId, "reuse");
          return "reuse" as const;
        }
        await tx`update api_refresh_tokens set used_at = ${clock.now()} where token_hash = ${hashToken(refreshToken)}`;
        await tx`update api_token_families set last_used_at = ${clock.now()}, expires_at = ${expiry()} where id = ${row.familyId}`;
        return { familyId: row.familyId, userId: row.userId, refreshToken: await issue(tx, row.familyId) };
      });
      // the revocation is committed before the refusal (a thrown error would roll it back)
      if (!outcome || outcome === "reuse") throw refused;
      return outcome;
    },

    /** Whether an access token's family still stands (one indexed lookup per API request); touches its last use. */
    async familyLive(familyId: string, userId: string): Promise<boolean> {
      if (!isUuid(familyId) || !isUuid(userId)) return false;
      const [row] = await sql<{ lastUsedAt: Date }[]>`select last_used_at as "lastUsedAt" from api_token_families
        where id = ${familyId} and user_id = ${userId} and revoked_at is null`;
      if (!row) return false;
      if (clock.now().getTime() - row.lastUsedAt.getTime() > TOUCH_MS)
        await sql`update api_token_families set last_used_at = ${clock.now()} where id = ${familyId}`;
      return true;
    },

    /** The person's live families, for the security page (newest first). */
    async familiesOf(userId: string): Promise<ApiTokenFamily[]> {
      return sql<
        ApiTokenFamily[]
      >`select id, client_name as "clientName", created_at as "createdAt", last_used_at as "lastUsedAt"
        from api_token_families where user_id = ${userId} and revoked_at is null and expires_at > ${clock.now()}
        order by created_at desc limit 100`;
    },

    /** One family of the person's (another's id: not found). */
    async revokeFamilyOf(userId: string, familyId: string, reason: RevokeReason = "revoked") {
      if (!isUuid(familyId)) throw new AppError("not_found", "api_token_not_found");
      const rows = await sql`update api_token_families set revoked_at = ${clock.now()}, revoked_reason = ${reason}
        where id = ${familyId} and user_id = ${userId} and revoked_at is null returning id`;
      if (!rows.length) throw new AppError("not_found", "api_token_not_found");
    },

    /** The family of a refresh token (RFC 7009: whatever the token, the answer is the same). */
    async revokeByRefreshToken(refreshToken: string): Promise<void> {
      await sql`update api_token_families set revoked_at = ${clock.now()}, revoked_reason = 'logout'
        where revoked_at is null and id = (select family_id from api_refresh_tokens where token_hash = ${hashToken(refreshToken)})`;
    },

    /** Every family of the person: with their sessions (password change, deactivation, e-mail change). */
    async revokeAllOf(userId: string, reason: RevokeReason = "signed_out"): Promise<number> {
      const rows = await sql`update api_token_families set revoked_at = ${clock.now()}, revoked_reason = ${reason}
        where user_id = ${userId} and revoked_at is null returning id`;
      return rows.length;
    },

    /**
     * Retention: families dead for a day are forgotten with their tokens, and a live family's
     * spent tokens once older than a refresh token's life (one presented after that is merely
     * unknown: refused, without revoking the family).
     */
    async purgeDead(): Promise<number> {
      const day = new Date(clock.now().getTime() - 24 * 60 * 60 * 1000);
      const rows = await sql<{ id: string }[]>`delete from api_token_families
        where expires_at < ${day} or revoked_at < ${day} returning id`;
      if (rows.length) await sql`delete from api_refresh_tokens where family_id in ${sql(rows.map((r) => r.id))}`;
      await sql`delete from api_refresh_tokens where used_at < ${new Date(clock.now().getTime() - REFRESH_TOKEN_MS)}`;
      return rows.length;
    },
  };
}

export type ApiTokens = ReturnType<typeof apiTokens>;
