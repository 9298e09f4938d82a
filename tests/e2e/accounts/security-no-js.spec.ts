import { expect, test } from "../fixtures";
import { tr } from "../support/i18n";
import { login, submitLogin } from "../support/login";

/**
 * The security page's changes sent by the browser's own forms (no JavaScript, or before the page
 * runs): the session ends at once and the login page says what was done.
 */
test.use({ javaScriptEnabled: false });

const PASSWORD = "Compte.Test-2026";

test("a password changed without JavaScript leads to the login page, which says so; the new password signs in", async ({
  page,
  server,
}) => {
  const email = await server.freshAccount("CANDIDATE", PASSWORD);
  await login(page, email, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });
  await page.goto("/parametres");
  const form = page.locator("form#password");
  await form.locator('input[name="oldPassword"]').fill(PASSWORD);
  await form.locator('input[name="password"]').fill("Tout.Neuf-2027");
  await form.locator('input[name="confirmPassword"]').fill("Tout.Neuf-2027");
  await page.getByTestId("submit-password").click();
  await expect(page).toHaveURL((url) => url.pathname === "/login");
  await expect(page.getByTestId("security-done")).toHaveText(
    `${tr("fr", "security.password.done")} ${tr("fr", "login.signedOut")}`,
  );
  await expect(page.getByTestId("signed-out")).toHaveCount(0);
  await login(page, email, { password: "Tout.Neuf-2027", accountType: "0", expectPath: "/tableau-de-bord" });
});

test("an account deactivated without JavaScript is said so on the login page, and offered reactivation there", async ({
  page,
  server,
}) => {
  const email = await server.freshAccount("CANDIDATE", PASSWORD);
  await login(page, email, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });
  await page.goto("/parametres");
  await page.locator('textarea[name="reason"]').fill("Je ne cherche plus de travail");
  await page.getByTestId("submit-deactivate").click();
  await expect(page).toHaveURL((url) => url.pathname === "/login");
  await expect(page.getByTestId("security-done")).toContainText(tr("fr", "security.deactivate.done"));
  await submitLogin(page, email, { password: PASSWORD, accountType: "0" });
  await expect(page.getByTestId("reactivate-account")).toBeVisible();
});

test("a link claiming a change shows no notice when no session of the browser ended", async ({ page }) => {
  await page.goto("/login?done=password");
  await expect(page.getByTestId("login-submit")).toBeVisible();
  await expect(page.getByTestId("security-done")).toHaveCount(0);
  await page.goto("/login?done=nothing-real");
  await expect(page.getByTestId("security-done")).toHaveCount(0);
});
