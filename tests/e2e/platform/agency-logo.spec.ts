import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "../fixtures";
import { DEMO_PASSWORD } from "../../../db/seed/demo";
import { SYSTEM_ACTOR } from "../../../server/modules/identity/contract";
import { submitLogin } from "../support/login";
import { fr } from "../ads/helpers";
import { adsDomain, openSearch, uniqueWord } from "../search/helpers";
import { sampleAdFields } from "../../support/missions";

/** An agency's admin uploads its logo; the agency's ads and search results show it (issue 16, item 11). */
let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

const loaded = (img: Locator) =>
  img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

/** A new agency's admin, signed in on the agency dashboard; returns their email. */
async function newAgencyAdmin(page: Page, word: string) {
  const agencyId = await ads.domain.agencies.registerAgency(SYSTEM_ACTOR, {
    name: `Logo Travail ${word}`,
    country: "CH",
    city: "Sion",
    approved: true,
  });
  const email = await ads.freshAccount("ADMIN_CONSULTANT", DEMO_PASSWORD, agencyId, "logo");
  await page.goto("/login");
  await submitLogin(page, email, { accountType: "1" });
  await expect(page).toHaveURL((url) => url.pathname === "/tableau-bord-agence");
  return email;
}

test("an admin's logo shows on the dashboard, the agency's search results and its ad page; a file that is not an image is refused on the field", async ({
  page,
}) => {
  const word = uniqueWord();
  const email = await newAgencyAdmin(page, word);

  // no logo yet: the agency's initials
  const identity = page.getByTestId("agency-identity");
  await expect(identity.getByTestId("agency-initials")).toHaveText("LT");

  // a text file named like a picture is refused where it was chosen
  await page
    .getByTestId("logo-file")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
  await page.getByTestId("logo-submit").click();
  await expect(identity.getByRole("alert")).toHaveText(fr("common", "validation.logo_type"));
  await expect(identity.getByTestId("agency-logo")).toHaveCount(0);

  const png = await sharp({ create: { width: 900, height: 300, channels: 4, background: "#0f766e" } })
    .png()
    .toBuffer();
  await page.getByTestId("logo-file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
  await page.getByTestId("logo-submit").click();
  await expect(page.getByTestId("logo-done")).toHaveText(fr("common", "logo.changed"));
  await expect.poll(() => loaded(identity.getByTestId("agency-logo"))).toBe(true);

  // the agency's ad in the search and on its page
  const me = await ads.actor(email);
  const adId = await ads.domain.missions.createAd(me, {
    fields: sampleAdFields({ title: `Vigneron ${word}` }),
    publish: true,
  });
  await openSearch(page, `q=${word}`, 1);
  const card = page.getByTestId("result");
  await expect.poll(() => loaded(card.getByTestId("agency-logo"))).toBe(true);
  await card.getByTestId("result-title").click();
  await expect(page).toHaveURL(new RegExp(`/annonce/${adId}/`));
  await expect.poll(() => loaded(page.getByTestId("ad-page").getByTestId("agency-logo"))).toBe(true);

  // removed: the initials again
  await page.goto("/tableau-bord-agence");
  await page.getByTestId("logo-remove").click();
  await expect(page.getByTestId("logo-done")).toHaveText(fr("common", "logo.removed"));
  await expect(identity.getByTestId("agency-initials")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the logo form is a plain form: a refused file is said on the field, a picture is kept", async ({ page }) => {
    await newAgencyAdmin(page, uniqueWord());
    const identity = page.getByTestId("agency-identity");
    await page.getByTestId("logo-submit").click();
    await expect(identity.getByRole("alert")).toHaveText(fr("common", "validation.logo_required"));
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#b91c1c" } })
      .png()
      .toBuffer();
    await page.getByTestId("logo-file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    await page.getByTestId("logo-submit").click();
    await expect(page.getByTestId("logo-done")).toHaveText(fr("common", "logo.changed"));
    await expect.poll(() => loaded(identity.getByTestId("agency-logo"))).toBe(true);
  });
});
