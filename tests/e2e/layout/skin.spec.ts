import { expect, test } from "../fixtures";
import { ACCOUNTS, login } from "../support/login";
import { holdScripts } from "../support/scripts";

test("the chosen skin is applied to <html>, survives a reload and is replaced by another", async ({ page, signIn }) => {
  await signIn("candidate");
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByTestId("skin-switcher").click();
  await page.getByTestId("skin-dark").click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page).toHaveURL((url) => url.pathname === "/tableau-de-bord");

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.getByTestId("skin-switcher").click();
  await expect(page.getByTestId("skin-dark")).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Escape");

  await page.getByTestId("skin-switcher").click();
  await page.getByTestId("skin-bordered").click();
  await expect(html).toHaveClass(/\bskin-bordered\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).toHaveClass(/\bskin-bordered\b/);

  // back to light: no skin class at all
  await page.getByTestId("skin-switcher").click();
  await page.getByTestId("skin-light").click();
  await expect(html).not.toHaveClass(/\bskin-bordered\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test("the skin also applies to the public pages and survives logout", async ({ page }) => {
  await login(page, ACCOUNTS.consultantLyon);
  await page.getByTestId("skin-switcher").click();
  await page.getByTestId("skin-semi-dark").click();
  await expect(page.locator("html")).toHaveClass(/\bskin-semi-dark\b/);
  await page.getByTestId("user-menu").click();
  await page.getByTestId("logout").click();
  await page.getByTestId("confirm-logout").click();
  await expect(page).toHaveURL((url) => url.pathname === "/login");
  await expect(page.locator("html")).toHaveClass(/\bskin-semi-dark\b/);
});

test("the skin menu takes no clicks before the page's scripts run, and opens once they have", async ({
  page,
  signIn,
}) => {
  await signIn("candidate");
  const release = await holdScripts(page);
  await page.reload({ waitUntil: "domcontentloaded" });
  const switcher = page.getByTestId("skin-switcher");
  await expect(switcher).toBeVisible();
  expect(await switcher.evaluate((button) => getComputedStyle(button).pointerEvents)).toBe("none");
  release();
  await switcher.click();
  await expect(page.getByTestId("skin-light")).toHaveAttribute("aria-checked", "true");
});
