import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import { tr } from "../support/i18n";
import { login } from "../support/login";

/**
 * Retention and consent (issue 30, ADR 0048): on a phone, a candidate reaches their consents from
 * the security page, joins the talent pool and hides from agencies, and sees both changes in the
 * history; a platform admin reads the retention rules; a spent keep-my-account link says so.
 */
let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

const PASSWORD = "Solid-Pass-2026";

test("a candidate changes their consents at 360 px and sees the history; an admin reads the retention rules", async ({
  page,
  signedInPage,
}) => {
  const word = uniqueWord();
  const email = `consent.${word}@demo.test`;
  await ads.domain.identity.registerUser({
    email,
    password: PASSWORD,
    firstName: "Inès",
    lastName: `Consent${word}`,
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  await page.setViewportSize({ width: 360, height: 800 });
  await login(page, email, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });
  await page.goto("/parametres");
  await page.getByTestId("consents-link").click();
  await expect(page).toHaveURL(/\/parametres\/consentements$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("fr", "security.consents"));
  await expect(page.getByTestId("consent-change")).toHaveCount(0);

  await page.getByTestId("talent-pool-yes").check();
  await page.getByTestId("form-talentPool").getByRole("button").click();
  await expect(page.locator('[data-testid="consent-change"][data-consent="talentPool"]')).toHaveAttribute(
    "data-value",
    "yes",
  );
  await page.getByTestId("library-hidden").check();
  await page.getByTestId("form-library").getByRole("button").click();
  await expect(page.getByTestId("consent-change").first()).toHaveAttribute("data-value", "hidden");
  await expect(page.getByTestId("consent-change")).toHaveCount(2);
  await expect(page.getByTestId("consents-communication")).toHaveAttribute("href", "/communication");

  // a keep-my-account link that is unknown or spent says so, without signing in
  const spent = await page.context().request.get("/conservation/annulation/not-a-real-token");
  expect(spent.status()).toBe(404);

  const { page: admin } = await signedInPage("admin", "/conservation-des-donnees");
  await expect(admin.getByTestId("retention-rule")).toHaveCount(4);
  await expect(admin.locator('[data-rule="inactive-candidate"]')).toContainText("GDPR art. 5(1)(e)");
  await expect(admin.locator('[data-rule="inactive-candidate"]').getByTestId("retention-upcoming")).toBeVisible();
  // refusals are anonymised, not warned: what falls due and what was done
  const refusals = admin.locator('[data-rule="refused-applications"]');
  await expect(refusals).toContainText("CNIL");
  await expect(refusals.getByTestId("retention-anonymised")).toHaveText("0");
});
