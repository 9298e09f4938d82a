import PgBoss from "pg-boss";
import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import { E2E_DATABASE_URL } from "../../support/e2e-env";
import type { Actor } from "../../../server/modules/identity/contract";

/**
 * Saved CV library searches (issue 28): a consultant saves the search they see on /cv-theque,
 * finds it listed, runs it again, switches its alert off, renames and deletes it; without
 * JavaScript the save is a plain form, and a refused save keeps the name and says why; the
 * server's daily alert job tells them of a candidate who appears after the search was saved.
 */
let domain: ReturnType<typeof adsDomain>;
let boss: PgBoss;
test.beforeAll(async () => {
  domain = adsDomain();
  // the server's own job queue: the test asks for a run of the alerts job instead of waiting for its schedule
  boss = new PgBoss({ connectionString: E2E_DATABASE_URL, supervise: false, schedule: false, migrate: false });
  await boss.start();
});
test.afterAll(async () => {
  await boss?.stop({ graceful: false, wait: false });
  await domain?.close();
});

/** A Swiss forklift driver in Carouge, visible to every Swiss agency, whose skills hold the test's word. */
async function candidate(firstName: string, word: string) {
  const id = await domain.domain.identity.registerUser({
    email: `saved.${firstName.toLowerCase()}.${word}@example.test`,
    password: "Solid-Pass-2026",
    firstName,
    lastName: word,
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  const me: Actor = { id, role: "CANDIDATE", agencyId: null, clientId: null };
  const l = domain.domain.reference.bestLocality("Carouge", "CH")!;
  const c = domain.domain.candidates;
  await c.saveProfile(me, {
    type: "SaveAddress",
    expectedVersion: 0,
    values: { country: "CH", localityId: l.id, postalCode: l.postalCode, city: l.name, regionCode: l.regionCode },
  });
  await c.saveProfile(me, { type: "SaveSkills", expectedVersion: 0, values: { skills: [word, "Cariste"] } });
  await c.saveProfile(me, { type: "SaveLibraryVisibility", expectedVersion: 0, values: { visibility: "country" } });
  return id;
}
test.describe("a Geneva consultant", () => {
  test.use({ signedInAs: "consultantGe" });

  test("saves the current search, reruns it, turns its alert off, renames and deletes it", async ({ page }) => {
    const word = uniqueWord();
    const query = `cariste AND (CACES OR "chariot élévateur") NOT ${word}`;
    await page.goto(`/cv-theque?${new URLSearchParams({ q: query, radius: "30", place: "Carouge", page: "2" })}`);
    await page.getByTestId("save-library-search").locator("summary").click();
    await page.getByTestId("save-library-search-name").fill(`Caristes ${word}`);
    await page.getByTestId("save-library-search-submit").click();

    await expect(page).toHaveURL((url) => url.pathname === "/cv-theque/recherches");
    await expect(page.getByTestId("saved-notice")).toContainText(`Caristes ${word}`);
    const row = page.getByTestId("saved-search").filter({ hasText: `Caristes ${word}` });
    await expect(row.getByTestId("saved-search-criteria")).toContainText(query);
    await expect(row.getByTestId("saved-search-criteria")).toContainText("Carouge");
    await expect(row.getByTestId("alerts-state")).toHaveAttribute("data-on", "true");

    // run: the library with the same search, from its first page
    await row.getByTestId("run-search").click();
    await expect(page).toHaveURL((url) => url.pathname === "/cv-theque" && url.searchParams.get("page") === null);
    await expect(page.getByTestId("library-q")).toHaveValue(query);
    await expect(page.getByTestId("place")).toHaveValue("Carouge");
    await expect(page.getByTestId("radius")).toHaveValue("30");

    await page.getByTestId("saved-searches-link").click();
    await row.getByTestId("alerts-toggle").click();
    await expect(row.getByTestId("alerts-state")).toHaveAttribute("data-on", "false");

    // a name already taken is refused on the field, the typed name kept
    await page.goto(`/cv-theque?q=${word}`);
    await page.getByTestId("save-library-search").locator("summary").click();
    await page.getByTestId("save-library-search-name").fill(`Nuit ${word}`);
    await page.getByTestId("save-library-search-submit").click();
    await expect(page.getByTestId("saved-search").filter({ hasText: `Nuit ${word}` })).toBeVisible();
    await row.getByTestId("rename").locator("summary").click();
    await row.getByLabel("Nom de la recherche").fill(`nuit ${word}`);
    await row.getByTestId("rename-submit").click();
    await expect(row).toContainText("Vous avez déjà une recherche enregistrée sous ce nom");
    await expect(row.getByLabel("Nom de la recherche")).toHaveValue(`nuit ${word}`);
    await row.getByLabel("Nom de la recherche").fill(`Caristes Carouge ${word}`);
    await row.getByTestId("rename-submit").click();
    const renamed = page.getByTestId("saved-search").filter({ hasText: `Caristes Carouge ${word}` });
    await expect(renamed.getByTestId("saved-search-name")).toHaveText(`Caristes Carouge ${word}`);

    await renamed.getByTestId("delete-search").click();
    await page.getByTestId("confirm-delete").click();
    await expect(page.getByTestId("saved-search").filter({ hasText: `Caristes Carouge ${word}` })).toHaveCount(0);
    await expect(page.getByTestId("saved-search").filter({ hasText: `Nuit ${word}` })).toHaveCount(1);
  });
});

test.describe("the daily alert", () => {
  test.use({ signedInAs: "consultantGe" });

  test("tells the consultant by mail and notification of a candidate new to the search", async ({ page }) => {
    const word = uniqueWord();
    await candidate("Avant", word);
    await expect(async () => {
      await page.goto(`/cv-theque?q=${word}`);
      await expect(page.getByTestId("library-result")).toHaveCount(1, { timeout: 300 });
    }).toPass({ timeout: 15_000 });
    await page.getByTestId("save-library-search").locator("summary").click();
    await page.getByTestId("save-library-search-name").fill(`Alerte ${word}`);
    await page.getByTestId("save-library-search-submit").click();
    await expect(page.getByTestId("saved-notice")).toBeVisible();

    // the first run records who the search finds now (Avant): not news
    await expect(async () => {
      await boss.send("library.search-alerts", {});
      const [row] = await domain.sql<{ baselined: boolean }[]>`
        select baselined from rm_library_searches where name = ${`Alerte ${word}`}`;
      expect(row?.baselined).toBe(true);
    }).toPass({ timeout: 15_000, intervals: [500] });

    const newcomer = await candidate("Nouvelle", word);
    const subject = `Nouveaux candidats pour votre recherche « Alerte ${word} »`;
    const mail = page.getByTestId("mail").filter({ has: page.getByTestId("mail-subject").getByText(subject) });
    await expect(async () => {
      await boss.send("library.search-alerts", {});
      await page.goto("/dev/mails");
      await expect(mail).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 20_000, intervals: [500] });
    await expect(mail.getByTestId("mail-text")).toContainText(`Nouvelle ${word}`);
    await expect(mail.getByTestId("mail-text")).not.toContainText(`Avant ${word}`);

    // the mail's first link opens the candidate's file; the notification leads to the search
    await mail.getByTestId("mail-link").first().click();
    await expect(page).toHaveURL((url) => url.pathname === `/cv-theque/${newcomer}`);
    await expect(page.getByTestId("page-title")).toHaveText(`Nouvelle ${word}`);
    await page.goto("/notifications");
    await expect(page.getByTestId("notification").filter({ hasText: `Alerte ${word}` })).toHaveCount(1);
  });
});

test.describe("without JavaScript", () => {
  test.use({ signedInAs: "consultantGe", javaScriptEnabled: false });

  test("the save is a plain form; a query that does not read is refused with the name kept", async ({ page }) => {
    const word = uniqueWord();
    // a malformed query shows its message on /cv-theque; saving it is refused on the next page
    await page.goto(`/cv-theque?${new URLSearchParams({ q: `${word} AND (CACES` })}`);
    await expect(page.getByTestId("query-error")).toBeVisible();
    await page.getByTestId("save-library-search").locator("summary").click();
    await page.getByTestId("save-library-search-name").fill(`Cassée ${word}`);
    await page.getByTestId("save-library-search-submit").click();
    const form = page.getByTestId("save-form");
    await expect(form).toContainText("Les parenthèses ne sont pas équilibrées");
    await expect(form.getByLabel("Nom de la recherche")).toHaveValue(`Cassée ${word}`);
    await expect(page.getByTestId("saved-search").filter({ hasText: word })).toHaveCount(0);

    await page.goto(`/cv-theque?q=${word}`);
    await page.getByTestId("save-library-search").locator("summary").click();
    await page.getByTestId("save-library-search-name").fill(`Sans script ${word}`);
    await page.getByTestId("save-library-search-submit").click();
    await expect(page).toHaveURL((url) => url.pathname === "/cv-theque/recherches");
    const row = page.getByTestId("saved-search").filter({ hasText: `Sans script ${word}` });
    await expect(row.getByTestId("saved-search-criteria")).toContainText(word);
    await row.getByTestId("delete-search").click();
    await page.getByTestId("confirm-delete").click();
    await expect(page.getByTestId("saved-search").filter({ hasText: word })).toHaveCount(0);
  });
});
