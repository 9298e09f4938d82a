import { expect, test } from "@playwright/test";

test("a candidate logs in and lands on the candidate dashboard", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill("candidate@demo.test");
  await page.getByLabel("Mot de passe").fill("Demo-Pass-2026");
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/tableau-de-bord$/);
  await expect(page.getByTestId("page-title")).toContainText("Léa");
});
