import { expect, test } from "../fixtures";
import { ACCOUNTS, login } from "../support/login";

test.describe("below 1200 px", () => {
  test.use({ viewport: { width: 1000, height: 800 } });

  test("the sidebar is hidden and the drawer opens with the menu, and closes on navigation", async ({
    page,
    signIn,
  }) => {
    await signIn("consultantGe", "/tableau-bord-agence?from=drawer");
    await expect(page).toHaveURL((url) => url.searchParams.get("from") === "drawer");
    await expect(page.getByTestId("sidebar")).toBeHidden();
    await expect(page.getByTestId("drawer")).toHaveCount(0);

    await page.getByTestId("open-drawer").click();
    const drawer = page.getByTestId("drawer");
    await expect(drawer).toBeVisible();
    for (const entry of ["Tableau de bord", "Mes annonces", "Planification", "Sécurité"]) {
      await expect(drawer.getByRole("link", { name: entry, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole("button", { name: "Déconnexion" })).toBeVisible();

    // a menu entry navigates (the query string goes) and closes the drawer
    await drawer.getByRole("link", { name: "Tableau de bord", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/tableau-bord-agence" && url.search === "");
    await expect(page.getByTestId("drawer")).toHaveCount(0);

    // Escape closes it too
    await page.getByTestId("open-drawer").click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("drawer")).toHaveCount(0);
  });

  test("the drawer's logout entry closes the drawer and asks for confirmation", async ({ page }) => {
    await login(page, ACCOUNTS.candidate);
    await page.getByTestId("open-drawer").click();
    await page.getByTestId("drawer").getByRole("button", { name: "Déconnexion" }).click();
    await expect(page.getByTestId("drawer")).toHaveCount(0);
    await expect(page.getByTestId("logout-dialog")).toBeVisible();
    await page.getByRole("button", { name: "Annuler" }).click();
    await expect(page.getByTestId("logout-dialog")).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === "/tableau-de-bord");
  });
});

test.describe("from 1200 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the sidebar is visible and there is no drawer button", async ({ page, signIn }) => {
    await signIn("candidate");
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Rechercher un emploi" })).toBeVisible();
    await expect(page.getByTestId("open-drawer")).toBeHidden();
  });

  test("resizing across 1200 px switches between the sidebar and the drawer button", async ({ page, signIn }) => {
    await signIn("consultantLyon");
    await expect(page.getByTestId("sidebar")).toBeVisible();
    await page.setViewportSize({ width: 1199, height: 800 });
    await expect(page.getByTestId("sidebar")).toBeHidden();
    await expect(page.getByTestId("open-drawer")).toBeVisible();
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect(page.getByTestId("sidebar")).toBeVisible();
    await expect(page.getByTestId("open-drawer")).toBeHidden();
  });
});
