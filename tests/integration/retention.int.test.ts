import { describe, expect, it } from "vitest";
import { integrationHarness, type Actor } from "../support/harness";

/**
 * Retention (issue 30, ADR 0048) with the injected clock: a candidate inactive for two years is
 * warned 30 days before (mail with a keep-my-account link) and erased on the day, never a day
 * early; the link or a sign-in cancels it; other people stay. Expired one-time tokens go too.
 */
const { db, domain, clock } = integrationHarness({ clock: true, domain: { publicUrl: "https://missio.example" } });
const DAY = 86_400_000;

let n = 0;
async function person(role: "CANDIDATE" | "PLATFORM_ADMIN" = "CANDIDATE"): Promise<Actor & { email: string }> {
  const email = `retention.${++n}@example.test`;
  const id = await domain.identity.registerUser({
    email,
    password: "Solid-Pass-2026",
    firstName: `Zoé${n}`,
    lastName: "Keller",
    role,
    locale: "de",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  return { id, role, agencyId: null, clientId: null, email };
}

/** The account's creation (the event's time): the start of its two years. */
async function createdAt(p: { id: string }): Promise<number> {
  const [r] = await db.sql<{ at: Date }[]>`select created_at as at from rm_users where id = ${p.id}`;
  return r!.at.getTime();
}
const at = (ms: number) => clock.set(ms);
const exists = async (p: { id: string }) => (await domain.identity.credentialsById(p.id)) !== null;
async function warnings(to: string) {
  return db.sql<{ locale: string; link: string; date: string }[]>`
    select locale, params->>'link' as link, params->>'date' as date from mail_outbox
    where recipient = ${to} and template = 'retentionWarning'`;
}
const tokenOf = (link: string) => link.split("/").pop()!;

describe("retention", () => {
  it(
    "warns 30 days before two years without activity, erases on the day; the link and a sign-in cancel",
    { timeout: 60_000 },
    async () => {
      const idle = await person();
      const keepsByLink = await person();
      const signsIn = await person();
      const admin = await person("PLATFORM_ADMIN");
      const later = await person();
      const consents = await person();
      await domain.candidates.saveProfile(consents, {
        type: "SaveTalentPool",
        expectedVersion: 0,
        values: { talentPool: "yes" },
      });
      const t0 = await createdAt(signsIn);
      // "later" was last active ten days after the others (a sign-in then)
      at(t0 + 10 * DAY);
      await domain.erasure.signedIn(later.id);
      const warnDay = t0 + 700 * DAY; // 730 days of inactivity, warned 30 days before
      const dueDay = warnDay + 30 * DAY;

      // the day before the warning: nothing
      at(warnDay - DAY);
      expect((await domain.erasure.applyRetention()).warned).toBe(0);
      expect(await warnings(idle.email)).toEqual([]);

      // 30 days before the two years: the three idle candidates are warned, in their language
      at(warnDay);
      expect((await domain.erasure.applyRetention()).warned).toBe(3);
      const [mail] = await warnings(idle.email);
      expect(mail).toMatchObject({ locale: "de", date: new Date(dueDay).toISOString().slice(0, 10) });
      expect(mail!.link).toMatch(/^https:\/\/missio\.example\/conservation\/annulation\/[\w-]{40,}$/);
      expect(await warnings(later.email)).toEqual([]);
      expect(await warnings(admin.email)).toEqual([]);
      // consent to stay in the talent pool exempts
      expect(await warnings(consents.email)).toEqual([]);
      // the next day: no second warning
      at(warnDay + DAY);
      expect((await domain.erasure.applyRetention()).warned).toBe(0);
      expect(await warnings(idle.email)).toHaveLength(1);

      // the link: GET shows the date, POST cancels once; a wrong link does nothing
      const [linkMail] = await warnings(keepsByLink.email);
      const token = tokenOf(linkMail!.link);
      expect(await domain.erasure.retentionWarning(token)).toEqual({ dueAt: new Date(dueDay).toISOString() });
      expect(await domain.erasure.retentionWarning("not-a-token")).toBeNull();
      expect(await domain.erasure.cancelRetention("not-a-token")).toBe(false);
      expect(await domain.erasure.cancelRetention(token)).toBe(true);
      expect(await domain.erasure.cancelRetention(token)).toBe(false);
      expect(await domain.erasure.retentionWarning(token)).toBeNull();

      // a sign-in cancels too
      await domain.erasure.signedIn(signsIn.id);
      expect(await domain.erasure.myErasureRequest(signsIn)).toBeNull();

      // the candidate registered ten days later: warned ten days later, not the day before
      at(warnDay + 9 * DAY);
      expect((await domain.erasure.applyRetention()).warned).toBe(0);
      at(warnDay + 10 * DAY);
      expect((await domain.erasure.applyRetention()).warned).toBe(1);
      expect(await warnings(later.email)).toHaveLength(1);

      // the day before it falls due: nobody is erased
      at(dueDay - DAY);
      expect(await domain.erasure.carryOutDueErasures()).toBe(0);
      expect(await exists(idle)).toBe(true);

      // on the day: the idle candidate only
      at(dueDay);
      expect(await domain.erasure.carryOutDueErasures()).toBe(1);
      expect(await exists(idle)).toBe(false);
      for (const kept of [keepsByLink, signsIn, admin, later, consents]) expect(await exists(kept)).toBe(true);
      // the link and the sign-in restarted their two years: no new warning
      expect((await domain.erasure.applyRetention()).warned).toBe(0);
      expect(await warnings(keepsByLink.email)).toHaveLength(1);
      expect(await warnings(signsIn.email)).toHaveLength(1);

      // the admins' retention page: what falls due in the next 30 days and what the warnings became
      const overview = await domain.erasure.retentionOverview(admin);
      expect(overview.rules.find((r) => r.id === "inactive-candidate")).toMatchObject({
        delayDays: 730,
        upcoming: 1,
        nextDueAt: new Date(dueDay + 10 * DAY).toISOString(),
        warned: 4,
        cancelled: 2,
        erased: 1,
      });
      expect(overview.rules.find((r) => r.id === "candidate-abroad")).toMatchObject({ upcoming: 0, warned: 0 });
      expect(overview.rules.every((r) => r.source.length > 0)).toBe(true);
      await expect(domain.erasure.retentionOverview(later)).rejects.toMatchObject({ kind: "forbidden" });
    },
  );

  it("a candidate sees and changes only their own consents, with the history from the event log", async () => {
    const zoe = await person();
    const other = await person();
    expect(await domain.candidates.myConsents(zoe)).toMatchObject({ talentPool: false, history: [] });
    await domain.candidates.saveProfile(zoe, {
      type: "SaveTalentPool",
      expectedVersion: 0,
      values: { talentPool: "yes" },
    });
    await domain.candidates.saveProfile(zoe, {
      type: "SaveLibraryVisibility",
      expectedVersion: 0,
      values: { visibility: "hidden" },
    });
    await domain.candidates.saveProfile(zoe, {
      type: "SaveTalentPool",
      expectedVersion: 1,
      values: { talentPool: "no" },
    });
    const mine = await domain.candidates.myConsents(zoe);
    expect(mine).toMatchObject({
      talentPool: false,
      libraryVisibility: "hidden",
      versions: { talentPool: 2, library: 1 },
    });
    expect(mine.history.map((h) => `${h.consent}:${h.value}`)).toEqual([
      "talentPool:no",
      "library:hidden",
      "talentPool:yes",
    ]);
    // a stale form is refused, bad input too; the other candidate is untouched
    await expect(
      domain.candidates.saveProfile(zoe, { type: "SaveTalentPool", expectedVersion: 1, values: { talentPool: "yes" } }),
    ).rejects.toBeTruthy();
    await expect(
      domain.candidates.saveProfile(zoe, {
        type: "SaveTalentPool",
        expectedVersion: 2,
        values: { talentPool: "maybe" },
      }),
    ).rejects.toMatchObject({ kind: "invalid" });
    expect(await domain.candidates.myConsents(other)).toMatchObject({ talentPool: false, history: [] });
    // staff have no consents to change
    const admin = await person("PLATFORM_ADMIN");
    await expect(
      domain.candidates.saveProfile(admin, {
        type: "SaveTalentPool",
        expectedVersion: 0,
        values: { talentPool: "yes" },
      }),
    ).rejects.toMatchObject({ kind: "forbidden" });
  });

  it("forgets one-time tokens once expired, not before", async () => {
    const start = Date.now();
    at(start);
    const p = await person();
    await domain.identity.requestPasswordReset(p.email);
    const count = async () =>
      (await db.sql<{ n: number }[]>`select count(*)::int as n from rm_account_tokens where user_id = ${p.id}`)[0]!.n;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    at(start + 59 * 60_000);
    await domain.identity.purgeExpiredTokens();
    expect(await count()).toBe(before);
    at(start + 61 * 60_000);
    expect(await domain.identity.purgeExpiredTokens()).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(0);
  });
});
