import { expect, test } from "@playwright/test";
import { ACCOUNTS, submitLogin } from "../support/login";

// Progressive enhancement: the login form is a plain HTML form posting to the route's action.
test.use({ javaScriptEnabled: false });

test("a consultant logs in without JavaScript", async ({ page }) => {
  await page.goto("/login");
  await submitLogin(page, ACCOUNTS.consultantGe);
  await expect(page).toHaveURL((url) => url.pathname === "/tableau-bord-agence");
  await expect(page.getByTestId("page-title")).toContainText("Camille");
});

test("a candidate logs in without JavaScript and comes back to the page asked for", async ({ page }) => {
  await page.goto("/tableau-de-bord");
  await expect(page).toHaveURL(
    (url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === "/tableau-de-bord",
  );
  await submitLogin(page, ACCOUNTS.candidate);
  await expect(page).toHaveURL((url) => url.pathname === "/tableau-de-bord");
  await expect(page.getByTestId("page-title")).toContainText("Léa");
});

test("a wrong password shows the error without JavaScript and keeps the email", async ({ page }) => {
  await page.goto("/login");
  await submitLogin(page, ACCOUNTS.candidateFr, { password: "Wrong-Pass-2026" });
  await expect(
    page.getByText("Informations de connexion invalides, vérifiez votre e-mail et votre mot de passe"),
  ).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue(ACCOUNTS.candidateFr);
  await expect(page.getByLabel("Mot de passe")).toHaveValue(""); // the server never sends a password back
  await page.goto("/tableau-de-bord");
  await expect(page).toHaveURL((url) => url.pathname === "/login");
});
