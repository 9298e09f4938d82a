import { expect, test } from "@playwright/test";
import fs from "node:fs";
import {
  fillProfile,
  fr,
  pdf,
  startRegistration,
  text,
  uniqueEmail,
  verificationLink,
  verifyAndSignIn,
} from "./helpers";

const mailSubject = (lng: string) =>
  (JSON.parse(fs.readFileSync(`public/locales/${lng}/mail.json`, "utf8")) as { verifyEmail: { subject: string } })
    .verifyEmail.subject;

// Spec section 3 (registration), 5 (rules), 8 (success_register_user): a candidate registers in
// steps, gets the verification mail only at the end, verifies and signs in.

test("a candidate for Switzerland registers, verifies the address and signs in", async ({ page }) => {
  const email = uniqueEmail("ch");
  await startRegistration(page, "CH", { email, firstName: "Noémie", lastName: "Favre" });
  await expect(page.getByTestId("register-steps").locator('[aria-current="step"]')).toContainText(fr("steps.profile"));

  // no account and no mail before the last step
  await page.goto("/dev/mails");
  await expect(page.getByTestId("mail-to").getByText(email, { exact: true })).toHaveCount(0);
  await page.goto("/register/user");

  await fillProfile(page, { cv: pdf("Noémie Favre - CV.pdf"), birthDate: "1996-04-12", jobs: ["watchmaker", "nurse"] });
  await page.getByTestId("profile-submit").click();
  await expect(page.getByTestId("register-done")).toBeVisible();
  await expect(page.getByTestId("success-register-user")).toHaveText(fr("success_register_user"));

  await verifyAndSignIn(page, email);
  await expect(page.getByTestId("page-title")).toContainText("Noémie");
  await expect(page.getByText(text("fr", "common", "countries.CH"), { exact: true })).toBeVisible();
});

test("a candidate for France registers in English, gets the mail in English, verifies and signs in", async ({
  page,
}) => {
  const email = uniqueEmail("fr");
  await page.goto("/register/user?lng=en");
  await page.getByTestId("country-FR").click();
  await expect(page.getByTestId("country-intro")).toHaveText(text("en", "register", "intro.FR"));
  await page.getByTestId("account-step").locator('input[name="firstName"]').fill("Hugo");
  await page.getByTestId("account-step").locator('input[name="lastName"]').fill("Lefebvre");
  await page.getByTestId("account-step").locator('input[name="email"]').fill(email);
  await page.getByTestId("account-step").locator('input[name="password"]').fill("Fresh-Start-2026");
  await page.getByTestId("account-step").locator('input[name="confirmPassword"]').fill("Fresh-Start-2026");
  await page.getByTestId("consent-terms").check();
  await page.getByTestId("consent-dataProtection").check();
  await page.getByTestId("account-submit").click();
  await expect(page.getByTestId("profile-step")).toBeVisible();

  // the professions are translated; at most two can be chosen, the third box is then disabled
  await expect(page.getByTestId("desired-jobs")).toContainText(text("en", "reference", "professions.forklift_driver"));
  await fillProfile(page, { cv: pdf(), birthDate: "1990-11-30", jobs: ["forklift_driver", "order_picker"] });
  await expect(page.getByTestId("choice-cook")).toBeDisabled();
  await expect(page.getByTestId("chosen")).toContainText(text("en", "reference", "professions.order_picker"));
  await page.getByTestId("profile-submit").click();
  await expect(page.getByTestId("success-register-user")).toHaveText(text("en", "register", "success_register_user"));

  await verificationLink(page, email);
  const mail = page.getByTestId("mail").filter({ has: page.getByTestId("mail-to").getByText(email, { exact: true }) });
  await expect(mail).toHaveCount(1);
  await expect(mail.getByTestId("mail-subject")).toHaveText(mailSubject("en"));
  await page.goto("/?lng=fr");
  await verifyAndSignIn(page, email);
  await expect(page.getByTestId("page-title")).toContainText("Hugo");
  await expect(page.getByText(text("fr", "common", "countries.FR"), { exact: true })).toBeVisible();
});
