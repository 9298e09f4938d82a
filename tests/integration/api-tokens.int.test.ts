import { describe, expect, it } from "vitest";
import { apiClient } from "../support/api-client";
import { appHarness, DEMO_PASSWORD } from "../support/harness";
import { loginCookie } from "../support/test-app";

/**
 * Tokens of /api/v1 (issue 31, ADR 0049): refresh tokens rotate, a spent one presented again
 * revokes the whole family (RFC 9700) with its access tokens; logout, the person's list and
 * revocation of one family; a password change and a deactivation revoke them as they end
 * sessions; the session cookie opens nothing; the sign-in has the login form's rules.
 */
const app = appHarness();
const api = apiClient(() => app.url);

const refresh = (refresh_token: string) =>
  api.call("post", "/token", { json: { grant_type: "refresh_token", refresh_token } });
const meStatus = async (token: string) => (await api.call("get", "/me", { token })).status;

describe("refresh tokens", () => {
  it("rotate on each use, and a spent one presented again revokes the family and its access tokens", async () => {
    const first = await api.signIn("candidate@demo.test", DEMO_PASSWORD, "phone");
    expect(await meStatus(first.access_token)).toBe(200);

    const second = (await refresh(first.refresh_token)).body;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await meStatus(second.access_token)).toBe(200);
    const third = (await refresh(second.refresh_token)).body;
    expect(await meStatus(third.access_token)).toBe(200);

    // someone replays the first (spent) refresh token: refused, and the family is revoked
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(401);
    expect(replay.body.key).toBe("api_invalid_grant");
    // the legitimate holder's current refresh token and every access token of the family are dead too
    expect((await refresh(third.refresh_token)).status).toBe(401);
    for (const t of [first, second, third]) expect(await meStatus(t.access_token)).toBe(401);
    // another family of the same person (another device) is untouched
    const other = await api.signIn("candidate@demo.test", DEMO_PASSWORD, "laptop");
    expect(await meStatus(other.access_token)).toBe(200);
  });

  it("makes two concurrent uses of one refresh token one rotation and one reuse (the family revoked)", async () => {
    const t = await api.signIn("manager@demo.test", DEMO_PASSWORD, "race");
    const [a, b] = await Promise.all([refresh(t.refresh_token), refresh(t.refresh_token)]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
    const winner = a.status === 200 ? a : b;
    expect((await refresh(winner.body.refresh_token)).status).toBe(401);
    expect(await meStatus(winner.body.access_token)).toBe(401);
  });

  it("refuses a refresh token past its family's expiry (30 days without a refresh)", async () => {
    const t = await api.signIn("manager@demo.test", DEMO_PASSWORD, "old");
    const manager = (await app.services.identity.credentialsByEmail("manager@demo.test"))!;
    await app.db.sql`update api_token_families set expires_at = now() - interval '1 minute'
      where user_id = ${manager.id} and client_name = 'old'`;
    expect((await refresh(t.refresh_token)).status).toBe(401);
  });

  it("refuses an unknown refresh token, and a refresh grant without its token with the field's error", async () => {
    const unknown = await refresh("not-a-token");
    expect(unknown.status).toBe(401);
    const missing = await api.call("post", "/token", {
      json: { grant_type: "refresh_token" },
      headers: { "accept-language": "en" },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      { field: "refresh_token", key: "validation.required", message: "This field is mandatory" },
    ]);
  });
});

describe("sign-in", () => {
  it("has the login form's outcomes: a wrong password, then the throttle after five", async () => {
    const wrong = await api.call("post", "/token", {
      form: { grant_type: "password", email: "candidate.fr@demo.test", password: "nope" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.key).toBe("invalid_credential");
    for (let i = 0; i < 5; i++)
      await api.call("post", "/token", {
        form: { grant_type: "password", email: "candidate.fr@demo.test", password: "nope" },
      });
    const blocked = await api.call("post", "/token", {
      form: { grant_type: "password", email: "candidate.fr@demo.test", password: DEMO_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.key).toBe("temporarily_blocked");
  });

  it("signs agency staff in too, with their own account type", async () => {
    const staff = await api.signIn("consultant.ge@demo.test", DEMO_PASSWORD);
    expect((await api.call("get", "/me", { token: staff.access_token })).body.role).toBe("ADMIN_CONSULTANT");
  });
});

describe("revocation", () => {
  it("logs out by the refresh token (RFC 7009) and by the list of the person's families", async () => {
    const a = await api.signIn("manager@demo.test", DEMO_PASSWORD, "client A");
    const b = await api.signIn("manager@demo.test", DEMO_PASSWORD, "client B");
    expect((await api.call("post", "/token/revoke", { form: { token: a.refresh_token } })).status).toBe(200);
    expect(await meStatus(a.access_token)).toBe(401);
    expect((await refresh(a.refresh_token)).status).toBe(401);
    // the same answer for a token that is no one's
    expect((await api.call("post", "/token/revoke", { form: { token: "whatever" } })).status).toBe(200);

    const c = await api.signIn("manager@demo.test", DEMO_PASSWORD, "client C");
    const listed = await api.call("get", "/me/tokens", { token: b.access_token });
    const names = listed.body.map((f: { clientName: string }) => f.clientName);
    expect(names).toEqual(expect.arrayContaining(["client B", "client C"]));
    expect(names).not.toContain("client A");
    expect(listed.body.find((f: { current: boolean }) => f.current).clientName).toBe("client B");
    const cFamily = listed.body.find((f: { clientName: string }) => f.clientName === "client C").id;

    // another person's family reads as not found, and stays
    const other = await api.signIn("client@demo.test", DEMO_PASSWORD);
    expect((await api.call("delete", `/me/tokens/${cFamily}`, { token: other.access_token })).status).toBe(404);
    expect(await meStatus(c.access_token)).toBe(200);
    expect((await api.call("delete", `/me/tokens/${cFamily}`, { token: b.access_token })).status).toBe(200);
    expect(await meStatus(c.access_token)).toBe(401);
    expect(await meStatus(b.access_token)).toBe(200);
  });

  it("ends every family with a password change, as it ends sessions", async () => {
    const t = await api.signIn("tom.girard@demo.test", DEMO_PASSWORD);
    const tom = (await app.services.identity.credentialsByEmail("tom.girard@demo.test"))!;
    await app.services.identity.changePassword(tom, DEMO_PASSWORD, "Another-Pass-2026!");
    expect(await meStatus(t.access_token)).toBe(401);
    expect((await refresh(t.refresh_token)).status).toBe(401);
    expect((await api.signIn("tom.girard@demo.test", "Another-Pass-2026!")).access_token).toBeTruthy();
  });

  it("ends every family when the account is deactivated", async () => {
    const t = await api.signIn("candidate@demo.test", DEMO_PASSWORD, "deactivation");
    const lea = (await app.services.identity.credentialsByEmail("candidate@demo.test"))!;
    await app.services.identity.deactivateAccount(lea, "test");
    expect(await meStatus(t.access_token)).toBe(401);
    expect((await refresh(t.refresh_token)).status).toBe(401);
    // and the password grant has the login's refusal for a closed account
    const refused = await api.call("post", "/token", {
      form: { grant_type: "password", email: "candidate@demo.test", password: DEMO_PASSWORD },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.key).toBe("REACTIVATE_ACCOUNT");
    await app.services.identity.reactivateAccount(lea);
  });
});

describe("erasure", () => {
  it("revokes the person's families and leaves no row of them", async () => {
    const t = await api.signIn("ana.silva@demo.test", DEMO_PASSWORD, "to be erased");
    const ana = (await app.services.identity.credentialsByEmail("ana.silva@demo.test"))!;
    const admin = (await app.services.identity.credentialsByEmail("admin@demo.test"))!;
    await app.services.erasure.requestErasure(ana, DEMO_PASSWORD);
    await app.services.erasure.carryOutErasure(admin, ana.id);
    expect(await meStatus(t.access_token)).toBe(401);
    expect((await refresh(t.refresh_token)).status).toBe(401);
    expect(await app.db.sql`select 1 from api_token_families where user_id = ${ana.id}`).toHaveLength(0);
  });
});

describe("the security page", () => {
  const PAGE = encodeURIComponent("routes/_app+/parametres");
  it("lists the person's API token families and revokes one (another's id: not found)", async () => {
    const phone = await api.signIn("client.lyon@demo.test", DEMO_PASSWORD, "Phone app");
    const foreign = await api.signIn("consultant.ge@demo.test", DEMO_PASSWORD, "Foreign app");
    const cookie = await loginCookie(app.url, "client.lyon@demo.test", false);
    const page = await (await fetch(`${app.url}/parametres?_data=${PAGE}`, { headers: { cookie } })).json();
    const family = page.apiTokens.find((f: { clientName: string }) => f.clientName === "Phone app");
    expect(family).toBeDefined();
    expect(page.apiTokens.map((f: { clientName: string }) => f.clientName)).not.toContain("Foreign app");

    const revoke = (familyId: string) =>
      fetch(`${app.url}/parametres?_data=${PAGE}`, {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams({ intent: "revoke-api-token", familyId }),
      });
    const foreignFamily = (await api.call("get", "/me/tokens", { token: foreign.access_token })).body[0].id;
    expect((await revoke(foreignFamily)).status).toBe(404);
    expect((await revoke("not-an-id")).status).toBe(404);
    expect(await meStatus(foreign.access_token)).toBe(200);

    const done = await revoke(family.id);
    expect(done.status).toBe(200);
    expect((await done.json()).apiTokenRevoked).toBe(true);
    expect(await meStatus(phone.access_token)).toBe(401);
    expect((await refresh(phone.refresh_token)).status).toBe(401);
    const after = await (await fetch(`${app.url}/parametres?_data=${PAGE}`, { headers: { cookie } })).json();
    expect(after.apiTokens.map((f: { id: string }) => f.id)).not.toContain(family.id);
  });
});

describe("bearer only", () => {
  it("opens nothing with the session cookie, and needs no origin check", async () => {
    const cookie = await loginCookie(app.url, "consultant.lyon@demo.test", false);
    const res = await api.call("get", "/me", { headers: { cookie } });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain("Bearer");
    // a client on another site may call the token endpoint (no cookie is involved)
    const cross = await api.call("post", "/token", {
      form: { grant_type: "password", email: "consultant.lyon@demo.test", password: DEMO_PASSWORD },
      headers: { origin: "https://elsewhere.example" },
    });
    expect(cross.status).toBe(200);
  });
});
