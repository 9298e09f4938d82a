import { expect, test } from "../fixtures";
import { ACCOUNTS } from "../support/login";
import { adsDomain, openSearch, uniqueWord } from "./helpers";

// Progressive enhancement: the search is a GET form, hiding an ad a POST form.
test.use({ javaScriptEnabled: false });

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

test("a visitor searches without JavaScript: words, a contract, a place typed as text and a radius", async ({
  page,
}) => {
  const word = uniqueWord();
  await ads.publish(ACCOUNTS.consultantGe, { title: `Plombier ${word}` });
  await ads.publish(ACCOUNTS.consultantLyon, {
    at: "lyon",
    title: `Plombier chauffagiste ${word}`,
    contract: "permanent",
  });
  await ads.publish(ACCOUNTS.consultantLyon, { at: "lyon", title: `Plombier ${word}` });
  await openSearch(page, `q=${word}`, 3, { javaScript: false });

  await page.goto("/rechercher-un-emploi");
  await page.getByTestId("search-q").fill(word);
  await page.getByTestId("search-place-input").fill("Lyon");
  await page.getByTestId("search-radius").selectOption("20");
  await page.getByTestId("search-submit").click();
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get("q") === word &&
      url.searchParams.get("placeText") === "Lyon" &&
      url.searchParams.get("radius") === "20",
  );
  await expect(page.getByTestId("result")).toHaveCount(2);
  await expect(page.getByTestId("result-place").first()).toContainText("Lyon");
  // the text was resolved to the place, shown as such
  await expect(page.getByTestId("search-place-input")).toHaveValue(/^Lyon \(/);

  await page.getByTestId("search-contract-permanent").check();
  await page.getByTestId("search-submit").click();
  await expect(page.getByTestId("result")).toHaveCount(1);
  await expect(page.getByTestId("result-title")).toHaveText(`Plombier chauffagiste ${word}`);
  await expect(page.getByTestId("search-contract-permanent")).toBeChecked();
  await expect(page.getByTestId("search-q")).toHaveValue(word);
});

test("a candidate hides an ad and takes it back without JavaScript", async ({ page, signIn }) => {
  const word = uniqueWord();
  await ads.publish(ACCOUNTS.consultantGe, { title: `Couvreur ${word}` });
  await signIn("candidateFr");
  await openSearch(page, `q=${word}`, 1, { javaScript: false });

  await page.getByTestId("hide-ad").click();
  await expect(page.getByTestId("hidden-notice")).toContainText(`Couvreur ${word}`);
  await expect(page.getByTestId("result")).toHaveCount(0);
  await page.getByTestId("undo-hide").click();
  await expect(page.getByTestId("result")).toHaveCount(1);

  await page.getByTestId("favourite-toggle").click();
  await expect(page.getByTestId("favourite-toggle")).toHaveAttribute("aria-pressed", "true");
});

test("a signed-in candidate without JavaScript sees the search and an ad page inside the menu, not an empty frame", async ({
  page,
  signIn,
}) => {
  const word = uniqueWord();
  const adId = await ads.publish(ACCOUNTS.consultantGe, { title: `Carreleur ${word}` });
  await signIn("candidate");
  // the signed-in shell loads lazily in the browser; the server sends it whole, visible without a script
  await openSearch(page, `q=${word}`, 1, { javaScript: false });
  await expect(page.getByTestId("sidebar")).toBeVisible();
  await expect(page.getByTestId("result").getByRole("link", { name: `Carreleur ${word}` })).toBeVisible();
  await page.goto(`/annonce/${adId}/S01`);
  await expect(page.getByRole("heading", { level: 1, name: `Carreleur ${word}` })).toBeVisible();
  await expect(page.getByTestId("sidebar")).toBeVisible();
});
