import { expect, test } from "../fixtures";
import { tr } from "../support/i18n";
import { ACCOUNTS } from "../support/login";
import type { Page } from "@playwright/test";
import { adsDomain, uniqueWord } from "../search/helpers";

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

/** Opens the search until the indexer has the ads (it may queue behind other tests' writes). */
async function openSearch(page: Page, query: string, results: number) {
  await expect(async () => {
    await page.goto(`/rechercher-un-emploi?${query}`);
    await expect(page.getByTestId("result")).toHaveCount(results, { timeout: 500 });
  }).toPass({ timeout: 30_000 });
}

/** French groups thousands with a narrow no-break space: read as a plain space. */
const plain = (s: string | null) => s?.replace(/[\u202f\u00a0]/g, " ");

test("money reads the way of the ad's country, with cents only when needed; counts take their plural form", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const word = uniqueWord();
  await ads.publish(ACCOUNTS.consultantGe, {
    title: `Maçon ${word}`,
    salaryMin: 41,
    salaryMax: 42.5,
    salaryPeriod: "hour",
  });
  await ads.publish(ACCOUNTS.consultantGe, {
    at: "lausanne",
    title: `Peintre ${word}`,
    salaryMin: 2900.5,
    salaryMax: 2900.5,
    salaryPeriod: "month",
  });
  await ads.publish(ACCOUNTS.consultantLyon, {
    at: "lyon",
    title: `Cuisinier ${word}`,
    salaryMin: 2900.5,
    salaryMax: 3100,
    salaryPeriod: "month",
  });
  const salary = (title: string) => page.getByTestId("result").filter({ hasText: title }).getByTestId("result-salary");

  // in German: Swiss francs the Swiss way, euros in France the French way
  await openSearch(page, `q=${word}&lng=de`, 3);
  await expect(salary(`Maçon ${word}`)).toHaveText(/^41–42\.50 CHF \//);
  await expect(salary(`Peintre ${word}`)).toHaveText(/^2'900\.50 CHF \//);
  expect(plain(await salary(`Cuisinier ${word}`).textContent())).toMatch(/^2 900,50–3 100 EUR \//);
  await expect(page.getByTestId("result-count")).toHaveText("3 Stellen");

  // in French: Swiss francs still with a point
  await openSearch(page, `q=${word}&lng=fr`, 3);
  expect(plain(await salary(`Peintre ${word}`).textContent())).toMatch(/^2 900\.50 CHF \//);
  await expect(salary(`Maçon ${word}`)).toHaveText(/^41–42\.50 CHF \//);

  // French uses the singular for 0 and 1
  await openSearch(page, `q=${word}+Maçon`, 1);
  await expect(page.getByTestId("result-count")).toHaveText("1 offre");
  await page.goto(`/rechercher-un-emploi?q=${uniqueWord()}`);
  await expect(page.getByTestId("result-count")).toHaveText("0 offre");
});

test("language links are announced by the code they show and the language's own name", async ({ page }) => {
  await page.goto("/login");
  for (const [lng, name] of [
    ["fr", "Français"],
    ["en", "English"],
    ["de", "Deutsch"],
    ["it", "Italiano"],
    ["pt", "Português"],
  ] as const) {
    const link = page.getByRole("link", { name: `${lng.toUpperCase()} – ${name}`, exact: true });
    await expect(link).toHaveAttribute("hreflang", lng);
    await expect(link).toHaveAttribute("lang", lng);
    await expect(link).toHaveText(lng);
    expect(tr(lng, `languages.${lng}`)).toBe(name);
  }
});

test("a candidate's saved-searches count takes its plural form", async ({ page, signIn }) => {
  await signIn("candidateFr", "/ma-recherche");
  const count = page.getByTestId("search-count");
  await expect(count).toBeVisible();
  await expect(count).not.toContainText("(s)");
  const n = Number((await count.textContent())!.match(/\d+/)![0]);
  await expect(count).toContainText(n <= 1 ? "recherche enregistrée" : "recherches enregistrées");
});
