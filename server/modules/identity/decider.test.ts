import { describe, expect, it } from "vitest";
import { given, type DecideContext } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { userDecider, type RegisterUser } from "./decider";
import type { AccountDeactivated, AccountTokenIssued, TokenPurpose, UserEvent, UserRegistered } from "./events";
import type { Recorded } from "../../event-store/types";

const NOW = "2026-03-02T09:00:00.000Z";
const ctxAt = (at: string): DecideContext => ({
  clock: fixedClock(at),
  ids: { uuid: () => "00000000-0000-4000-8000-000000000099" },
});
const ctx = ctxAt(NOW);
const U = "22222222-2222-4222-8222-222222222222";
const AGENCY = "11111111-1111-4111-8111-111111111111";

const register = (over: Partial<RegisterUser> = {}): RegisterUser => ({
  type: "RegisterUser",
  userId: U,
  email: "Lea.Muller@Example.test",
  passwordHash: "$argon2id$hash",
  firstName: "Léa",
  lastName: "Müller",
  role: "CANDIDATE",
  locale: "fr",
  country: "CH",
  agencyId: null,
  clientId: null,
  verified: false,
  ...over,
});

/** How events come back from the store: the personal part merged into data. */
const registered = (verified = false): Recorded<UserRegistered> => ({
  type: "UserRegistered",
  data: {
    userId: U,
    role: "CANDIDATE",
    locale: "fr",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified,
    email: "lea.muller@example.test",
    firstName: "Léa",
    lastName: "Müller",
    passwordHash: "$argon2id$hash",
  },
});
const issued = (
  purpose: TokenPurpose,
  tokenHash: string,
  expiresAt = "2026-03-03T09:00:00.000Z",
): Recorded<AccountTokenIssued> => ({
  type: "AccountTokenIssued",
  data: { userId: U, purpose, tokenHash, expiresAt },
});

describe("user decider: RegisterUser", () => {
  it("registers a candidate, sealing email (lower-cased), names and hash as personal data", () => {
    expect(given(userDecider, []).when(register(), ctx).then()).toEqual([
      {
        type: "UserRegistered",
        data: {
          userId: U,
          role: "CANDIDATE",
          locale: "fr",
          country: "CH",
          agencyId: null,
          clientId: null,
          verified: false,
        },
        personal: {
          subjectId: U,
          data: {
            email: "lea.muller@example.test",
            firstName: "Léa",
            lastName: "Müller",
            passwordHash: "$argon2id$hash",
          },
        },
      },
    ]);
  });

  it("registers agency staff with their agency and a platform admin without one", () => {
    expect(
      given(userDecider, [])
        .when(register({ role: "ADMIN_CONSULTANT", agencyId: AGENCY }), ctx)
        .then()[0]!.data,
    ).toMatchObject({ role: "ADMIN_CONSULTANT", agencyId: AGENCY });
    expect(
      given(userDecider, [])
        .when(register({ role: "PLATFORM_ADMIN" }), ctx)
        .thenError(),
    ).toBeNull();
  });

  it("refuses a second registration of the same account (email_exist)", () => {
    expect(given(userDecider, [registered()]).when(register(), ctx).thenError()).toBe("email_exist");
  });

  it("refuses agency staff without an agency and a candidate with one (failed_operation)", () => {
    expect(
      given(userDecider, [])
        .when(register({ role: "ADMIN_CONSULTANT", agencyId: null }), ctx)
        .thenError(),
    ).toBe("failed_operation");
    expect(
      given(userDecider, [])
        .when(register({ role: "CLIENT", agencyId: null }), ctx)
        .thenError(),
    ).toBe("failed_operation");
    expect(
      given(userDecider, [])
        .when(register({ role: "CANDIDATE", agencyId: AGENCY }), ctx)
        .thenError(),
    ).toBe("failed_operation");
  });
});

describe("user decider: commands on an account that does not exist", () => {
  it.each([
    { type: "IssueToken", purpose: "verify", tokenHash: "h", validForMs: 1000 },
    { type: "VerifyEmail", tokenHash: "h" },
    { type: "ResetPassword", tokenHash: "h", passwordHash: "x" },
    { type: "ChangePassword", passwordHash: "x" },
    { type: "ChangeEmail", email: "a@b.test" },
    { type: "Deactivate", by: "self", reason: "r" },
    { type: "Reactivate", by: "agency" },
  ] as const)("$type fails with failed_operation", (command) => {
    expect(given(userDecider, []).when(command, ctx).thenError()).toBe("failed_operation");
  });
});

describe("user decider: IssueToken", () => {
  it("issues a verification token expiring validForMs after now", () => {
    expect(
      given(userDecider, [registered()])
        .when({ type: "IssueToken", purpose: "verify", tokenHash: "h1", validForMs: 48 * 3600_000 }, ctx)
        .then(),
    ).toEqual([
      {
        type: "AccountTokenIssued",
        data: { userId: U, purpose: "verify", tokenHash: "h1", expiresAt: "2026-03-04T09:00:00.000Z" },
      },
    ]);
  });

  it("refuses a verification token for a verified account (verified_account)", () => {
    expect(
      given(userDecider, [registered(true)])
        .when({ type: "IssueToken", purpose: "verify", tokenHash: "h1", validForMs: 1000 }, ctx)
        .thenError(),
    ).toBe("verified_account");
  });

  it("issues a reset token for a verified account", () => {
    expect(
      given(userDecider, [registered(true)])
        .when({ type: "IssueToken", purpose: "reset", tokenHash: "h1", validForMs: 3600_000 }, ctx)
        .then()[0]!.type,
    ).toBe("AccountTokenIssued");
  });
});

describe("user decider: VerifyEmail", () => {
  it("verifies with a valid token", () => {
    expect(
      given(userDecider, [registered(), issued("verify", "h1")])
        .when({ type: "VerifyEmail", tokenHash: "h1" }, ctx)
        .then(),
    ).toEqual([{ type: "EmailVerified", data: { userId: U, tokenHash: "h1" } }]);
  });

  it("refuses an unknown token or a reset token (token_invalid)", () => {
    expect(
      given(userDecider, [registered(), issued("verify", "h1")])
        .when({ type: "VerifyEmail", tokenHash: "other" }, ctx)
        .thenError(),
    ).toBe("token_invalid");
    expect(
      given(userDecider, [registered(), issued("reset", "h1")])
        .when({ type: "VerifyEmail", tokenHash: "h1" }, ctx)
        .thenError(),
    ).toBe("token_invalid");
  });

  it("refuses a token used once already (token_used)", () => {
    const past: Recorded<UserEvent>[] = [
      registered(),
      issued("verify", "h1"),
      { type: "EmailVerified", data: { userId: U, tokenHash: "h1" } },
    ];
    expect(given(userDecider, past).when({ type: "VerifyEmail", tokenHash: "h1" }, ctx).thenError()).toBe("token_used");
  });

  it("accepts a token up to its expiry and refuses it after (token_expired)", () => {
    const past: Recorded<UserEvent>[] = [registered(), issued("verify", "h1", "2026-03-02T10:00:00.000Z")];
    expect(
      given(userDecider, past)
        .when({ type: "VerifyEmail", tokenHash: "h1" }, ctxAt("2026-03-02T10:00:00.000Z"))
        .thenError(),
    ).toBeNull();
    expect(
      given(userDecider, past)
        .when({ type: "VerifyEmail", tokenHash: "h1" }, ctxAt("2026-03-02T10:00:00.001Z"))
        .thenError(),
    ).toBe("token_expired");
  });
});

describe("user decider: ResetPassword and ChangePassword", () => {
  it("resets the password with a valid reset token, the new hash sealed", () => {
    expect(
      given(userDecider, [registered(true), issued("reset", "r1")])
        .when({ type: "ResetPassword", tokenHash: "r1", passwordHash: "new" }, ctx)
        .then(),
    ).toEqual([
      {
        type: "PasswordChanged",
        data: { userId: U, tokenHash: "r1" },
        personal: { subjectId: U, data: { passwordHash: "new" } },
      },
    ]);
  });

  it("refuses a verification token, a used one and an expired one", () => {
    expect(
      given(userDecider, [registered(), issued("verify", "v1")])
        .when({ type: "ResetPassword", tokenHash: "v1", passwordHash: "x" }, ctx)
        .thenError(),
    ).toBe("token_invalid");
    const used: Recorded<UserEvent>[] = [
      registered(),
      issued("reset", "r1"),
      { type: "PasswordChanged", data: { userId: U, tokenHash: "r1", passwordHash: "x" } },
    ];
    expect(
      given(userDecider, used).when({ type: "ResetPassword", tokenHash: "r1", passwordHash: "y" }, ctx).thenError(),
    ).toBe("token_used");
    const expired: Recorded<UserEvent>[] = [registered(), issued("reset", "r1", "2026-03-02T08:59:59.999Z")];
    expect(
      given(userDecider, expired).when({ type: "ResetPassword", tokenHash: "r1", passwordHash: "y" }, ctx).thenError(),
    ).toBe("token_expired");
  });

  it("changes the password of a signed-in person (no token)", () => {
    expect(
      given(userDecider, [registered(true)])
        .when({ type: "ChangePassword", passwordHash: "new" }, ctx)
        .then(),
    ).toEqual([
      {
        type: "PasswordChanged",
        data: { userId: U, tokenHash: null },
        personal: { subjectId: U, data: { passwordHash: "new" } },
      },
    ]);
  });
});

describe("user decider: ChangeEmail", () => {
  it("changes the email (lower-cased, sealed)", () => {
    expect(
      given(userDecider, [registered(true)])
        .when({ type: "ChangeEmail", email: "New@Example.test" }, ctx)
        .then(),
    ).toEqual([
      { type: "EmailChanged", data: { userId: U }, personal: { subjectId: U, data: { email: "new@example.test" } } },
    ]);
  });

  it("refuses the address the account already has (email_exist)", () => {
    expect(
      given(userDecider, [registered(true)])
        .when({ type: "ChangeEmail", email: "LEA.MULLER@example.test" }, ctx)
        .thenError(),
    ).toBe("email_exist");
  });

  it("makes the account unverified again, so a verification token can be issued", () => {
    const past: Recorded<UserEvent>[] = [
      registered(true),
      { type: "EmailChanged", data: { userId: U, email: "new@example.test" } },
    ];
    expect(
      given(userDecider, past)
        .when({ type: "IssueToken", purpose: "verify", tokenHash: "v2", validForMs: 1000 }, ctx)
        .thenError(),
    ).toBeNull();
    expect(given(userDecider, past).when({ type: "ChangeEmail", email: "new@example.test" }, ctx).thenError()).toBe(
      "email_exist",
    );
  });
});

describe("user decider: Deactivate and Reactivate", () => {
  const deactivated = (by: "self" | "agency"): Recorded<AccountDeactivated> => ({
    type: "AccountDeactivated",
    data: { userId: U, by, reason: "r" },
  });

  it("deactivates an active account, the reason sealed", () => {
    expect(
      given(userDecider, [registered(true)])
        .when({ type: "Deactivate", by: "agency", reason: "left" }, ctx)
        .then(),
    ).toEqual([
      {
        type: "AccountDeactivated",
        data: { userId: U, by: "agency" },
        personal: { subjectId: U, data: { reason: "left" } },
      },
    ]);
  });

  it("refuses to deactivate twice (failed_operation)", () => {
    expect(
      given(userDecider, [registered(true), deactivated("self")])
        .when({ type: "Deactivate", by: "agency", reason: "r" }, ctx)
        .thenError(),
    ).toBe("failed_operation");
  });

  it("reactivates: self after self, agency after either", () => {
    expect(
      given(userDecider, [registered(true), deactivated("self")])
        .when({ type: "Reactivate", by: "self" }, ctx)
        .then(),
    ).toEqual([{ type: "AccountReactivated", data: { userId: U, by: "self" } }]);
    expect(
      given(userDecider, [registered(true), deactivated("agency")])
        .when({ type: "Reactivate", by: "agency" }, ctx)
        .thenError(),
    ).toBeNull();
    expect(
      given(userDecider, [registered(true), deactivated("self")])
        .when({ type: "Reactivate", by: "agency" }, ctx)
        .thenError(),
    ).toBeNull();
  });

  it("refuses a self-reactivation after the agency disabled the account, and reactivating an active one (failed_operation)", () => {
    expect(
      given(userDecider, [registered(true), deactivated("agency")])
        .when({ type: "Reactivate", by: "self" }, ctx)
        .thenError(),
    ).toBe("failed_operation");
    expect(
      given(userDecider, [registered(true)])
        .when({ type: "Reactivate", by: "agency" }, ctx)
        .thenError(),
    ).toBe("failed_operation");
    const again: Recorded<UserEvent>[] = [
      registered(true),
      deactivated("self"),
      { type: "AccountReactivated", data: { userId: U, by: "self" } },
    ];
    expect(given(userDecider, again).when({ type: "Reactivate", by: "self" }, ctx).thenError()).toBe(
      "failed_operation",
    );
    expect(
      given(userDecider, again).when({ type: "Deactivate", by: "self", reason: "again" }, ctx).thenError(),
    ).toBeNull();
  });
});

describe("user decider: AcceptInvitation", () => {
  it("sets the password from a valid invitation and verifies the address", () => {
    expect(
      given(userDecider, [registered(), issued("invite", "i1")])
        .when({ type: "AcceptInvitation", tokenHash: "i1", passwordHash: "new" }, ctx)
        .then(),
    ).toEqual([
      {
        type: "PasswordChanged",
        data: { userId: U, tokenHash: "i1" },
        personal: { subjectId: U, data: { passwordHash: "new" } },
      },
      { type: "EmailVerified", data: { userId: U, tokenHash: null } },
    ]);
  });

  it("refuses another kind of token, a used invitation and an expired one", () => {
    expect(
      given(userDecider, [registered(), issued("reset", "r1")])
        .when({ type: "AcceptInvitation", tokenHash: "r1", passwordHash: "x" }, ctx)
        .thenError(),
    ).toBe("token_invalid");
    expect(
      given(userDecider, [registered()])
        .when({ type: "AcceptInvitation", tokenHash: "nope", passwordHash: "x" }, ctx)
        .thenError(),
    ).toBe("token_invalid");
    const used: Recorded<UserEvent>[] = [
      registered(),
      issued("invite", "i1"),
      { type: "PasswordChanged", data: { userId: U, tokenHash: "i1", passwordHash: "x" } },
    ];
    expect(
      given(userDecider, used).when({ type: "AcceptInvitation", tokenHash: "i1", passwordHash: "y" }, ctx).thenError(),
    ).toBe("token_used");
    const expired: Recorded<UserEvent>[] = [registered(), issued("invite", "i1", "2026-03-01T09:00:00.000Z")];
    expect(
      given(userDecider, expired)
        .when({ type: "AcceptInvitation", tokenHash: "i1", passwordHash: "y" }, ctx)
        .thenError(),
    ).toBe("token_expired");
  });

  it("fails on an account that does not exist (failed_operation)", () => {
    expect(
      given(userDecider, []).when({ type: "AcceptInvitation", tokenHash: "i1", passwordHash: "x" }, ctx).thenError(),
    ).toBe("failed_operation");
  });
});
