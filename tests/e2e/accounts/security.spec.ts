import { expect, test } from "../fixtures";
import { tr } from "../support/i18n";
import { ACCOUNTS, login, submitLogin } from "../support/login";
import { mailLink } from "../support/mails";

const PASSWORD = "Compte.Test-2026";

test("changing the password checks the old one, then signs out after a second", async ({ page, server }) => {
  const email = await server.freshAccount("CANDIDATE", PASSWORD);
  await login(page, email, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });
  await page.goto("/parametres");
  // the page's own requests (without JavaScript: security-no-js.spec.ts)
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const form = page.locator("form#password");
  await form.locator('input[name="oldPassword"]').fill("Pas.Le-Bon-2026");
  await form.locator('input[name="password"]').fill("Tout.Neuf-2027");
  await form.locator('input[name="confirmPassword"]').fill("Tout.Neuf-2027");
  await page.getByTestId("submit-password").click();
  await expect(page.getByText(tr("fr", "incorrect_old_password"))).toBeVisible();

  await form.locator('input[name="oldPassword"]').fill(PASSWORD);
  await form.locator('input[name="password"]').fill("Tout.Neuf-2027");
  await form.locator('input[name="confirmPassword"]').fill("Tout.Neuf-2027");
  await page.getByTestId("submit-password").click();
  await expect(page.getByTestId("security-done")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/parametres");
  await expect(page).toHaveURL((url) => url.pathname === "/login", { timeout: 5000 });
  await expect(page.getByTestId("security-done")).toContainText(tr("fr", "security.password.done"));
  await login(page, email, { password: "Tout.Neuf-2027", accountType: "0", expectPath: "/tableau-de-bord" });
});

test("changing the email refuses a taken one, then needs the new address verified", async ({ page, server }) => {
  const email = await server.freshAccount("CANDIDATE", PASSWORD);
  const next = email.replace("@", ".nouveau@");
  await login(page, email, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });
  await page.goto("/parametres");
  const form = page.locator("form#email");
  await form.locator('input[name="email"]').fill(ACCOUNTS.candidateFr);
  await form.locator('input[name="confirmEmail"]').fill(ACCOUNTS.candidateFr);
  await form.locator('input[name="currentPassword"]').fill(PASSWORD);
  await page.getByTestId("submit-email").click();
  await expect(form.getByText(tr("fr", "email_exist"))).toBeVisible();
  await expect(form.locator('input[name="email"]')).toHaveValue(ACCOUNTS.candidateFr);

  // a session alone is not enough: the current password is asked
  await form.locator('input[name="email"]').fill(next);
  await form.locator('input[name="confirmEmail"]').fill(next);
  await form.locator('input[name="currentPassword"]').fill("Pas.Le-Bon-2026");
  await page.getByTestId("submit-email").click();
  await expect(form.getByText(tr("fr", "incorrect_password"))).toBeVisible();

  await form.locator('input[name="email"]').fill(next);
  await form.locator('input[name="confirmEmail"]').fill(next);
  await form.locator('input[name="currentPassword"]').fill(PASSWORD);
  await page.getByTestId("submit-email").click();
  await expect(page).toHaveURL(/\/login/, { timeout: 5000 });
  // the old address is told, with a link to undo
  expect(await mailLink(page, email)).toMatch(/\/restore-email\//);
  await page.goto("/login");
  await submitLogin(page, next, { password: PASSWORD, accountType: "0" });
  await expect(page.getByTestId("not-verified")).toBeVisible();
  await page.goto(await mailLink(page, next));
  await expect(page.getByTestId("email-verified")).toBeVisible();
  await login(page, next, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });
  // a candidate deletes their account here, confirmed by the password (issue 30)
  await page.goto("/parametres");
  await expect(page.getByTestId("submit-erase")).toHaveText(tr("fr", "erasure.submit"));
});
