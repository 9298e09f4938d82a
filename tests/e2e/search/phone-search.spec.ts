import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";

/** The job search on a phone (issue 16): the results first, the filters in a sheet, the active ones as chips. */
test.use({ viewport: { width: 360, height: 740 } });

const chip = (page: Page, key: string) => page.locator(`[data-testid="filter-chip"][data-key="${key}"]`);

test("filters open in a sheet over the results, and each active one is a chip that removes it", async ({ page }) => {
  await page.goto("/rechercher-un-emploi?sector=construction&country=CH");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByTestId("result").first()).toBeVisible();
  await expect(page.getByTestId("search-filters")).toBeHidden();
  await expect(page.getByTestId("filter-chip")).toHaveCount(2);
  await expect(page.getByTestId("filters-open")).toContainText("2");

  await page.getByTestId("filters-open").click();
  await expect(page.getByTestId("search-filters")).toBeVisible();
  await page.getByTestId("search-contract-permanent").check();
  await expect(page).toHaveURL(/contract=permanent/);
  await page.getByTestId("filters-close").click();
  await expect(page.getByTestId("search-filters")).toBeHidden();
  await expect(page.getByTestId("filter-chip")).toHaveCount(3);

  await chip(page, "country").click();
  await expect(page).toHaveURL(
    (url) => !url.searchParams.has("country") && url.searchParams.get("contract") === "permanent",
  );
  await expect(page.getByTestId("filter-chip")).toHaveCount(2);
  // the form follows the chip: the country is no longer chosen there
  await page.getByTestId("filters-open").click();
  await expect(page.getByTestId("search-country")).toHaveValue("");
  await expect(page.getByTestId("search-sector-construction")).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("search-filters")).toBeHidden();

  await page.getByTestId("filters-clear").click();
  await expect(page.getByTestId("filter-chip")).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.search === "");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters follow the results, the filters button leads down to them, and a chip removes its filter", async ({
    page,
  }) => {
    await page.goto("/rechercher-un-emploi?sector=construction&contract=permanent");
    const results = await page.getByTestId("results").boundingBox();
    const filters = await page.getByTestId("search-filters").boundingBox();
    expect(filters!.y).toBeGreaterThan(results!.y);
    await expect(page.getByTestId("filters-open")).toHaveAttribute("href", "#search-filters");
    await expect(page.getByTestId("filters-close")).toBeHidden();

    await chip(page, "sector-construction").click();
    await expect(page).toHaveURL(
      (url) => !url.searchParams.has("sector") && url.searchParams.get("contract") === "permanent",
    );
    await expect(page.getByTestId("search-sector-construction")).not.toBeChecked();
    await expect(page.getByTestId("filter-chip")).toHaveCount(1);
  });
});
