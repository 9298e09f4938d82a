import { expect, test } from "../fixtures";
import { fr } from "../ads/helpers";
import { uniqueWord } from "./helpers";

/** A search without results says what to try and offers the way back to results (issue 16, item 11). */
test("no results: what to try, keep only the keywords, then every job", async ({ page }) => {
  const word = uniqueWord();
  const empty = page.getByTestId("no-results");
  // a loaded search engine may time out (the page then says it is unavailable): ask again, as openSearch does
  await expect(async () => {
    await page.goto(`/rechercher-un-emploi?q=${word}&contract=temporary&rateMin=80`);
    await expect(empty).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(empty.getByRole("heading")).toHaveText(fr("search", "noResults.title"));
  await expect(empty).toContainText(fr("search", "noResults.fewerFilters"));
  await expect(empty).toContainText(fr("search", "noResults.otherWords"));
  // visitors are not offered alerts they cannot have
  await expect(empty).not.toContainText(fr("search", "noResults.saveSearch"));

  await empty.getByTestId("no-results-clear").click();
  await expect(page).toHaveURL((url) => url.search === `?q=${word}`);
  await expect(page.getByTestId("filter-chip")).toHaveCount(0);
  // only the words are left: nothing to clear any more
  await expect(empty.getByTestId("no-results-clear")).toHaveCount(0);
  await empty.getByTestId("no-results-all").click();
  await expect(page).toHaveURL((url) => url.pathname === "/rechercher-un-emploi" && url.search === "");
  await expect(page.getByTestId("result").first()).toBeVisible();
});
