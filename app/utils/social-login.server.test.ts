import { describe, expect, it } from "vitest";
import { loginOutcomeUrl, readLoginOutcome } from "./social-login.server";

const read = (path: string) => readLoginOutcome(new URL(path, "http://localhost"));

describe("login outcomes through the URL", () => {
  it("round-trips every outcome to the same modal or message as the form login", () => {
    expect(read(loginOutcomeUrl("WRONG_ACCOUNT_TYPE"))).toEqual({ modal: "WRONG_ACCOUNT_TYPE", error: null });
    expect(read(loginOutcomeUrl("not_verified_account"))).toEqual({ modal: "not_verified_account", error: null });
    expect(read(loginOutcomeUrl("unsaved_mail"))).toEqual({ modal: "unsaved_mail", error: null });
    expect(read(loginOutcomeUrl("social_unavailable"))).toEqual({ modal: null, error: "login.social.unavailable" });
    expect(read(loginOutcomeUrl("social_email_unverified"))).toEqual({
      modal: null,
      error: "login.social.emailUnverified",
    });
  });

  it("ignores anything else", () => {
    expect(read("/login?outcome=toString")).toEqual({ modal: null, error: null });
    expect(read("/login?outcome=verification_sent")).toEqual({ modal: null, error: null });
    expect(read("/login")).toEqual({ modal: null, error: null });
  });

  it("keeps a local redirectTo and drops an outside one", () => {
    expect(loginOutcomeUrl("unsaved_mail", "/mes-favoris?x=1")).toBe(
      "/login?outcome=unsaved_mail&redirectTo=%2Fmes-favoris%3Fx%3D1",
    );
    expect(loginOutcomeUrl("unsaved_mail", "//evil.test")).toBe("/login?outcome=unsaved_mail");
  });
});
