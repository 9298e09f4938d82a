import { randomUUID } from "node:crypto";
import { expect, test } from "../fixtures";
import { DEMO_PASSWORD } from "../../../db/seed/demo";
import { ACCOUNTS, submitLogin } from "../support/login";
import { fr as frOf, inDays } from "../ads/helpers";
import { adsDomain, openSearch, uniqueWord } from "../search/helpers";

/** The dashboards show what matters now: they start with what to do, fill with the person's data and follow it live. */
let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

const fr = (key: string, params?: Record<string, string | number>) => frOf("common", key, params);
const ddmmyyyy = (day: string) => day.split("-").reverse().join("/");

test("a new candidate's dashboard says what to do, then shows their searches, new ads and favourites", async ({
  page,
}) => {
  const word = uniqueWord();
  const email = await ads.freshAccount("CANDIDATE", DEMO_PASSWORD, null, "glance");
  await page.goto("/login");
  await submitLogin(page, email, { accountType: "0" });
  await expect(page).toHaveURL((url) => url.pathname === "/tableau-de-bord");

  // nothing yet: each card says what to do and links to it
  const searches = page.getByTestId("glance-searches");
  await expect(searches).toContainText(fr("dashboard.glance.searches.empty"));
  await expect(page.getByTestId("glance-favourites")).toContainText(fr("dashboard.glance.favourites.empty"));
  await expect(page.getByTestId("glance-shifts")).toContainText(fr("dashboard.glance.shifts.empty"));
  await expect(page.getByTestId("glance-timesheets")).toContainText(fr("dashboard.glance.timesheets.emptyCandidate"));
  await searches.getByTestId("glance-searches-start").click();
  await expect(page).toHaveURL((url) => url.pathname === "/rechercher-un-emploi");

  // a saved search, an ad published after it, and a favourite
  const me = await ads.actor(email);
  await ads.domain.engagement.saveSearch(me, {
    name: `Grutier ${word}`,
    query: `q=${word}`,
    idempotencyKey: randomUUID(),
  });
  const adId = await ads.publish(ACCOUNTS.consultantGe, { title: `Grutier ${word}` });
  await ads.domain.engagement.favouriteAd(me, adId);
  await openSearch(page, `q=${word}`, 1);

  await page.goto("/tableau-de-bord");
  await expect(searches.getByTestId("glance-searches-saved").getByTestId("figure-value")).toHaveText("1");
  await expect(searches.getByTestId("glance-searches-new").getByTestId("figure-value")).toHaveText("1");
  await expect(searches.getByTestId("glance-searches-items")).toContainText(
    `Grutier ${word} · ${fr("dashboard.glance.searches.newCount_one", { count: 1 })}`,
  );
  const favourites = page.getByTestId("glance-favourites");
  await expect(favourites.getByTestId("glance-favourites-online").getByTestId("figure-value")).toHaveText("1");
  // the search runs from the dashboard; the favourite opens its ad
  await searches.getByRole("link", { name: new RegExp(`Grutier ${word}`) }).click();
  await expect(page.getByTestId("result")).toHaveCount(1);
  await page.goBack();
  await favourites.getByRole("link", { name: new RegExp(`Grutier ${word}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/annonce/${adId}/`));
});

test.describe("agency", () => {
  test.use({ signedInAs: "consultantGe" });

  test("the agency dashboard lists an ad ending this week as soon as it is published, and links to it", async ({
    page,
  }) => {
    const word = uniqueWord();
    await page.goto("/tableau-bord-agence");
    const glance = page.getByTestId("glance-ads");
    await expect(glance).toBeVisible();
    await expect(page.getByTestId("live-status")).toHaveText(fr("dashboard.live"));
    const endDate = inDays(2);
    const adId = await ads.publish(ACCOUNTS.consultantGe, {
      title: `Soudeur ${word}`,
      commitmentDate: inDays(0),
      endDate,
    });
    // live: no reload
    const item = glance.getByRole("link", { name: new RegExp(`Soudeur ${word}`) });
    await expect(item).toContainText(fr("dashboard.glance.ads.endsOn", { date: ddmmyyyy(endDate) }));
    await item.click();
    await expect(page).toHaveURL((url) => url.pathname === `/mes-annonces/${adId}/modifier`);
  });
});
