import { expect, test } from "@playwright/test";
import { ACCOUNTS, login, waitForLive } from "../support/login";

test("logout asks for confirmation: cancel keeps the session, confirm ends it", async ({ page }) => {
  await login(page, ACCOUNTS.consultantGe);

  await page.getByTestId("user-menu").click();
  await page.getByTestId("logout").click();
  const dialog = page.getByTestId("logout-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Se déconnecter ?");

  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === "/tableau-bord-agence");
  await page.reload();
  await expect(page).toHaveURL((url) => url.pathname === "/tableau-bord-agence");
  await expect(page.getByTestId("page-title")).toBeVisible();

  // the page's socket is open, and every navigation of this document from now on is recorded
  // (the Navigation API's event fires as one starts, client-side or not)
  await waitForLive(page);
  await page.evaluate(() => {
    const w = window as unknown as { navigation: EventTarget; __navigations: string[] };
    w.__navigations = [];
    w.navigation.addEventListener("navigate", (e) =>
      w.__navigations.push((e as Event & { destination: { url: string } }).destination.url),
    );
  });
  await page.getByTestId("user-menu").click();
  await page.getByTestId("logout").click();
  await expect(dialog).toBeVisible();
  await page.getByTestId("confirm-logout").click();
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.search === "");
  await expect(page.getByTestId("login-submit")).toBeVisible();
  // a plain logout: no "your session was ended" notice, and the page stays put (the socket the
  // server closes on logout must not send the person elsewhere). The marker: the socket's
  // disconnect handled (the handler that would send the person away marks the page first)
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.live ?? location.href))
    .toBe("disconnected");
  // the same document (no full page load since), whose only navigation went to /login
  const navigations = await page.evaluate(() => (window as unknown as { __navigations?: string[] }).__navigations);
  expect(navigations?.map((u) => new URL(u).pathname + new URL(u).search)).toEqual(["/login"]);
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.search === "");
  await expect(page.getByTestId("signed-out")).toHaveCount(0);

  await page.goto("/tableau-bord-agence");
  await expect(page).toHaveURL(
    (url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === "/tableau-bord-agence",
  );
});

test("the sidebar's logout entry opens the same confirmation", async ({ page }) => {
  await login(page, ACCOUNTS.candidate);
  await page.getByTestId("sidebar").getByRole("button", { name: "Déconnexion" }).click();
  await expect(page.getByTestId("logout-dialog")).toBeVisible();
  await page.getByTestId("confirm-logout").click();
  await expect(page).toHaveURL((url) => url.pathname === "/login");
  await page.goto("/tableau-de-bord");
  await expect(page).toHaveURL((url) => url.pathname === "/login");
});
