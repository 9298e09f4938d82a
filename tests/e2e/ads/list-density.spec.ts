import { expect, test, type Locator, type Page } from "@playwright/test";
import { adsDomain, uniqueWord } from "../search/helpers";
import { ACCOUNTS, login } from "../support/login";
import { inDays } from "./helpers";

// Issue "repeated UI": on a 1,366 × 900 screen, My ads and My orders show at least ten rows
// without scrolling, below the sticky header and the filters, with each row's actions behind one
// keyboard-operable menu named after the row.

test.use({ viewport: { width: 1366, height: 900 } });

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

/** How many rows lie wholly inside the viewport, under the app's sticky header and the list's filters. */
async function rowsFullyVisible(page: Page, rows: Locator, filters: Locator) {
  const viewport = page.viewportSize()!;
  const header = await page.locator("header").first().boundingBox();
  const form = await filters.boundingBox();
  const top = Math.max(header ? header.y + header.height : 0, form ? form.y + form.height : 0);
  let visible = 0;
  for (const box of await rows.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
    if (
      box.top >= top &&
      box.bottom <= viewport.height &&
      box.left >= 0 &&
      box.right <= viewport.width &&
      box.height > 0
    )
      visible++;
  }
  // and no column is cut off: the table fits its frame, so every row's menu button shows
  const table = rows.first().locator("xpath=ancestor::table");
  expect(await table.evaluate((el) => el.scrollWidth - el.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  return visible;
}

/** The first row's menu opens from the keyboard, moves with the arrows, and closes back onto its button. */
async function menuByKeyboard(page: Page, row: Locator, name: RegExp) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const trigger = row.getByRole("button", { name });
  await expect(trigger).toHaveCount(1);
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();
}

test("My ads shows ten rows or more on a 1366 × 900 screen, actions in a menu per row", async ({ page }) => {
  await login(page, ACCOUNTS.consultantGe);
  await page.goto("/mes-annonces");
  const rows = page.getByTestId("ad-row");
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(10);
  expect(await rowsFullyVisible(page, rows, page.getByTestId("filters"))).toBeGreaterThanOrEqual(10);
  // one menu button a row, each with its own accessible name (the ad's number and title)
  // pinned by its id: ads other tests publish meanwhile arrive live at the top of the list
  const id = await rows
    .filter({ has: page.getByTestId("row-actions") })
    .first()
    .getAttribute("data-ad-id");
  const first = page.locator(`[data-testid="ad-row"][data-ad-id="${id}"]`);
  await expect(first.getByRole("button")).toHaveCount(1);
  await menuByKeyboard(page, first, new RegExp(`\\b${id}\\b`));
});

test("My orders shows ten rows or more on a 1366 × 900 screen, actions in a menu per row", async ({ page }) => {
  // the demo agency has a handful of orders: its client places what the screen needs
  const client = await ads.actor(ACCOUNTS.client);
  const word = uniqueWord();
  await login(page, ACCOUNTS.consultantGe);
  await page.goto("/mes-commandes");
  const rows = page.getByTestId("order");
  await expect(rows.first()).toBeVisible();
  const missing = 12 - (await rows.count());
  for (let i = 0; i < missing; i++) {
    const fields = {
      title: `Renfort ${word} ${i + 1}`,
      professionId: "warehouse_worker",
      places: 1 + i,
      startDate: inDays(10),
      endDate: inDays(40),
      placeText: "Genève (1201, Genève)",
      description: "",
      consultantId: null,
    };
    await ads.domain.missions.placeOrder(client, { fields });
  }
  await page.reload();
  expect(await rows.count()).toBeGreaterThanOrEqual(12);
  expect(await rowsFullyVisible(page, rows, page.getByTestId("order-filters"))).toBeGreaterThanOrEqual(10);
  const number = await rows
    .filter({ has: page.getByTestId("row-actions") })
    .first()
    .getAttribute("data-order-number");
  const first = page.locator(`[data-testid="order"][data-order-number="${number}"]`);
  await expect(first.getByRole("button")).toHaveCount(1);
  await menuByKeyboard(page, first, new RegExp(`#${number}\\b`));
});
