import { describe, expect, it } from "vitest";
import { loadEnv } from "../../env";
import { socialProvidersFromEnv, verifiedEmail } from "./social-login";

const env = (vars: Record<string, string>) => loadEnv({ NODE_ENV: "test", ...vars });

describe("social login configuration", () => {
  it("enables a provider only when both its client id and secret are set", () => {
    expect(socialProvidersFromEnv(env({}))).toEqual({});
    expect(socialProvidersFromEnv(env({ OIDC_GOOGLE_CLIENT_ID: "id" }))).toEqual({});
    expect(socialProvidersFromEnv(env({ OIDC_LINKEDIN_CLIENT_ID: "id", OIDC_LINKEDIN_CLIENT_SECRET: "" }))).toEqual({});
    expect(socialProvidersFromEnv(env({ OIDC_GOOGLE_CLIENT_ID: "gid", OIDC_GOOGLE_CLIENT_SECRET: "gsecret" }))).toEqual(
      {
        google: { issuer: "https://accounts.google.com", clientId: "gid", clientSecret: "gsecret" },
      },
    );
    expect(
      socialProvidersFromEnv(
        env({ OIDC_LINKEDIN_CLIENT_ID: "lid", OIDC_LINKEDIN_CLIENT_SECRET: "lsecret", OIDC_LINKEDIN_ISSUER: "" }),
      ),
    ).toEqual({
      linkedin: { issuer: "https://www.linkedin.com/oauth", clientId: "lid", clientSecret: "lsecret" },
    });
  });

  it("refuses an issuer that is not a URL", () => {
    expect(() => env({ OIDC_GOOGLE_ISSUER: "accounts.google.com" })).toThrow(/OIDC_GOOGLE_ISSUER/);
  });
});

describe("verifiedEmail", () => {
  it("takes the email only when the provider says it is verified", () => {
    expect(verifiedEmail({ email: "Ann@Example.test ", email_verified: true })).toBe("ann@example.test");
    expect(verifiedEmail({ email: "ann@example.test", email_verified: "true" })).toBe("ann@example.test");
    expect(verifiedEmail({ email: "ann@example.test", email_verified: false })).toBeNull();
    expect(verifiedEmail({ email: "ann@example.test" })).toBeNull();
    expect(verifiedEmail({ email_verified: true })).toBeNull();
    expect(verifiedEmail(undefined)).toBeNull();
  });
});
