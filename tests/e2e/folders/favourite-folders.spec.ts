import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { uniqueWord } from "../search/helpers";

/**
 * Favourite folders in Chromium (issue 29): a Geneva consultant builds a shared folder from the
 * library's results; a colleague with the folder open sees an addition arrive live; the owner
 * reorders from the keyboard (the colleague sees the new order too), opens the folder as a library
 * search, deletes it and undoes the deletion.
 */
test.use({ signedInAs: "consultantGe" });

const members = (page: Page) => page.getByTestId("member-name");

/** From the library's n-th result card, through the add page, into the folder; back on the library. */
async function addFromLibrary(page: Page, n: number, folder: string): Promise<string> {
  await page.goto("/cv-theque?sort=activity");
  const card = page.getByTestId("library-result").nth(n);
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
  await expect(page.getByTestId("library-result").nth(n).getByTestId("added-to-folder")).toBeVisible();
  return name;
}

test("build a shared folder from library results, a colleague sees an addition live, reorder by keyboard, delete and undo", async ({
  page,
  signedInPage,
}) => {
  const folder = `Shortlist ${uniqueWord()}`;
  await page.goto("/mes-dossiers");
  const create = page.getByTestId("create-folder");
  await create.getByLabel("Nom").fill(folder);
  await create.getByTestId("visibility-agency").check();
  await create.getByRole("button").click();
  await expect(page.getByTestId("page-title")).toHaveText(folder);
  const folderUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId("folder-empty")).toBeVisible();

  const first = await addFromLibrary(page, 0, folder);
  const second = await addFromLibrary(page, 1, folder);

  // a colleague opens the shared folder; the owner adds a third candidate: it arrives without a reload
  const { page: colleague } = await signedInPage("consultantGe2", folderUrl);
  await expect(members(colleague)).toHaveText([first, second]);
  await expect(colleague.locator("html")).toHaveAttribute("data-live", "connected");
  await colleague.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const third = await addFromLibrary(page, 2, folder);
  await expect(members(colleague)).toHaveText([first, second, third]);
  await expect(colleague.getByTestId("member-added").last()).toContainText("ajouté par");
  expect(await colleague.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // only the owner manages it
  await expect(colleague.getByTestId("folder-settings")).toHaveCount(0);

  // keyboard reordering: the first candidate's handle, space, down, space
  await page.goto(folderUrl);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(members(page)).toHaveText([first, second, third]);
  const handle = page.getByTestId("drag-handle").first();
  const announced = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press("Space");
  // picked up (the sensor measured the rows): then one row down, announced, then dropped
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await expect(announced).toContainText(first);
  await page.keyboard.press("ArrowDown");
  await expect(announced).toContainText("position 2");
  await page.keyboard.press("Space");
  await expect(members(page)).toHaveText([second, first, third]);
  await expect(members(colleague)).toHaveText([second, first, third]);
  await page.reload();
  await expect(members(page)).toHaveText([second, first, third]);

  // its candidates as a library search, under the library's facets
  await page.getByTestId("open-search").click();
  await expect(page).toHaveURL((url) => url.pathname === "/cv-theque" && url.searchParams.has("folder"));
  await expect(page.getByTestId("result-name")).toHaveCount(3);
  await expect(page.getByTestId("library-total")).toContainText("3");

  // delete, then undo from the notice
  await page.goto(folderUrl);
  await page.getByTestId("delete-folder").click();
  await expect(page).toHaveURL((url) => url.pathname === "/mes-dossiers" && url.searchParams.has("supprime"));
  await expect(page.getByTestId("folder-deleted")).toContainText(folder);
  await expect(page.getByTestId("folder").filter({ hasText: folder })).toHaveCount(0);
  await page.getByTestId("undo-delete").click();
  await expect(page).toHaveURL((url) => url.pathname === folderUrl);
  await expect(members(page)).toHaveText([second, first, third]);
});
