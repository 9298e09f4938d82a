import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import { tr } from "../support/i18n";
import { ACCOUNTS, login } from "../support/login";

/**
 * Erasure (issue 30, ADR 0048): a candidate asks for their account's deletion with their password,
 * sees the grace period's banner and cancels; a platform admin carries out another candidate's
 * request while a Geneva consultant has that candidate's file open, which turns into its
 * not-found page live.
 */
let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

const PASSWORD = "Solid-Pass-2026";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** A candidate who applied to a Geneva ad (so Geneva's staff may open their file), or to none. */
async function applicant(firstName: string, word: string, adId?: number) {
  const email = `erase.${firstName.toLowerCase()}.${word}@demo.test`;
  const id = await ads.domain.identity.registerUser({
    email,
    password: PASSWORD,
    firstName,
    lastName: `Efface${word}`,
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  const me = { id, role: "CANDIDATE" as const, agencyId: null, clientId: null };
  if (adId !== undefined)
    await ads.domain.applications.apply(me, {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "upload", name: "cv.pdf", bytes: PDF },
    });
  return { id, email, me };
}

test("a candidate asks for deletion and cancels; an admin erases another while Geneva has the file open", async ({
  page,
  signedInPage,
}) => {
  test.setTimeout(90_000);
  const word = uniqueWord();
  const adId = await ads.publish(ACCOUNTS.consultantGe, { title: `Cariste ${word}`, questions: [] });
  const camille = await applicant("Camille", word, adId);
  const dan = await applicant("Dan", word, adId);

  // Camille: a wrong password is refused on the field; the right one starts the grace period
  await login(page, camille.email, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });
  await page.goto("/parametres");
  await page.getByLabel(tr("fr", "erasure.password")).fill("not-my-password");
  await page.getByTestId("submit-erase").click();
  await expect(page.getByText(tr("fr", "incorrect_password"))).toBeVisible();
  await page.getByLabel(tr("fr", "erasure.password")).fill(PASSWORD);
  await page.getByTestId("submit-erase").click();
  await expect(page.getByTestId("erasure-done")).toHaveText(tr("fr", "erasure.requested"));
  // the banner is on every page, and cancels
  await page.goto("/tableau-de-bord");
  await expect(page.getByTestId("erasure-banner")).toBeVisible();
  await page.getByTestId("erasure-banner").getByTestId("cancel-erase").click();
  await expect(page.getByTestId("erasure-done")).toHaveText(tr("fr", "erasure.cancelled"));
  await expect(page.getByTestId("erasure-banner")).toHaveCount(0);
  expect(await ads.domain.erasure.myErasureRequest(camille.me)).toBeNull();

  // Dan asked too; Geneva has his file open when an admin carries it out
  await ads.domain.erasure.requestErasure(dan.me, PASSWORD);
  const { page: geneva } = await signedInPage("consultantGe", `/cv-theque/${dan.id}`);
  await expect(geneva.getByTestId("candidate-file")).toBeVisible();
  await expect(geneva.locator("html")).toHaveAttribute("data-live", "connected");
  const { page: admin } = await signedInPage("admin", "/demandes-effacement");
  const row = admin.locator(`[data-testid="erasure-request"][data-email="${dan.email}"]`);
  await row.getByTestId("carry-out").click();
  await expect(admin.getByTestId("erasure-carried-out")).toBeVisible();
  await expect(row).toHaveCount(0);
  // the consultant's page degrades to the not-found page inside the shell, without a reload
  await expect(geneva.getByTestId("error-page")).toBeVisible();
  await expect(geneva.getByTestId("candidate-file")).toHaveCount(0);
  expect(await ads.domain.identity.credentialsByEmail(dan.email)).toBeNull();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a candidate asks for deletion from /support: the password shows with the choice, a wrong one is refused on its field", async ({
    page,
  }) => {
    const word = uniqueWord();
    const { email } = await applicant("Ines", word);
    await login(page, email, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });
    await page.goto("/support");
    const form = page.getByTestId("contact-form");
    await expect(form.getByTestId("contact-password")).toBeHidden();
    await form.locator("select[name=topic]").selectOption("privacy");
    await form.locator("select[name=kind]").selectOption("deletion");
    // shown by CSS alone once the choice is made
    await expect(form.getByTestId("contact-password")).toBeVisible();
    await form.locator("textarea[name=message]").fill(`Merci d'effacer mon compte ${word}`);
    await form.locator("input[name=password]").fill("Pas.Le-Bon-2026");
    await form.getByTestId("contact-submit").click();
    await expect(page.getByTestId("contact-password").getByRole("alert")).toHaveText(tr("fr", "incorrect_password"));
    await expect(page.locator("textarea[name=message]")).toHaveValue(`Merci d'effacer mon compte ${word}`);
    await expect(page.locator("select[name=kind]")).toHaveValue("deletion");
    await expect(page.locator("input[name=password]")).toHaveValue("");
    await page.locator("input[name=password]").fill(PASSWORD);
    await page.getByTestId("contact-submit").click();
    // the security page shows the request and its date; the banner, whose cancel is a plain form
    await expect(page).toHaveURL((url) => url.pathname === "/parametres");
    await expect(page.getByTestId("erasure").getByTestId("erasure-pending")).toBeVisible();
    await expect(page.getByTestId("erasure-banner")).toBeVisible();
    await page.getByTestId("erasure-banner").getByRole("button").click();
    await expect(page.getByTestId("erasure-banner")).toHaveCount(0);
  });
});
