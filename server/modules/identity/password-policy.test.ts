import { describe, expect, it } from "vitest";
import { passwordPolicyError, tooSimilarToPersonalData } from "./password-policy";

describe("password policy (spec section 5)", () => {
  it.each(["Abcdefgh1@", "Zz9.zzzzzzzz", "Demo-Pass-2026", `Aa1_${"x".repeat(26)}`])("accepts %s", (p) => {
    expect(passwordPolicyError(p)).toBeNull();
  });

  it.each([
    ["too short", "Abcdef1@x"],
    ["too long", `Aa1_${"x".repeat(27)}`],
    ["no uppercase", "abcdefgh1@"],
    ["no lowercase", "ABCDEFGH1@"],
    ["no digit", "Abcdefghi@"],
    ["no special", "Abcdefghi1"],
    ["forbidden character", "Abcdefgh1@!"],
    ["space", "Abcdef gh1@"],
  ])("refuses a password with %s", (_why, p) => {
    expect(passwordPolicyError(p)).toBe("validation.password_policy");
  });

  it("refuses passwords built on the email or the names", () => {
    expect(tooSimilarToPersonalData("Lea.Muller-2026", { email: "lea.muller@demo.test" })).toBe(true);
    expect(tooSimilarToPersonalData("Müller_2026ab", { lastName: "Müller" })).toBe(true);
    expect(
      tooSimilarToPersonalData("Quartz-Piano-77", {
        email: "lea.muller@demo.test",
        firstName: "Léa",
        lastName: "Müller",
      }),
    ).toBe(false);
  });
});
