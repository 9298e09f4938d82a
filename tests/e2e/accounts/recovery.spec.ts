import { expect, test } from "../fixtures";
import { tr } from "../support/i18n";
import { login, submitLogin } from "../support/login";
import { mailLink } from "../support/mails";

test("password recovery: unknown email, mailed single-use link, new password works", async ({ page, server }) => {
  const email = await server.freshAccount("CANDIDATE", "Ancien.Passe-2026");
  await page.goto("/forgot-password");
  await page.locator('input[name="email"]').fill("personne.inconnue@demo.test");
  await page.getByTestId("forgot-submit").click();
  await expect(page.getByText(tr("fr", "email_not_exist"))).toBeVisible();
  await expect(page.locator('input[name="email"]')).toHaveValue("personne.inconnue@demo.test");

  await page.locator('input[name="email"]').fill(email);
  await page.getByTestId("forgot-submit").click();
  await expect(page.getByTestId("reset-sent")).toHaveText(tr("fr", "success_send_mail_reset_pwd"));

  const link = await mailLink(page, email);
  await page.goto(link);
  await page.locator('input[name="password"]').fill("Nouveau.Passe-2027");
  await page.locator('input[name="confirmPassword"]').fill("Autre.Passe-2027");
  await page.getByTestId("set-password-submit").click();
  await expect(page.getByText(tr("fr", "validation.passwords_differ"))).toBeVisible();
  await page.locator('input[name="password"]').fill("Nouveau.Passe-2027");
  await page.locator('input[name="confirmPassword"]').fill("Nouveau.Passe-2027");
  await page.getByTestId("set-password-submit").click();
  await expect(page.getByTestId("password-updated")).toContainText(tr("fr", "reset_password_saccess_title"));

  await page.goto("/login");
  await submitLogin(page, email, { password: "Ancien.Passe-2026", accountType: "0" });
  await expect(page.getByText(tr("fr", "invalid_credential"))).toBeVisible();
  await login(page, email, { password: "Nouveau.Passe-2027", accountType: "0", expectPath: "/tableau-de-bord" });

  // the link served once
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByTestId("token-problem")).toContainText(tr("fr", "tokens.token_used.title"));
  await page.goto("/set-password/forged-token");
  await expect(page.getByTestId("token-problem")).toContainText(tr("fr", "tokens.token_invalid.title"));
});
