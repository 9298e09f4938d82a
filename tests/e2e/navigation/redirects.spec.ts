import { expect, test } from "../fixtures";
import { ACCOUNTS, submitLogin } from "../support/login";

// Spec section 2 "Redirect rules".

test("an anonymous visit to / goes to /login", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.search === "");
  await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
});

test("an anonymous visit to a protected page goes to /login and back to that page after login", async ({ page }) => {
  await page.goto("/tableau-bord-agence");
  await expect(page).toHaveURL(
    (url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === "/tableau-bord-agence",
  );
  await submitLogin(page, ACCOUNTS.admin);
  await expect(page).toHaveURL((url) => url.pathname === "/tableau-bord-agence" && url.search === "");
  await expect(page.getByTestId("platform-figures")).toBeVisible();
});

test("the page asked for keeps its query string through the login", async ({ page }) => {
  await page.goto("/tableau-de-bord?tab=account");
  await expect(page).toHaveURL(
    (url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === "/tableau-de-bord?tab=account",
  );
  await submitLogin(page, ACCOUNTS.candidate);
  await expect(page).toHaveURL(
    (url) => url.pathname === "/tableau-de-bord" && url.searchParams.get("tab") === "account",
  );
});

test("a redirectTo to another site is ignored", async ({ page }) => {
  await page.goto("/login?redirectTo=" + encodeURIComponent("//evil.example/steal"));
  await submitLogin(page, ACCOUNTS.candidateFr);
  await expect(page).toHaveURL((url) => url.origin !== "http://evil.example" && url.pathname === "/tableau-de-bord");
});

test("signed in, / goes to the role's landing page", async ({ page, signIn }) => {
  await signIn("consultantLyon");
  await page.goto("/");
  await expect(page).toHaveURL((url) => url.pathname === "/tableau-bord-agence");
});

test("a signed-in candidate opening /login goes to the job search", async ({ page, signIn }) => {
  await signIn("candidate");
  await page.goto("/login");
  await expect(page).toHaveURL((url) => url.pathname === "/rechercher-un-emploi");
  // the query string follows (docs/decisions/0002)
  await page.goto("/login?from=mail");
  await expect(page).toHaveURL(
    (url) => url.pathname === "/rechercher-un-emploi" && url.searchParams.get("from") === "mail",
  );
});

test("a signed-in consultant opening /login goes to the ad list", async ({ page, signIn }) => {
  await signIn("consultantGe");
  await page.goto("/login");
  await expect(page).toHaveURL((url) => url.pathname === "/mes-annonces");
});
