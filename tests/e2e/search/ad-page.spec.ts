import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { sampleAdFields } from "../../support/missions";
import { ACCOUNTS, submitLogin } from "../support/login";
import { adsDomain, uniqueWord } from "./helpers";

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

/** The JobPosting a search engine reads from the page. */
async function jsonLd(page: Page) {
  const text = await page.getByTestId("job-posting-ld").textContent();
  return JSON.parse(text ?? "null") as Record<string, unknown> & {
    hiringOrganization: { name: string };
    jobLocation: { address: Record<string, string> };
    baseSalary?: unknown;
  };
}

test("an anonymous visitor opens an ad page with its facts, share links, JSON-LD and meta tags", async ({ page }) => {
  const word = uniqueWord();
  const id = await ads.publish(ACCOUNTS.consultantGe, {
    title: `Maçon ${word}`,
    salaryMin: 30,
    salaryMax: 36,
    questions: ["Avez-vous un CFC ?", "Êtes-vous disponible le samedi ?"],
  });
  const res = await page.goto(`/annonce/${id}/S01`);
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId("public-header")).toBeVisible();
  await expect(page.getByTestId("ad-title")).toHaveText(`Maçon ${word}`);
  await expect(page.getByTestId("ad-place")).toContainText("Genève (1201)");
  await expect(page.getByTestId("ad-salary")).toContainText("CHF");
  await expect(page.getByTestId("ad-description")).toContainText("équipe de 4");
  await expect(page.getByTestId("ad-questions").getByRole("listitem")).toHaveCount(2);
  await expect(page.getByTestId("share-linkedin")).toHaveAttribute(
    "href",
    new RegExp(encodeURIComponent(`/annonce/${id}/S01`)),
  );

  const ld = await jsonLd(page);
  expect(ld).toMatchObject({
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: `Maçon ${word}`,
    employmentType: ["TEMPORARY", "FULL_TIME"],
  });
  expect(ld.hiringOrganization.name).toBe("Léman Intérim SA");
  expect(ld.jobLocation.address).toMatchObject({ addressLocality: "Genève", postalCode: "1201", addressCountry: "CH" });
  expect(ld.baseSalary).toMatchObject({ currency: "CHF", value: { minValue: 30, maxValue: 36, unitText: "HOUR" } });
  expect(String(ld.datePosted)).toMatch(/^\d{4}-\d{2}-\d{2}T/);

  await expect(page).toHaveTitle(new RegExp(`Maçon ${word}`));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", new RegExp(`Maçon ${word}`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/annonce/${id}/S01$`));
  // the salary of an ad that hides it stays out of the page's data too
  const hidden = await ads.publish(ACCOUNTS.consultantGe, { title: `Coffreur ${word}`, hideSalary: true });
  await page.goto(`/annonce/${hidden}/S02`);
  await expect(page.getByTestId("ad-salary")).toHaveText("Non communiqué");
  expect((await jsonLd(page)).baseSalary).toBeUndefined();
  // a board's address keeps one canonical address for search engines
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/annonce/${hidden}/S01$`));
});

test("drafts, disabled, deleted and unknown ads are not found, with status 404", async ({ page }) => {
  const word = uniqueWord();
  const consultant = await ads.actor(ACCOUNTS.consultantGe);
  const draft = await ads.domain.missions.createAd(consultant, {
    fields: sampleAdFields({ title: `Brouillon ${word}` }),
  });
  const disabled = await ads.publish(ACCOUNTS.consultantGe, { title: `Désactivée ${word}` });
  await ads.domain.missions.disableAd(consultant, disabled);
  const deleted = await ads.publish(ACCOUNTS.consultantGe, { title: `Supprimée ${word}` });
  await ads.domain.missions.deleteAd(consultant, deleted);
  const online = await ads.publish(ACCOUNTS.consultantGe, { title: `En ligne ${word}` });

  for (const path of [
    `/annonce/${draft}/S01`,
    `/annonce/${disabled}/S01`,
    `/annonce/${deleted}/S01`,
    "/annonce/999999999/S01",
    `/annonce/${online}/S99`,
    `/annonce/${online}/X1`,
    "/annonce/abc/S01",
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByTestId("error-title"), path).toHaveText("Annonce introuvable");
  }
  await page.getByRole("link", { name: "Retour à la recherche d'emploi" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/rechercher-un-emploi");
});

test("from a job board's apply link, a visitor signs in and comes back to apply with the board's source kept", async ({
  page,
}) => {
  const word = uniqueWord();
  const id = await ads.publish(ACCOUNTS.consultantGe, { title: `Carreleur ${word}`, jobBoards: ["S01", "S03"] });
  const [row] = await ads.sql<{ slug: string }[]>`select slug from rm_ads where id = ${id}`;
  const applyPath = `/job/${row!.slug}/S03/apply`;
  expect(applyPath).toMatch(new RegExp(`^/job/carreleur-${word}-geneve-${id}/S03/apply$`));

  const res = await page.goto(applyPath);
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId("apply-page")).toHaveAttribute("data-source", "S03");
  await expect(page.getByTestId("ad-title")).toHaveText(`Carreleur ${word}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByTestId("apply-form")).toHaveCount(0); // visitors sign in first

  await page.getByTestId("apply-login").click();
  await expect(page).toHaveURL((url) => url.pathname === "/login");
  await submitLogin(page, ACCOUNTS.candidate);
  await expect(page).toHaveURL((url) => url.pathname === applyPath);
  await expect(page.getByTestId("apply-form")).toBeVisible();

  // the ad page reached from that board leads back to the same source
  await page.goto(`/annonce/${id}/S03`);
  await expect(page.getByTestId("sidebar")).toBeVisible();
  await expect(page.getByTestId("apply-link")).toHaveAttribute("href", applyPath);
  // an apply link of an ad gone offline is not found
  await ads.domain.missions.disableAd(await ads.actor(ACCOUNTS.consultantGe), id);
  expect((await page.goto(applyPath))?.status()).toBe(404);
});

test("an agency user on an apply link is told only candidates apply", async ({ page, signIn }) => {
  const id = await ads.publish(ACCOUNTS.consultantGe, { title: `Ferrailleur ${uniqueWord()}` });
  const [row] = await ads.sql<{ slug: string }[]>`select slug from rm_ads where id = ${id}`;
  await signIn("consultantLyon");
  await page.goto(`/job/${row!.slug}/S01/apply`);
  await expect(page.getByTestId("apply-candidates-only")).toBeVisible();
});

test("an apply link with an ad's former slug leads to its current address", async ({ page }) => {
  const word = uniqueWord();
  const consultant = await ads.actor(ACCOUNTS.consultantGe);
  const id = await ads.publish(ACCOUNTS.consultantGe, { title: `Plâtrier ${word}` });
  const [before] = await ads.sql<{ slug: string }[]>`select slug from rm_ads where id = ${id}`;
  await ads.domain.missions.editAd(consultant, id, sampleAdFields({ title: `Plâtrier-peintre ${word}` }));
  await page.goto(`/job/${before!.slug}/S01/apply`);
  await expect(page).toHaveURL((url) => url.pathname === `/job/platrier-peintre-${word}-geneve-${id}/S01/apply`);
  await expect(page.getByTestId("ad-title")).toHaveText(`Plâtrier-peintre ${word}`);
});

test("a candidate keeps an ad from its page in the favourites", async ({ signedInPage }) => {
  const word = uniqueWord();
  const id = await ads.publish(ACCOUNTS.consultantGe, { title: `Étancheur ${word}` });
  const { context, page } = await signedInPage("candidate", `/annonce/${id}/S01`);
  try {
    const toggle = page.getByTestId("favourite-toggle");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === `/annonce/${id}/S01`,
    );
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId("favourite-toggle")).toHaveAttribute("aria-pressed", "true");
    await page.goto("/mes-favoris");
    await expect(page.locator("body")).toContainText(`Étancheur ${word}`);
  } finally {
    await context.close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a candidate takes an ad out of the favourites from its page and stays on it", async ({ page, signIn }) => {
    const word = uniqueWord();
    const id = await ads.publish(ACCOUNTS.consultantGe, { title: `Façadier ${word}` });
    await signIn("candidate");
    await page.goto(`/annonce/${id}/S01`);
    await page.getByTestId("favourite-toggle").click();
    await expect(page).toHaveURL((url) => url.pathname === `/annonce/${id}/S01`);
    await expect(page.getByTestId("favourite-toggle")).toHaveAttribute("aria-pressed", "true");
    await page.getByTestId("favourite-toggle").click();
    await expect(page.getByTestId("favourite-toggle")).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("ad-title")).toHaveText(`Façadier ${word}`);
  });
});
