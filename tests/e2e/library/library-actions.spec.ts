import fs from "node:fs";
import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import { ACCOUNTS } from "../support/login";

/**
 * The library's and the file's actions (issue 28, ADR 0038): a Geneva consultant ticks two
 * results and downloads them as CSV, opens a file, proposes an ad, then deactivates the candidate
 * for the agency and reactivates them.
 */
let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** Two candidates who applied to a new Geneva ad (in Geneva's library, with their contact details), found by a skill. */
async function applicants(word: string) {
  const adId = await ads.publish(ACCOUNTS.consultantGe, { title: `Magasinier ${word}`, questions: [] });
  const people = [];
  for (const firstName of ["Alix", "Bruno"]) {
    const email = `act.${firstName.toLowerCase()}.${word}@demo.test`;
    const id = await ads.domain.identity.registerUser({
      email,
      password: "Solid-Pass-2026",
      firstName,
      lastName: `Lot${word}`,
      locale: "fr",
      role: "CANDIDATE",
      country: "CH",
      agencyId: null,
      clientId: null,
      verified: true,
    });
    const me = { id, role: "CANDIDATE" as const, agencyId: null, clientId: null };
    await ads.domain.candidates.saveProfile(me, { type: "SaveSkills", expectedVersion: 0, values: { skills: [word] } });
    await ads.domain.applications.apply(me, {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "upload", name: "cv.pdf", bytes: PDF },
    });
    people.push({ id, email });
  }
  return people;
}

test.use({ signedInAs: "consultantGe" });

test("Geneva ticks two results and downloads the CSV, proposes an ad from a file, deactivates and reactivates", async ({
  page,
}) => {
  const word = uniqueWord();
  const [alix, bruno] = await applicants(word);
  await expect(async () => {
    await page.goto(`/cv-theque?q=${word}`);
    await expect(page.getByTestId("library-result")).toHaveCount(2, { timeout: 300 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator("html")).toHaveAttribute("data-live", "connected");

  // two ticks: the bar counts them; the CSV holds both, with their e-mails (the agency may contact them)
  await page.getByTestId("select-result").nth(0).check();
  await page.getByTestId("select-result").nth(1).check();
  await expect(page.getByTestId("bulk-count")).toContainText("2");
  await expect(page.getByTestId("select-all")).toBeChecked();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("bulk-export").click()]);
  expect(download.suggestedFilename()).toMatch(/^cv-theque-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trimEnd().split("\r\n");
  expect(lines).toHaveLength(3);
  expect(lines[0]).toContain("Nom;Lieu;");
  expect(csv).toContain(alix!.email);
  expect(csv).toContain(bruno!.email);

  // the file: propose another online ad of the agency, the outcome told in place
  const otherAd = await ads.publish(ACCOUNTS.consultantGe, { title: `Cariste ${word}`, questions: [] });
  await page.goto(`/cv-theque/${alix!.id}`);
  await page.getByTestId("propose-ad").selectOption(String(otherAd));
  await page.getByTestId("propose-submit").click();
  await expect(page.getByTestId("propose-outcome")).toContainText("proposition envoyée");
  await expect(page.getByTestId("file-proposals")).toContainText(`Cariste ${word}`);

  // deactivated for Geneva: a reason is required, then the badge; reactivated with a reason
  await page.getByTestId("deactivate-submit").click();
  await expect(page.getByTestId("file-deactivation")).toContainText("Choisissez un motif.");
  await page.getByTestId("deactivate-reason-no_show").check();
  await page.getByTestId("deactivate-submit").click();
  await expect(page.getByTestId("deactivated-badge")).toBeVisible();
  await expect(page.getByTestId("file-propose")).toHaveCount(0);
  // on the timeline (each opening of the file also records a look at the documents)
  const entry = (type: string) => page.locator(`[data-testid="timeline-entry"][data-type="${type}"]`);
  await expect(entry("CandidateDeactivated")).toHaveCount(1);
  await page.getByTestId("reactivate-reason-resolved").check();
  await page.getByTestId("reactivate-submit").click();
  await expect(page.getByTestId("candidate-file")).toHaveAttribute("data-deactivated", "0");
  await expect(entry("CandidateReactivated")).toHaveCount(1);
});
