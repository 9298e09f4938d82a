import { expect, test } from "@playwright/test";
import { ACCOUNTS, login } from "../support/login";

// Progressive enhancement: logout is a form posting to /logout, so it works without JavaScript.
test.use({ javaScriptEnabled: false });

test("the sidebar's logout signs out without JavaScript", async ({ page }) => {
  await login(page, ACCOUNTS.consultantGe);
  await page.getByTestId("sidebar").getByRole("button", { name: "Déconnexion" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/login");
  await expect(page.getByTestId("login-submit")).toBeVisible();
  await page.goto("/tableau-bord-agence");
  await expect(page).toHaveURL(
    (url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === "/tableau-bord-agence",
  );
});

test("on a phone without JavaScript (no drawer, no user menu) the header offers logout", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await login(page, ACCOUNTS.candidateFr);
  await expect(page.getByTestId("sidebar")).toBeHidden();
  await page.getByTestId("logout-no-js").click();
  await expect(page).toHaveURL((url) => url.pathname === "/login");
  await page.goto("/tableau-de-bord");
  await expect(page).toHaveURL((url) => url.pathname === "/login");
});
