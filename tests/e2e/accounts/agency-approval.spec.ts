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

test("an agency registers, waits for validation, is rejected or approved live by the platform admin", async ({
  signedInPage,
  page,
}) => {
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
    // each card has the registrant's name and email from the moment it appears (never "--- · ---")
    for (const [name, email] of [
      [approvedName, approvedEmail],
      [rejectedName, rejectedEmail],
    ]) {
      const card = await row(name!).textContent();
      expect(card).toContain("Chloé Girard");
      expect(card).toContain(email);
      expect(card).not.toContain("---");
    }

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
    await expect(page.getByTestId("mail").filter({ hasText: rejectedEmail }).first()).toContainText(
      "Numéro IDE introuvable",
    );

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

/** The field's own message: the error list the field points to (aria-describedby). */
async function fieldMessage(page: Page, label: string) {
  const field = page.getByLabel(label);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  return page.locator(`[id="${await field.getAttribute("aria-describedby")}"]`);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    test('the country starts on a translated "Choose…" entry, and no choice is refused on the field', async ({
      page,
    }) => {
      await page.goto("/register/agency?lng=de");
      const country = page.getByLabel(tr("de", "fields.country"));
      await expect(country).toHaveValue("");
      await expect(country.locator("option").first()).toHaveText(tr("de", "fields.choose"));
      await page.getByLabel(tr("de", "registerAgency.agencyName")).fill("Agentur Ohne Land");
      // the browser's own check would stop a form without scripts before the server: submit it as sent
      await page
        .locator("form")
        .first()
        .evaluate((f) => f.setAttribute("novalidate", ""));
      await page.getByTestId("register-agency-submit").click();
      await expect(await fieldMessage(page, tr("de", "fields.country"))).toHaveText(tr("de", "validation.required"));
      await expect(page.getByLabel(tr("de", "registerAgency.agencyName"))).toHaveValue("Agentur Ohne Land");
      await expect(page.getByTestId("agency-registered")).toHaveCount(0);
    });
  });
}

test("agency registration keeps the input and says what is wrong", async ({ page }) => {
  await page.goto("/register/agency");
  await page.getByLabel(tr("fr", "registerAgency.agencyName")).fill("Agence Sans Mot De Passe");
  await page.getByLabel(tr("fr", "login.email")).fill(ACCOUNTS.consultantGe);
  await page.locator('input[name="password"]').fill("court");
  await page.getByTestId("register-agency-submit").click();
  await expect(page.getByLabel(tr("fr", "registerAgency.agencyName"))).toHaveValue("Agence Sans Mot De Passe");
  await expect(
    page.getByText(tr("fr", "validation.password_policy").replace("{{numberOfCharacters}}", "10")).first(),
  ).toBeVisible();
  await expect(page.getByText(tr("fr", "validation.terms"))).toBeVisible();
});
