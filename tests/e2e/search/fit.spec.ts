import type { Actor } from "../../../server/modules/identity/contract";
import { expect, test } from "../fixtures";
import { ACCOUNTS, login } from "../support/login";
import { adsDomain, openSearch, uniqueWord } from "./helpers";

/** Issue 32, the candidate's side: how each job fits them, with why, on a 360 px phone. */
let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});
test.use({ viewport: { width: 360, height: 780 } });

/** A new candidate in Geneva who wants temporary roofing work within 20 km, immediately, at 100 %, for 30 an hour. */
async function roofer(word: string): Promise<string> {
  const email = `fit.${word}@example.test`;
  const d = ads.domain;
  const id = await d.identity.registerUser({
    email,
    password: "Solid-Pass-2026",
    firstName: "Noé",
    lastName: word,
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  const me: Actor = { id, role: "CANDIDATE", agencyId: null, clientId: null };
  const l = d.reference.localityById("CH-1201-geneve")!;
  await d.candidates.saveProfile(me, {
    type: "SaveAddress",
    expectedVersion: 0,
    values: { country: "CH", localityId: l.id, postalCode: l.postalCode, city: l.name, regionCode: l.regionCode },
  });
  await d.candidates.saveProfile(me, {
    type: "SaveCriteria",
    profileId: "main",
    expectedVersion: 0,
    values: {
      desiredJobs: ["roofer"],
      radiusKm: 20,
      availability: "immediate",
      contractType: "temporary",
      occupancyRate: 100,
      income: 30,
      incomePeriod: "hour",
    },
  });
  return email;
}

test("a candidate reads how jobs fit them, sorts the search by fit, asks for a lowest fit, and finds the best on the dashboard", async ({
  page,
}) => {
  const word = uniqueWord();
  const email = await roofer(word);
  const near = await ads.publish(ACCOUNTS.consultantGe, {
    title: `Couvreur ${word}`,
    sectorId: "construction",
    professionId: "roofer",
  });
  // 50 km away, permanent: the profession fits, the place and the contract do not
  const far = await ads.publish(ACCOUNTS.consultantGe, {
    title: `Couvreur Lausanne ${word}`,
    sectorId: "construction",
    professionId: "roofer",
    at: "lausanne",
    contract: "permanent",
    requirements: { languages: [{ code: "de", level: "B2" }], licences: ["B"], workPermit: true },
  });
  await login(page, email, { password: "Solid-Pass-2026", accountType: "0", expectPath: "/tableau-de-bord" });

  await openSearch(page, `q=${word}&sort=fit`, 2);
  const cards = page.getByTestId("result");
  await expect(cards.nth(0)).toHaveAttribute("data-ad-id", String(near));
  await expect(cards.nth(1)).toHaveAttribute("data-ad-id", String(far));
  await expect(cards.nth(0).getByTestId("fit-score")).toHaveText("Vous correspond à 100 %");
  const why = cards.nth(1).getByTestId("fit-reasons");
  await why.locator("summary").click();
  await expect(why.locator('[data-criterion="profession"]')).toHaveText(/Vous cherchez un poste de Couvreur/);
  await expect(why.locator('[data-criterion="distance"][data-verdict="mismatch"]')).toContainText(
    "au-delà de vos 20 km",
  );
  await expect(why.locator('[data-criterion="contract"]')).toContainText("pas le contrat que vous cherchez");
  // what the profile does not say is unknown, never a match
  await expect(why.locator('[data-criterion="licences"][data-verdict="unknown"]')).toContainText(
    "Demande B : ajoutez vos permis à votre profil",
  );
  await expect(why.locator('[data-criterion="permit"][data-verdict="unknown"]')).toBeVisible();

  // the ad page says what the ad asks, and how it fits her
  await cards.nth(1).getByTestId("result-title").click();
  await expect(page.getByTestId("ad-requirements")).toHaveText("allemand B2 · B · Un permis de travail valable");
  await expect(page.getByTestId("ad-fit").getByTestId("fit-score")).toHaveAttribute("data-score", /^\d+$/);
  await page.goBack();

  // a lowest fit: the far one goes, and says so in the chips; no horizontal scroll at 360 px
  await page.goto(`/rechercher-un-emploi?q=${word}&sort=fit&fit=85`);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute("data-ad-id", String(near));
  await expect(page.getByText("Au moins 85 %").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // the dashboard suggests it first (the newest of the best fits), with why
  await page.goto("/tableau-de-bord");
  const forYou = page.getByTestId("jobs-for-you");
  await expect(forYou.getByTestId("job-for-you").first()).toHaveAttribute("data-ad-id", String(near));
  await expect(forYou.getByTestId("job-for-you").first().getByTestId("fit-score")).toHaveText(
    "Vous correspond à 100 %",
  );
  await expect(forYou.getByTestId("jobs-for-you-more")).toHaveAttribute("href", /sort=fit/);
});

test("a visitor is offered neither the sort by fit nor a lowest fit, and sees no fit", async ({ page }) => {
  const word = uniqueWord();
  await ads.publish(ACCOUNTS.consultantGe, { title: `Couvreur ${word}`, professionId: "roofer" });
  await openSearch(page, `q=${word}&sort=fit&fit=85`, 1);
  await expect(page.getByTestId("fit-score")).toHaveCount(0);
  await expect(page.getByTestId("search-min-fit")).toHaveCount(0);
  await expect(page.getByTestId("search-sort").locator('option[value="fit"]')).toHaveCount(0);
});
