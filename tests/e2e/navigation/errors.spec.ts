import { expect, test } from "../fixtures";

test("a candidate opening an agency page gets the not-authorized page", async ({ page, signIn }) => {
  await signIn("candidate");
  await page.goto("/tableau-bord-agence");
  await expect(page).toHaveURL((url) => url.pathname === "/not-authorized");
  await expect(page.getByTestId("error-title")).toHaveText("Accès non autorisé");
  await expect(page.getByTestId("sidebar")).toHaveCount(0);
});

test("a consultant opening the candidate dashboard gets the not-authorized page", async ({ page, signIn }) => {
  await signIn("consultantLyon");
  await page.goto("/tableau-de-bord");
  await expect(page).toHaveURL((url) => url.pathname === "/not-authorized");
  await expect(page.getByTestId("error-title")).toHaveText("Accès non autorisé");
});

test("a client opening the agency dashboard gets the not-authorized page", async ({ page, signIn }) => {
  await signIn("client");
  await page.goto("/tableau-bord-agence");
  await expect(page).toHaveURL((url) => url.pathname === "/not-authorized");
  await expect(page.getByTestId("error-title")).toHaveText("Accès non autorisé");
});

test("/not-authorized and /misc/not-authorized render the page with status 403", async ({ page }) => {
  for (const path of ["/not-authorized", "/misc/not-authorized"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(page.getByTestId("error-title")).toHaveText("Accès non autorisé");
  }
});

test("an unknown path gets the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/cette-page-n-existe-pas/vraiment");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-title")).toHaveText("Page introuvable");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  // the way back home leads to /login for an anonymous visitor
  await page.getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/login");
});

test("an unknown path is a 404 for signed-in users too", async ({ page, signIn }) => {
  await signIn("consultantGe");
  const response = await page.goto("/nope");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-title")).toHaveText("Page introuvable");
});
