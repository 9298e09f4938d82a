import { expect, test } from "@playwright/test";
import { fillAccount, fillProfile, fr, pdf, png, text, uniqueEmail, verifyAndSignIn } from "./helpers";

// Progressive enhancement: every step is a plain HTML form posting to the route's action.
test.use({ javaScriptEnabled: false });

test("the registration works without JavaScript, errors included, through to a verified sign-in", async ({ page }) => {
  const email = uniqueEmail("nojs");
  await page.goto("/register/user");
  await page.getByTestId("country-FR").click();
  await expect(page.getByTestId("close_1")).toHaveText(fr("consent.FR.close_1"));

  // first step with mistakes: errors per field, what was typed kept (not the passwords)
  await fillAccount(page, { email, firstName: "Inès", confirmPassword: "Not-The-Same-2026", consents: false });
  const account = page.getByTestId("account-step");
  await expect(account.getByText(text("fr", "common", "validation.passwords_differ"))).toBeVisible();
  await expect(account.getByText(fr("validation.consent_required"))).toHaveCount(2);
  await expect(account.locator('input[name="email"]')).toHaveValue(email);
  await expect(account.locator('input[name="firstName"]')).toHaveValue("Inès");
  await expect(account.locator('input[name="password"]')).toHaveValue("");

  await fillAccount(page, { email, firstName: "Inès" });
  await expect(page.getByTestId("profile-step")).toBeVisible();

  // second step: an invalid CV refused, inputs kept, then more than two jobs refused
  await fillProfile(page, { cv: png("cv.pdf"), birthDate: "1999-09-09", jobs: ["cook", "waiter", "bartender"] });
  await page.getByTestId("profile-submit").click();
  await expect(page.getByTestId("profile-step").getByText(fr("cv_invalid_type"))).toBeVisible();
  await expect(
    page.getByTestId("profile-step").getByText(fr("validation.max_choices", { maxChoices: 2 })),
  ).toBeVisible();
  await expect(page.getByTestId("profile-step").locator('input[name="birthDate"]')).toHaveValue("1999-09-09");
  await expect(page.getByTestId("choice-bartender")).toBeChecked();

  await page.getByTestId("choice-bartender").uncheck();
  await page.getByTestId("profile-step").locator('input[name="cv"]').setInputFiles(pdf());
  await page.getByTestId("profile-submit").click();
  await expect(page.getByTestId("success-register-user")).toHaveText(fr("success_register_user"));

  await verifyAndSignIn(page, email);
  await expect(page.getByTestId("page-title")).toContainText("Inès");
});
