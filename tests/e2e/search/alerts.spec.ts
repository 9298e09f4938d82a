import { expect, test } from "@playwright/test";
import PgBoss from "pg-boss";
import { DEMO_PASSWORD } from "../../../db/seed/demo";
import { E2E_DATABASE_URL } from "../../support/e2e-env";
import { ACCOUNTS, submitLogin } from "../support/login";
import { adsDomain, uniqueWord } from "./helpers";

let ads: ReturnType<typeof adsDomain>;
let boss: PgBoss;
test.beforeAll(async () => {
  ads = adsDomain();
  // the server's own job queue: the test asks for a run of the alerts job instead of waiting for its schedule
  boss = new PgBoss({ connectionString: E2E_DATABASE_URL, supervise: false, schedule: false, migrate: false });
  await boss.start();
});
test.afterAll(async () => {
  await boss?.stop({ graceful: false, wait: false });
  await ads?.close();
});

test("a candidate saves a search and gets a mail and a notification when a matching ad is published", async ({
  page,
}) => {
  const word = uniqueWord();
  const email = await ads.freshAccount("CANDIDATE", DEMO_PASSWORD, null, "alert");
  await page.goto("/login");
  await submitLogin(page, email, { accountType: "0" });
  await expect(page).toHaveURL((url) => url.pathname === "/tableau-de-bord");

  await page.goto(`/rechercher-un-emploi?q=${word}&contract=temporary`);
  await expect(page.getByTestId("result-count")).toHaveText("0 offre");
  await page.getByTestId("save-search").locator("summary").click();
  await page.getByTestId("save-search-name").fill(`Chantier ${word}`);
  await page.getByTestId("save-search-submit").click();
  await expect(page.getByTestId("saved-search-name").filter({ hasText: `Chantier ${word}` })).toBeVisible();

  const matching = await ads.publish(ACCOUNTS.consultantGe, { title: `Grutier ${word}`, contract: "temporary" });
  await ads.publish(ACCOUNTS.consultantGe, { title: `Grutier fixe ${word}`, contract: "permanent" }); // another contract: not in the alert

  // the job runs (again) until the indexer has the new ad and the digest is written
  await expect(async () => {
    await boss.send("engagement.search-alerts", {});
    await page.goto("/dev/mails");
    await expect(
      page.getByTestId("mail").filter({ has: page.getByTestId("mail-to").getByText(email, { exact: true }) }),
    ).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000, intervals: [500] });
  const mail = page.getByTestId("mail").filter({ has: page.getByTestId("mail-to").getByText(email, { exact: true }) });
  await expect(mail.getByTestId("mail-subject")).toHaveText(
    `Nouvelles offres pour votre recherche « Chantier ${word} »`,
  );
  await expect(mail.getByTestId("mail-text")).toContainText(`Grutier ${word}`);
  await expect(mail.getByTestId("mail-text")).not.toContainText(`Grutier fixe ${word}`);

  // the mail's link opens the ad
  await mail.getByTestId("mail-link").first().click();
  await expect(page).toHaveURL((url) => url.pathname === `/annonce/${matching}/S01`);
  await expect(page.getByTestId("ad-title")).toHaveText(`Grutier ${word}`);

  // the same digest is in the in-app notifications
  await page.goto("/notifications");
  await expect(page.getByTestId("notification").filter({ hasText: `Chantier ${word}` })).toHaveCount(1);
});
