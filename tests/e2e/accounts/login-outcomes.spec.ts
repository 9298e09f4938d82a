import { randomUUID } from "node:crypto";
import { expect, test } from "../fixtures";
import { tr } from "../support/i18n";
import { login, submitLogin, waitForLive } from "../support/login";
import { mailCount, mailLink } from "../support/mails";

const PASSWORD = "Compte.Test-2026";

test("an unverified account is offered the verification again, and signs in once verified", async ({
  page,
  server,
}) => {
  const email = `new.${randomUUID().slice(0, 8)}@demo.test`;
  await server.domain.identity.registerUser({
    email,
    password: PASSWORD,
    firstName: "Nina",
    lastName: "Keller",
    role: "CANDIDATE",
    locale: "fr",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: false,
  });
  await page.goto("/login");
  await submitLogin(page, email, { password: PASSWORD, accountType: "0" });
  await expect(page.getByTestId("not-verified")).toBeVisible();
  const before = await mailCount(page, email);
  await page.goBack();
  await submitLogin(page, email, { password: PASSWORD, accountType: "0" });
  await page.getByTestId("resend-verification").click();
  await expect(page.getByTestId("verification-sent")).toBeVisible();
  await expect.poll(() => mailCount(page, email)).toBe(before + 1);
  await page.goto(await mailLink(page, email));
  await expect(page.getByTestId("email-verified")).toContainText(tr("fr", "verified_account"));
  await login(page, email, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });
});

test("a candidate who deactivated the account is offered a one-click reactivation", async ({ page, server }) => {
  const email = await server.freshAccount("CANDIDATE", PASSWORD);
  await login(page, email, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });
  await page.goto("/parametres");
  // the page's own request (without JavaScript: security-no-js.spec.ts)
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.locator('textarea[name="reason"]').fill("Je ne cherche plus de travail");
  await page.getByTestId("submit-deactivate").click();
  await expect(page.getByTestId("security-done")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/parametres");
  // logged out after the spec's one second, told what was done
  await expect(page).toHaveURL((url) => url.pathname === "/login", { timeout: 5000 });
  await expect(page.getByTestId("security-done")).toContainText(tr("fr", "security.deactivate.done"));

  await submitLogin(page, email, { password: PASSWORD, accountType: "0" });
  await expect(page.getByTestId("reactivate-account")).toBeVisible();
  await page.getByTestId("reactivate").click();
  await expect(page).toHaveURL(/\/tableau-de-bord$/);
});

test("an account disabled by the agency is signed out live, then refused with the agency's warning", async ({
  browser,
  signedInPage,
  server,
}) => {
  const geneva = await server.agencyId("Léman Intérim SA");
  const email = await server.freshAccount("ADMIN_CONSULTANT", PASSWORD, geneva);
  const userId = (await server.domain.identity.credentialsByEmail(email))!.id;
  const colleague = { context: await browser.newContext() };
  const page = await colleague.context.newPage();
  const admin = await signedInPage("consultantGe");
  try {
    await login(page, email, { password: PASSWORD, accountType: "1", expectPath: "/tableau-bord-agence" });
    await waitForLive(page);

    const row = admin.page.getByTestId(`member-${userId}`);
    await row.locator('input[name="reason"]').fill("Fin de contrat");
    await row.getByRole("button", { name: tr("fr", "dashboard.agency.disable") }).click();

    // the colleague's open page is signed out within seconds, without touching it, and told why
    await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.has("signedOut"), {
      timeout: 10_000,
    });
    await expect(page.getByTestId("disabled-by-agency")).toBeVisible();
    await expect(page.getByTestId("disabled-by-agency")).toContainText(
      tr("fr", "login.ACCOUNT_DISABLED_BY_AGENCY.title"),
    );
    await expect(page.getByTestId("signed-out")).toHaveCount(0);
    await page.goto("/login");
    await submitLogin(page, email, { password: PASSWORD, accountType: "1" });
    await expect(page.getByTestId("disabled-by-agency")).toBeVisible();

    await row.getByRole("button", { name: tr("fr", "dashboard.agency.enable") }).click();
    await expect(row.getByRole("button", { name: tr("fr", "dashboard.agency.disable") })).toBeVisible();
    await login(page, email, { password: PASSWORD, accountType: "1", expectPath: "/tableau-bord-agence" });
  } finally {
    await colleague.context.close();
    await admin.context.close();
  }
});

test("repeated failures block the account for a while, with the try-later message", async ({ page }) => {
  const email = `blocked.${randomUUID().slice(0, 8)}@demo.test`;
  await page.goto("/login");
  for (let i = 0; i < 5; i++) {
    await submitLogin(page, email, { password: "Mauvais.Mot-2026", accountType: "0" });
    await expect(page.getByText(tr("fr", "invalid_credential"))).toBeVisible();
  }
  await submitLogin(page, email, { password: "Mauvais.Mot-2026", accountType: "0" });
  await expect(page.getByText(tr("fr", "temporarily_blocked"))).toBeVisible();
  await expect(page.locator('input[name="email"]')).toHaveValue(email);
});
