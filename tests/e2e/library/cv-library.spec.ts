import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import type { Actor } from "../../../server/modules/identity/contract";

/**
 * The CV library (issue 28): a consultant of each demo agency searches with words, a boolean
 * query, a place and radius and facets; neither sees the other country's candidates; the page
 * works without JavaScript. The candidates are made here through the running server's domain, and
 * the app's own processor indexes them.
 */
let domain: ReturnType<typeof adsDomain>;
// drawn by each run of beforeAll: Playwright runs it again in a worker that comes back to this file
// after other files' tests, and the same word made the same e-mail addresses (email_exist)
let word = "";

async function candidate(
  firstName: string,
  country: "CH" | "FR",
  town: string,
  skills: string[],
  radiusKm?: number,
): Promise<void> {
  const email = `lib.${firstName.toLowerCase()}.${word}@example.test`;
  const id = await domain.domain.identity.registerUser({
    email,
    password: "Solid-Pass-2026",
    firstName,
    lastName: word,
    locale: "fr",
    role: "CANDIDATE",
    country,
    agencyId: null,
    clientId: null,
    verified: true,
  });
  const me: Actor = { id, role: "CANDIDATE", agencyId: null, clientId: null };
  const l = domain.domain.reference.bestLocality(town, country)!;
  const c = domain.domain.candidates;
  await c.saveProfile(me, {
    type: "SaveAddress",
    expectedVersion: 0,
    values: { country, localityId: l.id, postalCode: l.postalCode, city: l.name, regionCode: l.regionCode },
  });
  await c.saveProfile(me, { type: "SaveSkills", expectedVersion: 0, values: { skills } });
  await c.saveProfile(me, {
    type: "SaveCriteria",
    profileId: "main",
    expectedVersion: 0,
    values: { desiredJobs: ["forklift_driver"], availability: "immediate", contractType: "temporary", radiusKm },
  });
  await c.saveProfile(me, { type: "SaveLibraryVisibility", expectedVersion: 0, values: { visibility: "country" } });
}

/** Opens the library with a query until the app's indexer has caught up. */
async function openLibrary(page: Page, query: string, results: number) {
  await expect(async () => {
    await page.goto(`/cv-theque?${query}`);
    await expect(page.getByTestId("library-result")).toHaveCount(results, { timeout: 300 });
  }).toPass({ timeout: 15_000 });
}

test.beforeAll(async () => {
  word = uniqueWord();
  domain = adsDomain();
  await candidate("Carla", "CH", "Carouge", [word, "CACES R489", "Cariste"], 10);
  await candidate("Nina", "CH", "Lausanne", [word, "Cariste de nuit"]);
  await candidate("Lou", "FR", "Villeurbanne", [word, "Chariot élévateur"]);
});
test.afterAll(async () => {
  await domain?.close();
});

test.describe("a Geneva consultant", () => {
  test.use({ signedInAs: "consultantGe" });

  test("searches with words, a boolean query, a place and radius and facets; never sees Lyon's", async ({ page }) => {
    await openLibrary(page, `q=${word}`, 2);
    await expect(page.getByTestId("result-name")).toHaveText([/Carla|Nina/, /Carla|Nina/]);
    await expect(page.getByTestId("result-excerpt").first().locator("mark")).toHaveCount(1);

    // boolean: the recruiters' syntax typed in the box
    await page.getByTestId("library-q").fill(`${word} AND (CACES OR "chariot élévateur") NOT nuit`);
    await page.getByTestId("library-submit").click();
    await expect(page.getByTestId("library-result")).toHaveCount(1);
    await expect(page.getByTestId("result-name")).toHaveText(`Carla ${word}`);

    // a malformed query: the message in place, the query kept
    await page.getByTestId("library-q").fill(`${word} AND (CACES`);
    await page.getByTestId("library-submit").click();
    await expect(page.getByTestId("query-error")).toBeVisible();
    await expect(page.getByTestId("library-q")).toHaveValue(`${word} AND (CACES`);

    // place and radius, then facets with counts
    await page.goto(`/cv-theque?q=${word}&place=Genève&radius=10`);
    await expect(page.getByTestId("library-result")).toHaveCount(1);
    await expect(page.getByTestId("result-distance")).toBeVisible();
    await page.goto(`/cv-theque?q=${word}&place=Genève&reach=travels`);
    await expect(page.getByTestId("result-name")).toHaveText(`Carla ${word}`);
    await page.goto(`/cv-theque?q=${word}`);
    const availability = page.getByTestId("facet-availability");
    await expect(availability.getByTestId("facet-count")).toHaveText("2");
    await page.getByTestId("facet-region").getByLabel("Vaud").check();
    await page.getByTestId("facet-contract").getByRole("checkbox").first().check();
    await page.getByTestId("apply-filters").click();
    await expect(page).toHaveURL((url) => url.searchParams.get("region") === "CH-VD");
    // the address changes before the new results are shown: wait for them (one name, else a strict-mode error)
    await expect(page.getByTestId("library-result")).toHaveCount(1);
    await expect(page.getByTestId("result-name")).toHaveText(`Nina ${word}`);
  });
});

test.describe("a Lyon consultant", () => {
  test.use({ signedInAs: "consultantLyon" });

  test("sees only the French candidate, and the menu leads to the library", async ({ page }) => {
    await openLibrary(page, `q=${word}`, 1);
    await expect(page.getByTestId("result-name")).toHaveText(`Lou ${word}`);
    await page.goto(`/cv-theque?q=${word}&place=Lyon&radius=20`);
    await expect(page.getByTestId("library-result")).toHaveCount(1);
    await page.goto("/tableau-bord-agence");
    await page.getByTestId("sidebar").getByRole("link", { name: "CVthèque" }).click();
    await expect(page).toHaveURL(/\/cv-theque$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ signedInAs: "consultantGe", javaScriptEnabled: false });

  test("the search is a GET form: words and a facet, pagination keeps them", async ({ page }) => {
    await openLibrary(page, `q=${word}`, 2);
    await page.getByTestId("library-q").fill(`${word} -nuit`);
    await page.getByTestId("library-submit").click();
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === `${word} -nuit`);
    await expect(page.getByTestId("result-name")).toHaveText(`Carla ${word}`);
  });
});
