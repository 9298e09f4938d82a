import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { LANGUAGES, tr, type Language } from "../support/i18n";
import { ACCOUNTS, login } from "../support/login";

async function expectLoginIn(page: Page, lng: Language) {
  await expect(page.locator("html")).toHaveAttribute("lang", lng);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(lng, "login.title"));
  await expect(page.getByTestId("login-submit")).toHaveText(tr(lng, "login.submit"));
  await expect(page.locator("label", { has: page.getByTestId("account-type-1") })).toHaveText(tr(lng, "login.agency"));
}

test("the login page is French by default", async ({ page }) => {
  await page.goto("/login");
  await expectLoginIn(page, "fr");
});

for (const lng of LANGUAGES) {
  test(`the login page's ${lng} link switches the language, and the choice persists`, async ({ page }) => {
    // start from another language, so the switch is visible (French is the default)
    const from: Language = lng === "fr" ? "pt" : "fr";
    await page.goto(from === "fr" ? "/login" : `/login?lng=${from}`);
    await expectLoginIn(page, from);
    await page.getByTestId(`lng-${lng}`).click();
    await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("lng") === lng);
    await expectLoginIn(page, lng);
    await expect(page.getByTestId(`lng-${lng}`)).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId(`lng-${from}`)).not.toHaveAttribute("aria-current", "true");
    // reload, then navigations to URLs without ?lng: the language stays
    await page.reload();
    await expectLoginIn(page, lng);
    await page.goto("/login");
    await expectLoginIn(page, lng);
    await page.goto("/nowhere");
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await expect(page.getByTestId("error-title")).toHaveText(tr(lng, "errors.notFound.title"));
  });
}

test("?lng=de in a URL switches the language and keeps it", async ({ page }) => {
  await page.goto("/login?lng=de");
  await expectLoginIn(page, "de");
  await page.goto("/login");
  await expectLoginIn(page, "de");
  await page.reload();
  await expectLoginIn(page, "de");
  // an unknown code changes nothing
  await page.goto("/login?lng=xx");
  await expectLoginIn(page, "de");
});

test("the language chosen before login carries into the signed-in pages", async ({ page }) => {
  await page.goto("/login?lng=it");
  await login(page, ACCOUNTS.candidate);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByTestId("sidebar").getByRole("link", { name: tr("it", "menu.dashboard") })).toBeVisible();
});

for (const lng of LANGUAGES) {
  test(`signed in, the navbar's language menu switches to ${lng}, and the choice persists`, async ({
    page,
    signIn,
  }) => {
    const from: Language = lng === "fr" ? "pt" : "fr";
    // the language chosen on the login page, then signed in
    await page.goto(from === "fr" ? "/login" : `/login?lng=${from}`);
    await signIn("consultantGe");
    await expect(page.locator("html")).toHaveAttribute("lang", from);
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar.getByRole("link", { name: tr(from, "menu.myAds") })).toBeVisible();

    await page.getByTestId("language-switcher").click();
    await page.getByTestId(`lng-${lng}`).click();
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await expect(page).toHaveURL((url) => url.pathname === "/tableau-bord-agence");
    await expect(page.getByTestId("language-switcher")).toContainText(lng, { ignoreCase: true });
    await expect(sidebar.getByRole("link", { name: tr(lng, "menu.myAds") })).toBeVisible();
    await expect(sidebar.getByRole("button", { name: tr(lng, "menu.logout") })).toBeVisible();
    await expect(page.getByTestId("live-status")).toHaveText(tr(lng, "dashboard.live"));
    // the user menu follows too
    await page.getByTestId("user-menu").click();
    await expect(page.getByTestId("role-label")).toHaveText(tr(lng, "roles.ADMIN_CONSULTANT"));
    await expect(page.getByTestId("logout")).toHaveText(tr(lng, "menu.logout"));
    await page.keyboard.press("Escape");

    // reload and a fresh navigation keep it
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await expect(sidebar.getByRole("link", { name: tr(lng, "menu.myAds") })).toBeVisible();
    await page.goto("/tableau-bord-agence");
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await expect(sidebar.getByRole("link", { name: tr(lng, "menu.myAds") })).toBeVisible();
  });
}
