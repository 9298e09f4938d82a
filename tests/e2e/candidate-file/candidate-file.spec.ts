import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, sessionFile, test } from "../fixtures";
import { E2E_BASE_URL } from "../../support/e2e-env";
import { adsDomain } from "../search/helpers";
import { ACCOUNTS } from "../support/login";

// Issue 28, the candidate file: a Geneva consultant opens a candidate's file from the pipeline,
// tags, comments, archives and restores; Lyon's consultant can neither open it nor see Geneva's
// tags; /old-cv-theque and the file's forms work without JavaScript.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const dict = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/candidate-file.json"), "utf8")) as Record<
  string,
  unknown
>;
const t = (key: string) => {
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], dict);
  if (typeof value !== "string") throw new Error(`missing fr:candidate-file:${key}`);
  return value;
};

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

/** A new candidate (no relation with Lyon) who applied to a new ad of the Geneva consultant. */
async function candidateOfGeneva() {
  const word = randomUUID().slice(0, 8);
  const lastName = `Fichier${word}`;
  const id = await ads.domain.identity.registerUser({
    email: `file.${word}@demo.test`,
    password: "Solid-Pass-2026",
    firstName: "Inès",
    lastName,
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  const adId = await ads.publish(ACCOUNTS.consultantGe, { title: `Cariste ${word}`, questions: [] });
  const applicationId = await ads.domain.applications.apply(
    { id, role: "CANDIDATE", agencyId: null, clientId: null },
    { adId, source: "S01", answers: [], message: "", cv: { kind: "upload", name: "cv.pdf", bytes: PDF } },
  );
  return { id, lastName, applicationId };
}

test("Geneva opens a file from the pipeline, tags, comments, archives and restores; Lyon sees none of it", async ({
  signedInPage,
}) => {
  // two browsers and a dozen round trips: more than the default 30 s on a busy machine
  test.setTimeout(60_000);
  const cand = await candidateOfGeneva();
  // the pipeline filtered to this candidate: one row, its file link
  const ge = (await signedInPage("consultantGe", `/candidatures?q=${cand.lastName}`)).page;
  await ge.getByTestId("open-candidate-file").click();
  await expect(ge).toHaveURL(new RegExp(`/cv-theque/${cand.id}$`));
  await expect(ge.getByTestId("file-applications")).toContainText(`Cariste`);

  // a colleague has the file open: it follows live, without a reload
  const colleague = (await signedInPage("consultantGe2", `/cv-theque/${cand.id}`)).page;
  await expect(colleague.locator("html")).toHaveAttribute("data-live", "connected");
  await colleague.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  await ge.getByLabel(t("tags.label"), { exact: true }).fill("Chariot frontal");
  await ge.getByLabel(t("tags.colour"), { exact: true }).selectOption("teal");
  await ge.getByRole("button", { name: t("tags.add") }).click();
  await expect(ge.getByTestId("file-tag")).toHaveText(["Chariot frontal×"]);
  await expect(ge.getByTestId("file-tag")).toHaveAttribute("data-colour", "teal");
  await expect(colleague.getByTestId("file-tag")).toHaveText(["Chariot frontal×"]);
  expect(await colleague.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // a blank comment is refused on its field
  await ge.getByRole("button", { name: t("comments.add") }).click();
  await expect(ge.getByTestId("file-comments")).toContainText(t("errors.commentRequired"));
  await ge.getByLabel(t("comments.label"), { exact: true }).fill("Disponible dès lundi, permis B");
  await ge.getByRole("button", { name: t("comments.add") }).click();
  await expect(ge.getByTestId("file-comment-body")).toHaveText(["Disponible dès lundi, permis B"]);
  await expect(ge.getByTestId("file-timeline")).toContainText("Disponible dès lundi, permis B");

  // the archive's reasons (the deactivation panel has its own "other")
  await ge.getByTestId("file-archive").getByLabel(t("reasons.unreachable"), { exact: true }).check();
  await ge.getByRole("button", { name: t("archive.submit") }).click();
  await expect(ge.getByTestId("archived-badge")).toBeVisible();
  await ge.getByRole("button", { name: t("archive.restore") }).click();
  await expect(ge.getByTestId("archived-badge")).toHaveCount(0);
  await expect(ge.getByTestId("candidate-file")).toHaveAttribute("data-archived", "0");

  const lyon = (await signedInPage("consultantLyon", "/old-cv-theque")).page;
  const res = await lyon.goto(`/cv-theque/${cand.id}`);
  expect(res?.status()).toBe(404);
  await lyon.goto(`/old-cv-theque?name=${cand.lastName}&status=all`);
  await expect(lyon.getByTestId("candidate-row")).toHaveCount(0);
  await expect(lyon.locator("body")).not.toContainText("Chariot frontal");
});

test("/old-cv-theque and the file's forms work without JavaScript", async ({ browser }) => {
  const cand = await candidateOfGeneva();
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    storageState: sessionFile("consultantGe"),
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto("/old-cv-theque");
  await page.getByLabel(t("list.name"), { exact: true }).fill(cand.lastName);
  await page.getByTestId("filter-submit").click();
  await expect(page).toHaveURL(new RegExp(`name=${cand.lastName}`));
  await expect(page.getByTestId("candidate-row")).toHaveCount(1);
  await page.getByTestId("sort-name").click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(page).toHaveURL(new RegExp(`name=${cand.lastName}`));
  await page.getByRole("link", { name: new RegExp(cand.lastName) }).click();
  await expect(page).toHaveURL(new RegExp(`/cv-theque/${cand.id}$`));

  // a blank tag is refused by the server, on its field, then a good one is added
  await page.getByLabel(t("tags.label"), { exact: true }).fill("   ");
  await page.getByRole("button", { name: t("tags.add") }).click();
  await expect(page.getByTestId("file-tags")).toContainText(t("errors.tagRequired"));
  await page.getByLabel(t("tags.label"), { exact: true }).fill("Nuit");
  await page.getByRole("button", { name: t("tags.add") }).click();
  await expect(page.getByTestId("file-tag")).toHaveText(["Nuit×"]);

  await page.getByTestId("file-archive").getByLabel(t("reasons.other"), { exact: true }).check();
  await page.getByRole("button", { name: t("archive.submit") }).click();
  await expect(page.getByTestId("file-archive")).toContainText(t("errors.textRequired"));
  await expect(page.getByTestId("file-archive").getByLabel(t("reasons.other"), { exact: true })).toBeChecked();
  await context.close();
});
