import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { integrationHarness } from "../support/harness";

/**
 * API token families in the identity module (ADR 0049), by the domain's clock: a family lives 30
 * days after its last refresh, its last use is touched at most once a minute, signing a person out
 * everywhere revokes their families, and the retention purge forgets dead families and old spent
 * tokens.
 */
const { db, domain, clock } = integrationHarness({ clock: "2026-11-02T08:00:00Z" });
const DAY = 86_400_000;
const rows = async (sql: string, id: string) =>
  (await db.sql.unsafe(sql, [id])) as unknown as Record<string, unknown>[];

describe("token families", () => {
  it("live 30 days after their last refresh, then refuse it", async () => {
    const tokens = domain.identity.apiTokens;
    const userId = randomUUID();
    const opened = await tokens.openFamily(userId, "phone");
    clock.advance(29 * DAY);
    const next = await tokens.rotate(opened.refreshToken);
    // the refresh moved the expiry: 29 more days are fine
    clock.advance(29 * DAY);
    const after = await tokens.rotate(next.refreshToken);
    clock.advance(31 * DAY);
    await expect(tokens.rotate(after.refreshToken)).rejects.toMatchObject({ key: "api_invalid_grant" });
    expect(await tokens.familiesOf(userId)).toEqual([]);
  });

  it("touch their last use at most once a minute, and only the person's own family is live", async () => {
    const tokens = domain.identity.apiTokens;
    const userId = randomUUID();
    const { familyId } = await tokens.openFamily(userId, "watch");
    const lastUsed = async () =>
      (await rows(`select last_used_at from api_token_families where id = $1`, familyId))[0]!.last_used_at as Date;
    const opened = await lastUsed();
    clock.advance(30_000);
    expect(await tokens.familyLive(familyId, userId)).toBe(true);
    expect(await lastUsed()).toEqual(opened);
    clock.advance(60_000);
    expect(await tokens.familyLive(familyId, userId)).toBe(true);
    expect((await lastUsed()).getTime()).toBe(clock.now().getTime());
    expect(await tokens.familyLive(familyId, randomUUID())).toBe(false);
  });

  it("are revoked when the person is signed out everywhere", async () => {
    const tokens = domain.identity.apiTokens;
    const userId = randomUUID();
    const a = await tokens.openFamily(userId, "a");
    const b = await tokens.openFamily(userId, "b");
    const other = await tokens.openFamily(randomUUID(), "someone else");
    await domain.identity.revokeSessions(userId, "system");
    expect(await tokens.familyLive(a.familyId, userId)).toBe(false);
    expect(await tokens.familyLive(b.familyId, userId)).toBe(false);
    await expect(tokens.rotate(b.refreshToken)).rejects.toMatchObject({ key: "api_invalid_grant" });
    expect((await tokens.rotate(other.refreshToken)).familyId).toBe(other.familyId);
  });

  it("are forgotten a day after they died, and spent tokens once older than a refresh token's life", async () => {
    const tokens = domain.identity.apiTokens;
    const userId = randomUUID();
    const revoked = await tokens.openFamily(userId, "revoked");
    await tokens.revokeFamilyOf(userId, revoked.familyId);
    const live = await tokens.openFamily(userId, "live");
    const spent = live.refreshToken;
    let current = (await tokens.rotate(spent)).refreshToken;
    clock.advance(DAY + 1000);
    await tokens.purgeDead();
    expect(await rows(`select 1 from api_token_families where id = $1`, revoked.familyId)).toHaveLength(0);
    expect(await rows(`select 1 from api_refresh_tokens where family_id = $1`, revoked.familyId)).toHaveLength(0);
    expect(await rows(`select 1 from api_refresh_tokens where family_id = $1`, live.familyId)).toHaveLength(2);
    // kept alive by refreshes for 31 days: the first spent token goes, the family stays
    for (let i = 0; i < 2; i++) {
      clock.advance(15 * DAY);
      current = (await tokens.rotate(current)).refreshToken;
    }
    await tokens.purgeDead();
    expect(await rows(`select 1 from api_refresh_tokens where family_id = $1`, live.familyId)).toHaveLength(3);
    // a spent token that old is merely unknown: refused, and the family stands
    await expect(tokens.rotate(spent)).rejects.toMatchObject({ key: "api_invalid_grant" });
    expect(await tokens.familyLive(live.familyId, userId)).toBe(true);
  });
});
