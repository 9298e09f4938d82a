import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { uniqueWord } from "../search/helpers";

/**
 * Favourite folders in Chromium (issue 29): a Geneva consultant builds a folder from the library's
 * bulk selection and shares it; a colleague with the folder open sees additions arrive live (the
 * selection's, told how many were there already, and one card's); the owner
 * reorders from the keyboard (the colleague sees the new order too), opens the folder as a library
 * search, deletes it and undoes the deletion.
 */
test.use({ signedInAs: "consultantGe" });

const members = (page: Page) => page.getByTestId("member-name");

/**
 * The library's cards of the demo's candidates: other specs make candidates of their own (named
 * with a random word) and merge, erase or hide them meanwhile, which would take them out of reach.
 */
const demoResults = (page: Page) =>
  page
    .getByTestId("library-result")
    .filter({ hasNot: page.getByTestId("result-name").filter({ hasText: /zx[a-z]{7}|[0-9a-f]{6,}/i }) });

/** From the library's n-th result card, through the add page, into the folder; back on the library. */
async function addFromLibrary(page: Page, n: number, folder: string): Promise<string> {
  await page.goto("/cv-theque?sort=activity");
  const card = demoResults(page).nth(n);
  const name = (await card.getByTestId("result-name").textContent())!.trim();
  await card.getByTestId("add-to-folder").click();
  await expect(page).toHaveURL(/\/mes-dossiers\/ajouter\?/);
  await page
    .getByTestId("pickable-folders")
    .getByRole("listitem")
    .filter({ hasText: folder })
    .getByRole("button")
    .click();
  await expect(page).toHaveURL((url) => url.pathname === "/cv-theque" && url.searchParams.has("ajoute"));
  await expect(demoResults(page).nth(n).getByTestId("added-to-folder")).toBeVisible();
  return name;
}

/** Ticks the library's results at `at` and opens "add to a folder"; their names. */
async function selectInLibrary(page: Page, at: number[]): Promise<string[]> {
  await page.goto("/cv-theque?sort=activity");
  // ticked before hydration, a box would be reset by the selection's state
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const names: string[] = [];
  for (const n of at) {
    const card = demoResults(page).nth(n);
    names.push((await card.getByTestId("result-name").textContent())!.trim());
    await card.getByTestId("select-result").check();
  }
  await page.getByTestId("bulk-folder").click();
  await expect(page).toHaveURL(/\/mes-dossiers\/ajouter\?/);
  await expect(page.getByTestId("selection-names")).toHaveText(names.join(", "));
  return names;
}

test("build a shared folder from library results, a colleague sees an addition live, reorder by keyboard, delete and undo", async ({
  page,
  signedInPage,
}) => {
  const folder = `Shortlist ${uniqueWord()}`;
  // the library's selection into a new folder, which opens with them
  const names = await selectInLibrary(page, [0, 1]);
  const create = page.getByTestId("create-folder");
  await create.getByLabel("Nom").fill(folder);
  await create.getByRole("button").click();
  await expect(page.getByTestId("page-title")).toHaveText(folder);
  const folderUrl = new URL(page.url()).pathname;
  const [first, second] = names;
  await expect(members(page)).toHaveText([first!, second!]);
  await page.getByTestId("toggle-share").click();
  await expect(page.getByTestId("folder-visibility")).toHaveText("Partagé avec l'agence");

  // a colleague opens the shared folder; the owner adds a selection to it: it arrives without a reload
  const { page: colleague } = await signedInPage("consultantGe2", folderUrl);
  await expect(members(colleague)).toHaveText([first!, second!]);
  await expect(colleague.locator("html")).toHaveAttribute("data-live", "connected");
  await colleague.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const [, third] = await selectInLibrary(page, [1, 2]);
  await page
    .getByTestId("pickable-folders")
    .getByRole("listitem")
    .filter({ hasText: folder })
    .getByRole("button")
    .click();
  await expect(page.getByTestId("bulk-added")).toContainText(`1 candidat ajouté à ${folder}`);
  await expect(page.getByTestId("bulk-added")).toContainText("1 y était déjà");
  await expect(members(colleague)).toHaveText([first!, second!, third!]);
  await expect(colleague.getByTestId("member-added").last()).toContainText("ajouté par");
  // and one card's control
  const fourth = await addFromLibrary(page, 3, folder);
  await expect(members(colleague)).toHaveText([first!, second!, third!, fourth]);
  expect(await colleague.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // only the owner manages it
  await expect(colleague.getByTestId("folder-settings")).toHaveCount(0);

  // keyboard reordering: the first candidate's handle, space, down, space
  await page.goto(folderUrl);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(members(page)).toHaveText([first!, second!, third!, fourth]);
  const handle = page.getByTestId("drag-handle").first();
  const announced = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press("Space");
  // picked up (the sensor measured the rows): then one row down, announced, then dropped
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await expect(announced).toContainText(first!);
  await page.keyboard.press("ArrowDown");
  await expect(announced).toContainText("position 2");
  await page.keyboard.press("Space");
  await expect(members(page)).toHaveText([second!, first!, third!, fourth]);
  await expect(members(colleague)).toHaveText([second!, first!, third!, fourth]);
  await page.reload();
  await expect(members(page)).toHaveText([second!, first!, third!, fourth]);

  // its candidates as a library search, under the library's facets
  await page.getByTestId("open-search").click();
  await expect(page).toHaveURL((url) => url.pathname === "/cv-theque" && url.searchParams.has("folder"));
  await expect(page.getByTestId("result-name")).toHaveCount(4);
  await expect(page.getByTestId("library-total")).toContainText("4");

  // delete, then undo from the notice
  await page.goto(folderUrl);
  await page.getByTestId("delete-folder").click();
  await expect(page).toHaveURL((url) => url.pathname === "/mes-dossiers" && url.searchParams.has("supprime"));
  await expect(page.getByTestId("folder-deleted")).toContainText(folder);
  await expect(page.getByTestId("folder").filter({ hasText: folder })).toHaveCount(0);
  await page.getByTestId("undo-delete").click();
  await expect(page).toHaveURL((url) => url.pathname === folderUrl);
  await expect(members(page)).toHaveText([second!, first!, third!, fourth]);
});
