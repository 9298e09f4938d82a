import { expect, test } from "../fixtures";
import { uniqueWord } from "../search/helpers";

/**
 * Saved CV library searches (issue 28): a consultant saves the search they see on /cv-theque,
 * finds it listed, runs it again, switches its alert off, renames and deletes it; without
 * JavaScript the save is a plain form, and a refused save keeps the name and says why.
 */
test.describe("a Geneva consultant", () => {
  test.use({ signedInAs: "consultantGe" });

  test("saves the current search, reruns it, turns its alert off, renames and deletes it", async ({ page }) => {
    const word = uniqueWord();
    const query = `cariste AND (CACES OR "chariot élévateur") NOT ${word}`;
    await page.goto(`/cv-theque?${new URLSearchParams({ q: query, radius: "30", place: "Carouge", page: "2" })}`);
    await page.getByTestId("save-library-search").locator("summary").click();
    await page.getByTestId("save-library-search-name").fill(`Caristes ${word}`);
    await page.getByTestId("save-library-search-submit").click();

    await expect(page).toHaveURL((url) => url.pathname === "/cv-theque/recherches");
    await expect(page.getByTestId("saved-notice")).toContainText(`Caristes ${word}`);
    const row = page.getByTestId("saved-search").filter({ hasText: `Caristes ${word}` });
    await expect(row.getByTestId("saved-search-criteria")).toContainText(query);
    await expect(row.getByTestId("saved-search-criteria")).toContainText("Carouge");
    await expect(row.getByTestId("alerts-state")).toHaveAttribute("data-on", "true");

    // run: the library with the same search, from its first page
    await row.getByTestId("run-search").click();
    await expect(page).toHaveURL((url) => url.pathname === "/cv-theque" && url.searchParams.get("page") === null);
    await expect(page.getByTestId("library-q")).toHaveValue(query);
    await expect(page.getByTestId("place")).toHaveValue("Carouge");
    await expect(page.getByTestId("radius")).toHaveValue("30");

    await page.getByTestId("saved-searches-link").click();
    await row.getByTestId("alerts-toggle").click();
    await expect(row.getByTestId("alerts-state")).toHaveAttribute("data-on", "false");

    // a name already taken is refused on the field, the typed name kept
    await page.goto(`/cv-theque?q=${word}`);
    await page.getByTestId("save-library-search").locator("summary").click();
    await page.getByTestId("save-library-search-name").fill(`Nuit ${word}`);
    await page.getByTestId("save-library-search-submit").click();
    await expect(page.getByTestId("saved-search").filter({ hasText: `Nuit ${word}` })).toBeVisible();
    await row.getByTestId("rename").locator("summary").click();
    await row.getByLabel("Nom de la recherche").fill(`nuit ${word}`);
    await row.getByTestId("rename-submit").click();
    await expect(row).toContainText("Vous avez déjà une recherche enregistrée sous ce nom");
    await expect(row.getByLabel("Nom de la recherche")).toHaveValue(`nuit ${word}`);
    await row.getByLabel("Nom de la recherche").fill(`Caristes Carouge ${word}`);
    await row.getByTestId("rename-submit").click();
    const renamed = page.getByTestId("saved-search").filter({ hasText: `Caristes Carouge ${word}` });
    await expect(renamed.getByTestId("saved-search-name")).toHaveText(`Caristes Carouge ${word}`);

    await renamed.getByTestId("delete-search").click();
    await page.getByTestId("confirm-delete").click();
    await expect(page.getByTestId("saved-search").filter({ hasText: `Caristes Carouge ${word}` })).toHaveCount(0);
    await expect(page.getByTestId("saved-search").filter({ hasText: `Nuit ${word}` })).toHaveCount(1);
  });
});

test.describe("without JavaScript", () => {
  test.use({ signedInAs: "consultantGe", javaScriptEnabled: false });

  test("the save is a plain form; a query that does not read is refused with the name kept", async ({ page }) => {
    const word = uniqueWord();
    // a malformed query shows its message on /cv-theque; saving it is refused on the next page
    await page.goto(`/cv-theque?${new URLSearchParams({ q: `${word} AND (CACES` })}`);
    await expect(page.getByTestId("query-error")).toBeVisible();
    await page.getByTestId("save-library-search").locator("summary").click();
    await page.getByTestId("save-library-search-name").fill(`Cassée ${word}`);
    await page.getByTestId("save-library-search-submit").click();
    const form = page.getByTestId("save-form");
    await expect(form).toContainText("Les parenthèses ne sont pas équilibrées");
    await expect(form.getByLabel("Nom de la recherche")).toHaveValue(`Cassée ${word}`);
    await expect(page.getByTestId("saved-search").filter({ hasText: word })).toHaveCount(0);

    await page.goto(`/cv-theque?q=${word}`);
    await page.getByTestId("save-library-search").locator("summary").click();
    await page.getByTestId("save-library-search-name").fill(`Sans script ${word}`);
    await page.getByTestId("save-library-search-submit").click();
    await expect(page).toHaveURL((url) => url.pathname === "/cv-theque/recherches");
    const row = page.getByTestId("saved-search").filter({ hasText: `Sans script ${word}` });
    await expect(row.getByTestId("saved-search-criteria")).toContainText(word);
    await row.getByTestId("delete-search").click();
    await page.getByTestId("confirm-delete").click();
    await expect(page.getByTestId("saved-search").filter({ hasText: word })).toHaveCount(0);
  });
});
