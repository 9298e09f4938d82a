import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import { ACCOUNTS } from "../support/login";
import { adRow, choosePlace, filterMyAds, formReady, fr, openRowMenu, rowAction, writeDescription } from "./helpers";

// Spec sections 1, 4 and 6: each agency sees its own ads only; a client manager proposes ads for
// their company, which the agency reviews and publishes; candidates have no agency screens.

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

test("the Lyon consultant cannot open, find or change an ad of the Geneva agency", async ({
  page,
  request,
  signIn,
}) => {
  const word = uniqueWord();
  const title = `Horloger ${word}`;
  const id = await ads.publish(ACCOUNTS.consultantGe, { title });
  await signIn("consultantLyon");

  // the edit address of the Geneva ad: "announcement not found", as for an ad that does not exist
  const response = await page.goto(`/mes-annonces/${id}/modifier`);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-title")).toHaveText(fr("common", "announcement_not_found"));
  await expect(page.getByTestId("ad-form")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(title);
  const unknown = await page.goto(`/mes-annonces/999999999/modifier`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByTestId("error-title")).toHaveText(fr("common", "announcement_not_found"));

  // nor in the Lyon agency's list
  await filterMyAds(page, word);
  await expect(page.getByTestId("ad-row")).toHaveCount(0);
  await expect(page.getByTestId("empty")).toHaveText(fr("ads", "list.emptyFiltered"));

  // a hand-made form post to disable it is refused, and the ad stays online
  const post = await page.request.post("/mes-annonces", { form: { intent: "disable", adId: String(id) } });
  expect(post.status()).toBe(404);
  const stillThere = await request.get(`/annonce/${id}/S01`);
  expect(stillThere.status()).toBe(200);
});

test("a client manager proposes an ad for their company; the Geneva consultant reviews and publishes it", async ({
  signedInPage,
}) => {
  test.setTimeout(90_000);
  const word = uniqueWord();
  const title = `Polisseur ${word}`;
  const manager = await signedInPage("manager");
  const consultant = await signedInPage("consultantGe");
  try {
    // the manager lands on the form: told the agency reviews it, with no way to publish
    const page = manager.page;
    await expect(page).toHaveURL((url) => url.pathname === "/creer-une-annonce");
    await formReady(page);
    await expect(page.getByTestId("review-note")).toHaveText(fr("ads", "form.reviewNote"));
    await expect(page.getByTestId("submit-publish")).toHaveCount(0);
    await expect(page.getByLabel(fr("ads", "form.client"))).toHaveCount(0);
    await page.getByLabel(fr("ads", "form.title")).fill(title);
    await page.getByLabel(fr("ads", "form.sector")).selectOption({ label: fr("reference", "sectors.industry") });
    await page
      .getByLabel(fr("ads", "form.profession"))
      .selectOption({ label: fr("reference", "professions.watchmaker") });
    await writeDescription(page, "Polissage de boîtiers et de bracelets, atelier de Plan-les-Ouates.");
    await choosePlace(page, "Plan-les", "CH-1228-plan-les-ouates");
    await page.getByTestId("submit-propose").click();

    // in the manager's list: not online, waiting for the agency
    await expect(page).toHaveURL((url) => url.pathname === "/mes-annonces", { timeout: 15_000 });
    await expect(page.getByTestId("saved")).toHaveText(fr("ads", "success_save_add"));
    await filterMyAds(page, word);
    const mine = page.getByTestId("ad-row");
    await expect(mine).toHaveCount(1);
    const id = Number(await mine.getAttribute("data-ad-id"));
    await expect(mine.getByTestId("ad-state")).toHaveText(fr("ads", "states.draft"));
    await expect(mine.getByTestId("awaiting-review")).toHaveText(fr("ads", "list.awaitingReview"));
    await expect(mine.getByTestId("public-link")).toHaveCount(0);
    // the manager's menu offers what they may do on their proposal, but not publishing it
    const menu = await openRowMenu(mine);
    await expect(menu.getByTestId("action-edit")).toBeVisible();
    await expect(menu.getByTestId("action-publish")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    const hidden = await page.request.get(`/annonce/${id}/S01`);
    expect(hidden.status()).toBe(404);

    // the consultant finds it awaiting review, for the manager's company, and publishes it
    const agency = consultant.page;
    await filterMyAds(agency, word);
    const row = adRow(agency, id);
    await expect(row.getByTestId("ad-title")).toHaveText(title);
    await expect(row.getByTestId("awaiting-review")).toBeVisible();
    await expect(row).toContainText("Horlogerie du Rhône SA");
    await rowAction(row, "action-publish");
    await expect(row.getByTestId("ad-state")).toHaveText(fr("ads", "states.online"));
    await expect(row.getByTestId("awaiting-review")).toHaveCount(0);
    await expect(row.getByTestId("public-link")).toHaveAttribute("href", `/annonce/${id}/S01`);

    // online for everyone, and so in the manager's list
    const published = await agency.request.get(`/annonce/${id}/S01`);
    expect(published.status()).toBe(200);
    await page.reload();
    await expect(adRow(page, id).getByTestId("ad-state")).toHaveText(fr("ads", "states.online"));
    await expect(adRow(page, id).getByTestId("awaiting-review")).toHaveCount(0);
  } finally {
    await manager.context.close();
    await consultant.context.close();
  }
});

test("a candidate opening the agency's ads is sent to the not-authorized page", async ({ page, signIn }) => {
  await signIn("candidate");
  await page.goto("/mes-annonces");
  await expect(page).toHaveURL((url) => url.pathname === "/not-authorized");
  await expect(page.getByTestId("error-title")).toHaveText(fr("common", "errors.notAuthorized.title"));
  await expect(page.getByTestId("ads")).toHaveCount(0);
  await page.goto("/creer-une-annonce");
  await expect(page).toHaveURL((url) => url.pathname === "/not-authorized");
});
