import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { tr } from "../support/i18n";
import { ACCOUNTS, submitLogin, waitForLive } from "../support/login";
import { mailLink } from "../support/mails";

const PASSWORD = "Agence.Neuve-2026";

/** Fills /register/agency like a person; returns the admin email. */
async function registerAgency(page: Page, agencyName: string) {
  const email = `admin.${randomUUID().slice(0, 8)}@agence.test`;
  await page.goto("/register/agency");
  await page.getByLabel(tr("fr", "registerAgency.agencyName")).fill(agencyName);
  await page.getByLabel(tr("fr", "fields.country")).selectOption("FR");
  await page.locator('input[name="city"]').fill("Annecy");
  await page.locator('input[name="branchName"]').fill("Annecy Centre");
  await page.locator('input[name="branchCity"]').fill("Annecy");
  await page.getByLabel(tr("fr", "fields.firstName"), { exact: true }).fill("Chloé");
  await page.getByLabel(tr("fr", "fields.lastName"), { exact: true }).fill("Girard");
  await page.getByLabel(tr("fr", "login.email")).fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="confirmPassword"]').fill(PASSWORD);
  await page.locator('input[name="terms"]').check();
  await page.getByTestId("register-agency-submit").click();
  await expect(page.getByTestId("agency-registered")).toBeVisible();
  return email;
}

test("an agency registers, waits for validation, is rejected or approved live by the platform admin", async ({ signedInPage, page }) => {
  test.setTimeout(120_000);
  const admin = await signedInPage("admin", "/agences-a-valider");
  try {
    await waitForLive(admin.page);
    const approvedName = `Intérim Alpes ${randomUUID().slice(0, 6)}`;
    const rejectedName = `Intérim Douteux ${randomUUID().slice(0, 6)}`;
    const approvedEmail = await registerAgency(page, approvedName);
    const rejectedEmail = await registerAgency(page, rejectedName);

    // both appear on the admin's open page without a reload
    const row = (name: string) => admin.page.locator(`[data-testid="agency-row"][data-agency="${name}"]`);
    await expect(row(approvedName)).toBeVisible();
    await expect(row(rejectedName).getByTestId("agency-status")).toHaveText(tr("fr", "adminAgencies.status.pending"));

    // the agency admin confirms the email, but login is refused while the agency waits
    await page.goto(await mailLink(page, approvedEmail));
    await expect(page.getByTestId("email-verified")).toBeVisible();
    await page.goto("/login");
    await submitLogin(page, approvedEmail, { password: PASSWORD, accountType: "1" });
    await expect(page.getByTestId("agency-not-verified")).toBeVisible({ timeout: 15_000 });

    // a rejection needs a reason, which the agency receives by mail
    await row(rejectedName).getByTestId("reject").click();
    await expect(row(rejectedName).getByText(tr("fr", "validation.required"))).toBeVisible();
    await row(rejectedName).getByTestId("reject-reason").fill("Numéro IDE introuvable");
    await row(rejectedName).getByTestId("reject").click();
    await expect(row(rejectedName).getByTestId("agency-status")).toHaveText(tr("fr", "adminAgencies.status.rejected"));
    await page.goto("/dev/mails");
    await expect(page.getByTestId("mail").filter({ hasText: rejectedEmail }).first()).toContainText("Numéro IDE introuvable");

    await row(approvedName).getByTestId("approve").click();
    await expect(row(approvedName).getByTestId("agency-status")).toHaveText(tr("fr", "adminAgencies.status.approved"));
    await page.goto("/login");
    await submitLogin(page, approvedEmail, { password: PASSWORD, accountType: "1" });
    await expect(page).toHaveURL(/\/tableau-bord-agence$/);
    await expect(page.getByTestId("agency-name")).toHaveText(approvedName);

    await page.context().clearCookies();
    await page.goto("/login");
    await submitLogin(page, rejectedEmail, { password: PASSWORD, accountType: "1" });
    await expect(page.getByTestId("agency-not-verified")).toBeVisible({ timeout: 15_000 });
  } finally {
    await admin.context.close();
  }
});

test("agency registration keeps the input and says what is wrong", async ({ page }) => {
  await page.goto("/register/agency");
  await page.getByLabel(tr("fr", "registerAgency.agencyName")).fill("Agence Sans Mot De Passe");
  await page.getByLabel(tr("fr", "login.email")).fill(ACCOUNTS.consultantGe);
  await page.locator('input[name="password"]').fill("court");
  await page.getByTestId("register-agency-submit").click();
  await expect(page.getByLabel(tr("fr", "registerAgency.agencyName"))).toHaveValue("Agence Sans Mot De Passe");
  await expect(page.getByText(tr("fr", "validation.password_policy").replace("{{numberOfCharacters}}", "10")).first()).toBeVisible();
  await expect(page.getByText(tr("fr", "validation.terms"))).toBeVisible();
});
