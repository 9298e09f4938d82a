import { expect, test } from "@playwright/test";
import { ACCOUNTS } from "../support/login";
import { fillAccount, fr, text } from "./helpers";

// The country chosen first drives the consent clauses (spec section 3: close_1..close_5,
// paragraph_4, paragraph_5 differ for France and Switzerland); the first step checks the email
// live and requires both consents. None of these tests creates a registration.

const CLAUSES = ["paragraph_4", "paragraph_5", "close_1", "close_2", "close_3", "close_4", "close_5"] as const;

test("the consent clauses are those of the chosen country, in the chosen language", async ({ page }) => {
  await page.goto("/register/user");
  await page.getByTestId("country-CH").click();
  for (const clause of CLAUSES) await expect(page.getByTestId(clause)).toHaveText(fr(`consent.CH.${clause}`));
  await expect(page.getByTestId("consent-clauses")).toContainText("nLPD");
  await expect(page.getByTestId("consent-clauses")).not.toContainText("RGPD");

  await page.getByTestId("change-country").click();
  await page.getByTestId("country-FR").click();
  for (const clause of CLAUSES) {
    await expect(page.getByTestId(clause)).toHaveText(fr(`consent.FR.${clause}`));
    expect(fr(`consent.FR.${clause}`), clause).not.toBe(fr(`consent.CH.${clause}`));
  }
  await expect(page.getByTestId("consent-clauses")).toContainText("CNIL");
  await expect(page.getByTestId("consent-clauses")).not.toContainText("nLPD");

  await page.goto("/register/user?country=CH&lng=de");
  for (const clause of CLAUSES)
    await expect(page.getByTestId(clause)).toHaveText(text("de", "register", `consent.CH.${clause}`));
  await page.goto("/register/user?lng=fr");
});

test("an address that already has an account is flagged while typing, and refused on submit", async ({ page }) => {
  await page.goto("/register/user?country=FR");
  // typed before the scripts run, the address would never be checked live
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const email = page.getByTestId("account-step").locator('input[name="email"]');
  await email.fill(ACCOUNTS.candidate);
  await expect(page.getByTestId("email-exists")).toContainText(text("fr", "common", "email_exist"));
  await email.fill(`free.${Date.now()}@example.test`);
  await expect(page.getByTestId("email-exists")).toHaveCount(0);

  await fillAccount(page, { email: ACCOUNTS.candidateFr });
  await expect(
    page
      .getByTestId("account-step")
      .getByText(text("fr", "common", "email_exist"))
      .first(),
  ).toBeVisible();
  await expect(email).toHaveValue(ACCOUNTS.candidateFr);
  await expect(page.getByTestId("profile-step")).toHaveCount(0);
});

test("the terms and data-protection consents are required, the password follows the policy", async ({ page }) => {
  await page.goto("/register/user?country=CH");
  await fillAccount(page, {
    email: `x.${Date.now()}@example.test`,
    consents: false,
    password: "short",
    confirmPassword: "other",
  });
  const form = page.getByTestId("account-step");
  await expect(form.getByText(fr("validation.consent_required"))).toHaveCount(2);
  await expect(
    form.getByText(text("fr", "common", "validation.password_policy", { numberOfCharacters: 10 })).first(),
  ).toBeVisible();
  await expect(form.getByText(text("fr", "common", "validation.passwords_differ"))).toBeVisible();
  await expect(page.getByTestId("profile-step")).toHaveCount(0);
});
