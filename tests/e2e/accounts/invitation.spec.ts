import { randomUUID } from "node:crypto";
import { expect, test } from "../fixtures";
import { tr } from "../support/i18n";
import { login } from "../support/login";
import { mailLink } from "../support/mails";

test("an agency admin invites a client user, who chooses a password from the mail and signs in", async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(60_000);
  const email = `invite.${randomUUID().slice(0, 8)}@client.test`;
  await signIn("consultantGe");
  const form = page.locator("form#invite");
  await form.locator('input[name="email"]').fill(email);
  await form.locator('select[name="role"]').selectOption("CLIENT");
  await form.locator('input[name="firstName"]').fill("Paul");
  await form.locator('input[name="lastName"]').fill("Meyer");
  // a client role needs its company
  await page.getByTestId("invite-submit").click();
  await expect(form.getByText(tr("fr", "validation.required"))).toBeVisible();
  await expect(form.locator('input[name="email"]')).toHaveValue(email);
  await form.locator('select[name="clientId"]').selectOption({ label: "Horlogerie du Rhône SA" });
  await page.getByTestId("invite-submit").click();
  await expect(page.getByTestId("invite-sent")).toContainText(email);
  await expect(page.getByTestId("team")).toContainText("Paul Meyer");

  const invited = await browser.newContext();
  const other = await invited.newPage();
  try {
    await other.goto(await mailLink(other, email));
    await other.locator('input[name="password"]').fill("Quartz.Piano-2026");
    await other.locator('input[name="confirmPassword"]').fill("Quartz.Piano-2026");
    await other.getByTestId("set-password-submit").click();
    await expect(other.getByTestId("password-updated")).toBeVisible();
    // the invitation also proves the address: no verification needed
    await login(other, email, { password: "Quartz.Piano-2026", accountType: "1", expectPath: "/creer-une-annonce" });
  } finally {
    await invited.close();
  }
});
