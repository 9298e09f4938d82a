import { expect, test } from "../fixtures";
import { ACCOUNTS } from "../support/login";
import { adsDomain, openSearch, uniqueWord } from "./helpers";

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

test("an ad a consultant publishes is found by a candidate in another browser, searching on their own", async ({
  signedInPage,
}) => {
  const word = uniqueWord();
  const candidate = await signedInPage("candidate", `/rechercher-un-emploi?q=${word}`);
  try {
    await expect(candidate.page.getByTestId("result-count")).toHaveText("0 offre");
    await expect(candidate.page.getByTestId("search-q")).toHaveValue(word);
    await ads.publish(ACCOUNTS.consultantGe, { title: `Monteur ${word}` });
    const published = Date.now();
    // the candidate searches again (the page's own search, not a reload) until the ad shows
    await expect(async () => {
      await candidate.page.getByTestId("search-submit").click();
      await expect(candidate.page.getByTestId("result")).toHaveCount(1, { timeout: 150 });
    }).toPass({ timeout: 10_000, intervals: [50] });
    const elapsed = Date.now() - published;
    test.info().annotations.push({ type: "found after publishing", description: `${elapsed} ms` });
    // The target is a second (issue 4). Meilisearch 1.21 here takes 30-150 ms for most one-ad
    // updates but ~2 s for some, and parallel tests queue behind each other's: the latency is
    // measured against the target by `npm run bench` (publish -> searchable); this journey
    // checks the live path end to end, with the time it took in its annotations.
    expect(elapsed, "found soon after the publication").toBeLessThan(5_000);
    await expect(candidate.page.getByTestId("result-title")).toHaveText(`Monteur ${word}`);
    await expect(candidate.page.getByTestId("result-title")).toHaveAttribute("href", /^\/annonce\/\d+\/S01$/);
  } finally {
    await candidate.context.close();
  }
});

test("an anonymous visitor narrows the results with filters, facets, a place and a radius; back and forward follow", async ({
  page,
}) => {
  const word = uniqueWord();
  await ads.publish(ACCOUNTS.consultantGe, { title: `Électricien ${word}` });
  await ads.publish(ACCOUNTS.consultantGe, {
    at: "lausanne",
    title: `Peintre ${word}`,
    professionId: "painter",
    contract: "permanent",
    salaryMin: 5200,
    salaryMax: 5600,
    salaryPeriod: "month",
  });
  await ads.publish(ACCOUNTS.consultantLyon, {
    at: "lyon",
    title: `Cuisinier ${word}`,
    sectorId: "hospitality",
    professionId: "cook",
    hideSalary: true,
  });
  await openSearch(page, `q=${word}`, 3);

  await expect(page.getByTestId("public-header")).toBeVisible();
  await expect(page.getByTestId("public-login")).toHaveAttribute(
    "href",
    `/login?redirectTo=${encodeURIComponent(`/rechercher-un-emploi?q=${word}`)}`,
  );
  await expect(page.getByTestId("favourite-toggle")).toHaveCount(0);
  await expect(page.getByTestId("result-count")).toHaveText("3 offres");
  // facet counts beside the options
  await expect(page.getByTestId("search-contract")).toContainText("Intérim (2)");
  await expect(page.getByTestId("search-contract")).toContainText("CDI (1)");
  await expect(page.getByTestId("search-sector")).toContainText("Hôtellerie et restauration (1)");
  await expect(page.getByTestId("search-country").locator("option[value=CH]")).toHaveText("Suisse (2)");
  // salaries in the country's currency, unless hidden
  const card = (title: string) => page.getByTestId("result").filter({ hasText: title });
  await expect(card(`Peintre ${word}`).getByTestId("result-salary")).toHaveText(/5.200–5.600 CHF \/ mois/);
  await expect(card(`Cuisinier ${word}`).getByTestId("result-salary")).toHaveText("Non communiqué");

  await page.getByTestId("search-contract-permanent").check();
  await expect(page).toHaveURL((url) => url.searchParams.getAll("contract").join() === "permanent");
  await expect(page.getByTestId("result")).toHaveCount(1);
  await expect(page.getByTestId("result-title")).toHaveText(`Peintre ${word}`);
  // the chosen facet keeps the other value's count
  await expect(page.getByTestId("search-contract")).toContainText("Intérim (2)");

  await page.getByTestId("search-contract-permanent").uncheck();
  await expect(page.getByTestId("result")).toHaveCount(3);
  await page.getByTestId("search-country").selectOption("FR");
  await expect(page).toHaveURL((url) => url.searchParams.get("country") === "FR");
  await expect(page.getByTestId("result")).toHaveCount(1);
  await expect(page.getByTestId("result-title")).toHaveText(`Cuisinier ${word}`);
  await expect(page.getByTestId("search-region").locator("option[value='CH-GE']")).toHaveCount(0);
  await expect(page.getByTestId("search-region").locator("option[value='FR-84']")).toHaveCount(1);

  // back: the search before the country, with the form as it was
  await page.goBack();
  await expect(page).toHaveURL((url) => !url.searchParams.has("country") && url.searchParams.get("q") === word);
  await expect(page.getByTestId("result")).toHaveCount(3);
  await expect(page.getByTestId("search-country")).toHaveValue("");
  await page.goForward();
  await expect(page.getByTestId("result")).toHaveCount(1);
  await expect(page.getByTestId("search-country")).toHaveValue("FR");
  await page.getByTestId("search-country").selectOption("");
  await expect(page.getByTestId("result")).toHaveCount(3);

  // a place chosen from the suggestions (3 characters at least), then a radius
  await expect(page.getByTestId("search-sort").locator("option[value=distance]")).toHaveCount(0);
  await page.getByTestId("search-place-input").fill("Genè");
  await page.getByTestId("search-place-option").filter({ hasText: "1201" }).first().click();
  await expect(page).toHaveURL((url) => url.searchParams.get("placeId")?.startsWith("CH-1201-") ?? false);
  await expect(page.getByTestId("result-distance")).toHaveCount(3);
  await page.getByTestId("search-radius").selectOption("20");
  await expect(page).toHaveURL((url) => url.searchParams.get("radius") === "20");
  await expect(page.getByTestId("result")).toHaveCount(1);
  await expect(page.getByTestId("result-title")).toHaveText(`Électricien ${word}`);
  await page.getByTestId("search-radius").selectOption("100");
  await expect(page.getByTestId("result")).toHaveCount(2);
  await page.getByTestId("search-sort").selectOption("distance");
  await expect(page.getByTestId("result-title")).toHaveText([`Électricien ${word}`, `Peintre ${word}`]);

  // the URL is the search: opened elsewhere, it shows the same
  const shared = page.url();
  await page.goto("/rechercher-un-emploi");
  await page.goto(shared);
  await expect(page.getByTestId("result-title")).toHaveText([`Électricien ${word}`, `Peintre ${word}`]);
  await expect(page.getByTestId("search-radius")).toHaveValue("100");
});

test("results follow the typing without the field losing focus", async ({ page }) => {
  const word = uniqueWord();
  await ads.publish(ACCOUNTS.consultantGe, { title: `Carreleur ${word}` });
  await openSearch(page, `q=${word}`, 1);
  await page.goto("/rechercher-un-emploi");
  const q = page.getByTestId("search-q");
  await q.click();
  await q.pressSequentially(word.slice(0, 4), { delay: 30 });
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === word.slice(0, 4));
  await q.pressSequentially(word.slice(4), { delay: 30 });
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === word);
  await expect(page.getByTestId("result")).toHaveCount(1);
  await expect(page.getByTestId("result-title")).toHaveText(`Carreleur ${word}`);
  await expect(q).toBeFocused();
  await expect(q).toHaveValue(word);
});

test("a candidate keeps a favourite, hides an ad with an undo, and saves the search", async ({ signedInPage }) => {
  const word = uniqueWord();
  await ads.publish(ACCOUNTS.consultantGe, {
    title: `Magasinier ${word}`,
    sectorId: "logistics",
    professionId: "warehouse_worker",
  });
  await ads.publish(ACCOUNTS.consultantGe, {
    title: `Cariste ${word}`,
    sectorId: "logistics",
    professionId: "forklift_driver",
  });
  const { context, page } = await signedInPage("candidate");
  try {
    await openSearch(page, `q=${word}`, 2);
    await expect(page.getByTestId("sidebar")).toBeVisible(); // the signed-in shell
    const card = (title: string) => page.getByTestId("result").filter({ hasText: title });

    // the heart flips at once; the reload waits for the server to have kept it
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/rechercher-un-emploi",
    );
    await card(`Cariste ${word}`).getByTestId("favourite-toggle").click();
    await expect(card(`Cariste ${word}`).getByTestId("favourite-toggle")).toHaveAttribute("aria-pressed", "true");
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(card(`Cariste ${word}`).getByTestId("favourite-toggle")).toHaveAttribute("aria-pressed", "true");
    await expect(card(`Magasinier ${word}`).getByTestId("favourite-toggle")).toHaveAttribute("aria-pressed", "false");

    await card(`Magasinier ${word}`).getByTestId("hide-ad").click();
    await expect(page.getByTestId("hidden-notice")).toContainText(`Magasinier ${word}`);
    await expect(page.getByTestId("result")).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId("result")).toHaveCount(1);
    await card(`Cariste ${word}`).getByTestId("hide-ad").click();
    await expect(page.getByTestId("result")).toHaveCount(0);
    await page.getByTestId("undo-hide").click();
    await expect(page.getByTestId("result")).toHaveCount(1);
    await expect(page.getByTestId("result-title")).toHaveText(`Cariste ${word}`);

    await page.getByTestId("save-search").locator("summary").click();
    await expect(page.getByTestId("save-search-name")).toHaveValue(word);
    await page.getByTestId("save-search-name").fill(`Logistique ${word}`);
    await page.getByTestId("save-search-submit").click();
    await expect(page).toHaveURL((url) => url.pathname === "/ma-recherche");
    await expect(page.getByTestId("saved-search-name").filter({ hasText: `Logistique ${word}` })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("odd input gives a normal page with the text kept", async ({ page }) => {
  page.on("dialog", () => {
    throw new Error("a script from the query ran");
  });
  for (const q of ["", "a".repeat(5000), "'; drop table--", "<script>alert(1)</script>", '%%% *** ??? "\\']) {
    const response = await page.goto(
      `/rechercher-un-emploi?${new URLSearchParams({ q, radius: "7", sort: "nope", page: "-3", country: "<b>" })}`,
    );
    expect(response?.status(), q.slice(0, 20)).toBe(200);
    await expect(page.getByTestId("page-title")).toHaveText("Rechercher un emploi");
    await expect(page.getByTestId("result-count")).toBeVisible();
    await expect(page.getByTestId("search-q")).toHaveValue(q.slice(0, 200).trim());
  }
  // a minimum salary that is not a number: said on the field, as typed
  await page.goto("/rechercher-un-emploi?salaryMin=beaucoup");
  await expect(page.getByTestId("search-salary")).toHaveValue("beaucoup");
  await expect(page.getByText("Saisissez un nombre dans la plage autorisée.")).toBeVisible();
});
