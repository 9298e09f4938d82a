import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  DEMO_PASSWORD,
  MAX_MAIL_ATTEMPTS,
  RESET_TOKEN_MS,
  createThrottle,
  dispatchMail,
  queueMail,
  integrationHarness,
  type OutgoingMail,
} from "../support/harness";
import { waitFor } from "../support/wait";

const { db, domain, clock } = integrationHarness({
  clock: "2026-11-22T10:00:00Z",
  domain: { publicUrl: "http://missio.test" },
  seed: true,
});

/** The token of the newest mail to `to`, read from its link. */
async function lastLink(to: string) {
  const [row] = await db.sql<
    { params: { link: string } }[]
  >`select params from mail_outbox where recipient = ${to} order by created_at desc limit 1`;
  return row!.params.link.split("/").at(-1)!;
}

describe("password reset links", () => {
  it("are single-use", async () => {
    await domain.identity.requestPasswordReset("candidate.fr@demo.test");
    const token = await lastLink("candidate.fr@demo.test");
    await domain.identity.setPasswordWithToken(token, "Nouveau.Passe-2027");
    await expect(domain.identity.setPasswordWithToken(token, "Autre.Passe-2028")).rejects.toMatchObject({
      key: "token_used",
    });
    const user = await domain.identity.credentialsByEmail("candidate.fr@demo.test");
    expect(
      await domain.identity.authenticator.authenticate(
        "form",
        loginRequest("candidate.fr@demo.test", "Nouveau.Passe-2027"),
      ),
    ).toMatchObject({ id: user!.id });
  });

  it("expire after an hour", async () => {
    await domain.identity.requestPasswordReset("candidate@demo.test");
    const token = await lastLink("candidate@demo.test");
    expect(await domain.identity.tokenState(token, ["reset"])).toBe("valid");
    clock.advance(RESET_TOKEN_MS + 1000);
    await expect(domain.identity.setPasswordWithToken(token, "Nouveau.Passe-2027")).rejects.toMatchObject({
      key: "token_expired",
    });
    // the old password still works
    await expect(
      domain.identity.authenticator.authenticate("form", loginRequest("candidate@demo.test", DEMO_PASSWORD)),
    ).resolves.toBeTruthy();
  });

  it("cannot be forged or used for another purpose", async () => {
    await expect(domain.identity.setPasswordWithToken("forged-token", "Nouveau.Passe-2027")).rejects.toMatchObject({
      key: "token_invalid",
    });
    const user = await domain.identity.credentialsByEmail("manager@demo.test");
    await domain.identity.changeEmail(user!, "manager.new@demo.test", DEMO_PASSWORD);
    const verifyToken = await lastLink("manager.new@demo.test");
    await expect(domain.identity.setPasswordWithToken(verifyToken, "Nouveau.Passe-2027")).rejects.toMatchObject({
      key: "token_invalid",
    });
    await domain.identity.verifyEmail(verifyToken);
    expect((await domain.identity.userById(user!.id))?.verified).toBe(true);
  });

  it("are refused for an unknown email, and no mail is written", async () => {
    const before = await db.sql`select count(*)::int as n from mail_outbox`;
    await expect(domain.identity.requestPasswordReset("nobody@demo.test")).rejects.toMatchObject({
      key: "email_not_exist",
    });
    expect(await db.sql`select count(*)::int as n from mail_outbox`).toEqual(before);
  });
});

describe("changing the email", () => {
  it("needs the current password, tells the old address, whose single-use link gives it back and signs everyone out", async () => {
    const user = (await domain.identity.credentialsByEmail("client@demo.test"))!;
    await expect(domain.identity.changeEmail(user, "taken.over@evil.test", "not the password")).rejects.toMatchObject({
      kind: "invalid",
      key: "incorrect_password",
      field: "currentPassword",
    });
    expect((await domain.identity.userById(user.id))?.email).toBe("client@demo.test");

    await domain.identity.changeEmail(user, "taken.over@evil.test", DEMO_PASSWORD);
    const [notice] = await db.sql<{ template: string; params: { email: string; link: string } }[]>`
      select template, params from mail_outbox where recipient = 'client@demo.test' order by created_at desc limit 1`;
    expect(notice).toMatchObject({ template: "emailChangedNotice", params: { email: "taken.over@evil.test" } });
    expect(notice!.params.link).toMatch(/^http:\/\/missio\.test\/restore-email\//);
    const token = notice!.params.link.split("/").at(-1)!;
    expect(await domain.identity.tokenState(token, ["restore_email"])).toBe("valid");
    // the new address's verification link cannot undo, nor the undo link verify
    await expect(domain.identity.verifyEmail(token)).rejects.toMatchObject({ key: "token_invalid" });
    await expect(domain.identity.restoreEmail(await lastLink("taken.over@evil.test"))).rejects.toMatchObject({
      key: "token_invalid",
    });

    // whoever took over signed in with the new address: the undo ends that session too
    await db.sql`insert into sessions (id, user_id, data, expires_at) values ('restore-test-session', ${user.id}, '{}', now() + interval '1 day')`;
    await domain.identity.restoreEmail(token);
    expect(await domain.identity.userById(user.id)).toMatchObject({ email: "client@demo.test", verified: true });
    expect(await db.sql`select id from sessions where user_id = ${user.id}`).toHaveLength(0);
    await expect(domain.identity.restoreEmail(token)).rejects.toMatchObject({ key: "token_used" });
    expect(await domain.identity.credentialsByEmail("taken.over@evil.test")).toBeNull();
  });
});

function loginRequest(email: string, password: string) {
  return new Request("http://missio.test/login", { method: "POST", body: new URLSearchParams({ email, password }) });
}

describe("throttling", () => {
  it("blocks an account and an address after repeated failures, and lifts by itself", async () => {
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    const throttle = createThrottle(pool, {
      loginFailsPerAccount: 3,
      loginFailsPerIp: 5,
      loginBlockSeconds: 1,
      requestsPerIp: 2,
      requestWindowSeconds: 1,
      emailChecksPerIp: 3,
      emailCheckWindowSeconds: 1,
    });
    try {
      for (let i = 0; i < 3; i++) {
        await throttle.assertLoginAllowed("x@demo.test", "10.0.0.1");
        await throttle.loginFailed("x@demo.test", "10.0.0.1");
      }
      await expect(throttle.assertLoginAllowed("x@demo.test", "10.0.0.2")).rejects.toMatchObject({
        key: "temporarily_blocked",
      });
      // the counter's key is the address's hash: as typed ("X@demo.test " is the same account), never the address
      await expect(throttle.assertLoginAllowed(" X@Demo.test ", "10.0.0.2")).rejects.toMatchObject({
        key: "temporarily_blocked",
      });
      expect(await db.sql`select key from rate_limits where key like '%@%'`).toEqual([]);
      // another account from the same address is still allowed, until the address limit
      await throttle.assertLoginAllowed("y@demo.test", "10.0.0.1");
      await throttle.loginFailed("y@demo.test", "10.0.0.1");
      await throttle.loginFailed("y@demo.test", "10.0.0.1");
      await expect(throttle.assertLoginAllowed("z@demo.test", "10.0.0.1")).rejects.toMatchObject({
        key: "temporarily_blocked",
      });

      await throttle.consume("reset", "10.0.0.3");
      await throttle.consume("reset", "10.0.0.3");
      await expect(throttle.consume("reset", "10.0.0.3")).rejects.toMatchObject({ key: "temporarily_blocked" });
      // email checks have their own count: the requests above do not use it up, and it blocks on its own
      for (let i = 0; i < 3; i++) await throttle.consume("email_check", "10.0.0.3");
      await expect(throttle.consume("email_check", "10.0.0.3")).rejects.toMatchObject({ key: "temporarily_blocked" });

      const lifted = (attempt: () => Promise<void>) => async () =>
        (await attempt().then(
          () => true,
          () => false,
        )) || undefined;
      await waitFor(
        lifted(() => throttle.assertLoginAllowed("x@demo.test", "10.0.0.9")),
        { timeout: 5000, message: "the login block to lift" },
      );
      await waitFor(
        lifted(() => throttle.consume("reset", "10.0.0.3")),
        { timeout: 5000, message: "the request block to lift" },
      );
    } finally {
      await pool.end();
    }
  });
});

describe("mail outbox", () => {
  it("retries a failing send and marks the mail sent, or failed after the last attempt", async () => {
    const sent: OutgoingMail[] = [];
    let failures = 1;
    const flaky = async (mail: OutgoingMail) => {
      if (failures-- > 0) throw new Error("SMTP 451 try again");
      sent.push(mail);
    };
    const id = await db.sql.begin((tx) =>
      queueMail(tx, {
        to: "a@demo.test",
        locale: "de",
        template: "resetPassword",
        params: { name: "Anna", link: "http://x/y" },
      }),
    );
    await expect(dispatchMail(db.sql, id, flaky)).rejects.toThrow(/451/);
    expect((await db.sql`select status, attempts, last_error from mail_outbox where id = ${id}`)[0]).toMatchObject({
      status: "pending",
      attempts: 1,
    });
    expect(await dispatchMail(db.sql, id, flaky)).toBe("sent");
    expect(sent[0]).toMatchObject({ to: "a@demo.test", subject: "Passwort zurücksetzen" });
    expect(sent[0]!.text).toContain("http://x/y");
    // idempotent: a second delivery of the job sends nothing
    expect(await dispatchMail(db.sql, id, flaky)).toBe("skipped");
    expect(sent).toHaveLength(1);

    const doomed = await db.sql.begin((tx) =>
      queueMail(tx, {
        to: "b@demo.test",
        locale: "fr",
        template: "verifyEmail",
        params: { name: "B", link: "http://x" },
      }),
    );
    const down = async () => {
      throw new Error("connection refused");
    };
    for (let i = 0; i < MAX_MAIL_ATTEMPTS; i++) await expect(dispatchMail(db.sql, doomed, down)).rejects.toThrow();
    expect((await db.sql`select status from mail_outbox where id = ${doomed}`)[0]).toMatchObject({ status: "failed" });
  });

  it("writes no mail when the command that would cause it fails", async () => {
    const before = (await db.sql<{ n: number }[]>`select count(*)::int as n from mail_outbox`)[0]!.n;
    await expect(
      domain.identity.registerUser({
        email: "candidate@demo.test",
        password: "Whatever.Pass-1",
        firstName: "A",
        lastName: "B",
        role: "CANDIDATE",
        locale: "fr",
        country: "CH",
        agencyId: null,
        clientId: null,
        verified: false,
      }),
    ).rejects.toMatchObject({ key: "email_exist" });
    expect((await db.sql<{ n: number }[]>`select count(*)::int as n from mail_outbox`)[0]!.n).toBe(before);
  });

  it("keeps mails when no SMTP is configured", async () => {
    const id = await db.sql.begin((tx) =>
      queueMail(tx, {
        to: "c@demo.test",
        locale: "it",
        template: "verifyEmail",
        params: { name: "C", link: "http://x" },
      }),
    );
    expect(await dispatchMail(db.sql, id, null)).toBe("kept");
    const kept = await domain.notifications.keptMails();
    expect(kept.find((m) => m.id === id)).toMatchObject({
      to: "c@demo.test",
      subject: "Confermi il suo indirizzo e-mail",
    });
  });
});
