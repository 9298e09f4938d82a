import { expect, test } from "../fixtures";
import { tr } from "../support/i18n";
import { holdScripts } from "../support/scripts";

/**
 * Date fields speak the page's language, not the browser's (issue 16, items 10 and 11): typed as
 * DD/MM/YYYY or picked in a calendar in the page's language; the form still sends YYYY-MM-DD.
 */
test.use({ signedInAs: "consultantGe", locale: "en-US" });

test("a German page's date field in an English browser: DD/MM/YYYY, a German calendar, the day sent as YYYY-MM-DD", async ({
  page,
}) => {
  await page.goto("/candidatures?lng=de&from=2026-03-05");
  const from = page.getByTestId("filter-from");
  await expect(from).toHaveValue("05/03/2026");
  await expect(from).toHaveAttribute("placeholder", tr("de", "dates.placeholder"));

  // the calendar: German weekdays from Monday, the chosen day marked, another day picked
  await from
    .locator("xpath=..")
    .getByRole("button", { name: tr("de", "dates.pick") })
    .click();
  const calendar = page.getByTestId("date-calendar");
  await expect(calendar.locator("thead th").first()).toHaveText("Mo");
  await expect(calendar.locator("thead th").nth(2)).toHaveText("Mi");
  await expect(calendar.getByRole("combobox").first()).toHaveValue("2");
  await calendar.getByRole("button", { name: /12/ }).first().click();
  await expect(calendar).toHaveCount(0);
  await expect(from).toHaveValue("12/03/2026");
  await expect(from).toBeFocused();

  // typed the Swiss way, sent as the form's day
  await from.fill("24.11.2026");
  await page.getByTestId("filter-submit").click();
  await expect(page).toHaveURL((url) => url.searchParams.get("from") === "2026-11-24");
  await expect(page.getByTestId("filter-from")).toHaveValue("24/11/2026");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the browser's own date field stands in and sends the same day", async ({ page }) => {
    await page.goto("/candidatures?lng=de&from=2026-03-05");
    const from = page.getByTestId("filter-from");
    await expect(from).toHaveAttribute("type", "date");
    await expect(from).toHaveValue("2026-03-05");
  });
});

test("a day typed before the page's scripts have run is kept when the field comes alive", async ({ page }) => {
  // the scripts wait until the day has been typed into the browser's own date input
  const release = await holdScripts(page);
  await page.goto("/candidatures?lng=de", { waitUntil: "commit" });
  const from = page.getByTestId("filter-from");
  await expect(from).toHaveAttribute("type", "date");
  await from.fill("2026-07-14");
  release();
  await expect(from).toHaveAttribute("type", "text");
  await expect(from).toHaveValue("14/07/2026");
});
