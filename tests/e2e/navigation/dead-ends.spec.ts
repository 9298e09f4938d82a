import { expect, test, type DemoUser } from "../fixtures";
import { tr } from "../support/i18n";

/**
 * No dead ends (issue 16, item 3): every entry of each role's menu, clicked like a person would,
 * opens a page of the shell, never the not-found page; the links of the landing page and of
 * the security page lead somewhere too.
 */
const USERS: DemoUser[] = ["candidate", "consultantGe", "client", "admin"];

for (const user of USERS) {
  test(`${user}: every menu entry opens a page, and the landing and security pages link to no missing page`, async ({
    page,
    signIn,
  }) => {
    test.setTimeout(90_000);
    await signIn(user);
    const sidebar = page.getByTestId("sidebar");
    const hrefs = await sidebar
      .getByRole("navigation")
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of new Set(hrefs)) {
      await sidebar.getByRole("navigation").locator(`a[href="${href}"]`).first().click();
      await expect(page, href).toHaveURL((url) => url.pathname === href);
      await expect(sidebar, href).toBeVisible();
      await expect(page.getByTestId("error-title"), href).toHaveCount(0);
    }

    // the links inside the landing page and the security page (the shell's own are walked above)
    for (const path of [undefined, "/parametres"]) {
      if (path) await page.goto(path);
      else await signIn(user);
      const links = await page.locator("main a[href^='/']").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
      for (const href of new Set(links)) {
        const res = await page.request.get(href, { maxRedirects: 0 });
        expect(res.status(), `${path ?? "landing page"} → ${href}`).not.toBe(404);
      }
    }
  });
}

test("a wrong address inside the app keeps the shell: the menu, a title, the way back", async ({ page, signIn }) => {
  await signIn("consultantGe");
  const response = await page.goto("/tableau-bord-agence/nulle-part");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-title")).toHaveText(tr("fr", "errors.notFound.title"));
  await expect(page).toHaveTitle(`${tr("fr", "errors.notFound.title")} · Missio`);
  await expect(page.getByTestId("sidebar").getByRole("link", { name: "Mes annonces", exact: true })).toBeVisible();
  await expect(page.getByTestId("user-menu")).toBeVisible();
  // the menu works from there
  await page.getByTestId("sidebar").getByRole("link", { name: "Mes annonces", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/mes-annonces");
  await expect(page.getByTestId("page-title")).toBeVisible();
});

test("an unknown order id is not found inside the shell", async ({ page, signIn }) => {
  await signIn("consultantGe");
  const response = await page.goto("/mes-commandes/00000000-0000-0000-0000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-title")).toHaveText(tr("fr", "errors.notFound.title"));
  await expect(page).toHaveTitle(`${tr("fr", "errors.notFound.title")} · Missio`);
  await expect(page.getByTestId("sidebar")).toBeVisible();
});

test("a visitor's wrong address shows the public frame with its languages", async ({ page }) => {
  const response = await page.goto("/nulle-part?lng=de");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-title")).toHaveText(tr("de", "errors.notFound.title"));
  await expect(page).toHaveTitle(`${tr("de", "errors.notFound.title")} · Missio`);
  await expect(page.getByTestId("lng-fr")).toBeVisible();
  await expect(page.getByTestId("sidebar")).toHaveCount(0);
});
