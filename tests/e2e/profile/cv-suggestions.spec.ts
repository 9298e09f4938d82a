import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { login } from "../support/login";

// Issue 11, CV parsing the person controls: a CV added on /mes-documents is parsed, its
// suggestions accepted one by one into the profile (a different name only on "replace"), one
// rejected; a corrupt CV says "CV parsing failed" and blocks nothing.

const dict = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/cv.json"), "utf8")) as Record<string, unknown>;
const t = (key: string) => {
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);
  if (typeof value !== "string") throw new Error(`missing fr:cv:${key}`);
  return value;
};
const PASSWORD = "Cv-Suggestions-2026";
const cvFile = (name: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: fs.readFileSync(path.resolve("tests/fixtures/cv", name)),
});

type Server = Parameters<Parameters<typeof test>[2]>[0]["server"];

/** A fresh candidate adds a CV on /mes-documents, then the parse the server's job would run is run here (the queue may be slow). */
async function candidateWithCv(page: Page, server: Server, file: string) {
  const email = await server.freshAccount("CANDIDATE", PASSWORD);
  await login(page, email, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });
  await page.goto("/mes-documents");
  await page.getByTestId("document-category").selectOption("cv");
  await page.getByTestId("upload-form").getByTestId("document-file").setInputFiles(cvFile(file));
  await page.getByTestId("upload-submit").click();
  const row = page.getByTestId("document").filter({ hasText: file });
  await expect(row).toHaveAttribute("data-category", "cv");
  const documentId = (await row.getAttribute("data-id"))!;
  expect(["parsed", "failed"]).toContain(await server.domain.candidates.parseCv(documentId));
  return documentId;
}

const profileDict = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/profile.json"), "utf8")) as {
  agencyView: Record<string, string>;
  validation: Record<string, string>;
};

const suggestion = (page: Page, field: string) =>
  page
    .getByTestId("cv-suggestion")
    .and(page.locator(`[data-field="${field}"]`))
    .first();

test("a candidate accepts CV suggestions one by one, rejects one, and sees the profile filled", async ({
  page,
  server,
}) => {
  await candidateWithCv(page, server, "cv-fr.pdf");

  await page.goto("/profil");
  const panel = page.getByTestId("cv-suggestions");
  await expect(panel.getByRole("heading", { name: t("title") })).toBeVisible();
  // the text each value was read from is shown
  await expect(suggestion(page, "experience")).toContainText("Serveuse, Café du Lac");

  await suggestion(page, "experience").getByTestId("cv-accept").click();
  await expect(page.getByTestId("cv-applied")).toHaveText(t("applied"));
  await expect(page.getByTestId("experience-entry").first().getByTestId("field-jobTitle")).toHaveValue("Serveuse");

  await suggestion(page, "training").getByTestId("cv-accept").click();
  await expect(page.getByTestId("training-entry")).toHaveCount(1);

  await suggestion(page, "language").getByTestId("cv-accept").click();
  await expect(page.getByTestId("language-row").first().locator("select").first()).toHaveValue("fr");

  // rejected: gone from the list, nothing added
  const skills = await page.getByTestId("cv-suggestion").and(page.locator('[data-field="skill"]')).count();
  await suggestion(page, "skill").getByTestId("cv-reject").click();
  await expect(page.getByTestId("cv-suggestion").and(page.locator('[data-field="skill"]'))).toHaveCount(skills - 1);

  // identity: the account says "Alex", the CV "Marie": shown side by side, replaced only on confirmation
  await page.goto("/mes-informations");
  await expect(page.getByTestId("field-firstName")).toHaveValue("Alex");
  await suggestion(page, "firstName").getByTestId("cv-accept").click();
  await expect(page.getByTestId("cv-suggestion-conflict")).toContainText("Alex");
  await expect(page.getByTestId("cv-suggestion-conflict")).toContainText("Marie");
  await expect(page.getByTestId("field-firstName")).toHaveValue("Alex");
  await page.getByTestId("cv-replace").click();
  await expect(page.getByTestId("field-firstName")).toHaveValue("Marie");

  await suggestion(page, "phone").getByTestId("cv-accept").click();
  await expect(page.getByTestId("field-phone")).toHaveValue("+41791234567");
  await expect(page.getByTestId("cv-more")).toBeVisible();
});

test("a developer's CV (issue 27): every skill can be accepted into Skills, no heading is one, years stay years", async ({
  page,
  server,
}) => {
  const documentId = await candidateWithCv(page, server, "outside-dev-fr.pdf");
  // a profile whose certifications are full: the limit's message names its number
  const [owner] = await server.sql<
    { id: string }[]
  >`select user_id as id from rm_candidate_documents where id = ${documentId}`;
  await server.domain.candidates.saveProfile(
    { id: owner!.id, role: "CANDIDATE" },
    {
      type: "SaveAbout",
      expectedVersion: 0,
      values: { certifications: Array.from({ length: 10 }, (_, i) => `Certificat ${i + 1}`).join("\n") },
    },
  );
  await page.goto("/profil");
  const skills = page.getByTestId("cv-suggestion").and(page.locator('[data-field="skill"]'));
  await expect(skills).toHaveCount(21);
  await expect(skills.filter({ hasText: "Bases de données" })).toHaveCount(0);
  // the e-mail is the account's: not offered, a link to the security page instead
  await expect(page.getByTestId("cv-suggestion").and(page.locator('[data-field="email"]'))).toHaveCount(0);
  await expect(page.getByTestId("cv-security-link").first()).toHaveAttribute("href", "/parametres");

  // beyond the old limit of 10, each into the profile's own Skills list
  for (let accepted = 1; accepted <= 12; accepted++) {
    await skills.first().getByTestId("cv-accept").click();
    await expect(skills).toHaveCount(21 - accepted);
  }
  await expect(page.getByTestId("profile-skills").locator("li")).toHaveCount(12);
  await expect(page.getByTestId("cv-suggestion-error")).toHaveCount(0);

  await suggestion(page, "certification").getByTestId("cv-accept").click();
  await expect(page.getByTestId("cv-suggestion-error")).toHaveText(
    profileDict.validation.max_certifications!.replace("{{maxCertifications}}", "10"),
  );

  // "2021 – aujourd'hui": kept as a year
  await suggestion(page, "experience").getByTestId("cv-accept").click();
  await expect(page.getByTestId("experience-period").first()).toHaveText("2021 – …");
  // no interpolation left raw anywhere on the page
  await expect(page.locator("body")).not.toContainText("{{");
});

test('a corrupt CV shows "CV parsing failed" with its reason, and the profile stays usable', async ({
  page,
  server,
}) => {
  await candidateWithCv(page, server, "corrupt.pdf");
  await page.goto("/profil");
  const failed = page.getByTestId("cv-parsing-failed");
  await expect(failed).toContainText(t("parsing_failed"));
  await expect(failed).toContainText(t("reasons.unreadable"));
  await expect(page.getByTestId("experience-new")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a suggestion is accepted with a plain form", async ({ page, server }) => {
    await candidateWithCv(page, server, "cv-fr.pdf");
    await page.goto("/profil");
    await suggestion(page, "experience").getByTestId("cv-accept").click();
    await expect(page.getByTestId("cv-applied")).toBeVisible();
    await expect(page.getByTestId("experience-entry").first().getByTestId("field-jobTitle")).toHaveValue("Serveuse");
  });
});

test("the agency the candidate applied to reads the profile (no payroll data); another agency gets 404", async ({
  page,
  server,
  signedInPage,
}) => {
  const email = await server.freshAccount("CANDIDATE", PASSWORD);
  const [row] = await server.sql<{ id: string }[]>`select id from rm_users where email = ${email}`;
  const candidate = { id: row!.id, role: "CANDIDATE" as const, agencyId: null, clientId: null };
  await server.domain.candidates.saveProfile(candidate, {
    type: "SaveIdentity",
    expectedVersion: 0,
    country: "CH",
    values: { firstName: "Alex", lastName: "Tester", phone: "079 123 45 67", avsNumber: "756.9217.0769.85" },
  });
  const [ad] = await server.sql<
    { id: number }[]
  >`select a.id::int as id from rm_ads a join rm_users u on u.agency_id = a.agency_id
    where u.email = 'consultant.ge@demo.test' and a.status = 'online' and coalesce(a.fields->'questions', '[]'::jsonb) = '[]'::jsonb limit 1`;
  const applicationId = await server.domain.applications.apply(candidate, {
    adId: ad!.id,
    source: "S01",
    answers: [],
    message: "",
    cv: { kind: "upload", name: "cv.pdf", bytes: cvFile("cv-fr.pdf").buffer },
  });

  const agency = await signedInPage("consultantGe", `/candidatures/${applicationId}`);
  await agency.page.getByTestId("candidate-profile-link").click();
  await expect(agency.page).toHaveURL(new RegExp(`/candidatures/${applicationId}/profil$`));
  await expect(agency.page.getByRole("heading", { name: new RegExp(profileDict.agencyView.title!) })).toBeVisible();
  await expect(agency.page.getByTestId("agency-profile-phone")).toHaveText("+41791234567");
  await expect(agency.page.getByTestId("agency-profile-payroll-hidden")).toHaveText(
    profileDict.agencyView.payrollHidden!,
  );
  await expect(agency.page.getByTestId("agency-profile-avs")).toHaveCount(0);
  // the documents page beside it, under the same rule (its own page too, not the details page again)
  await agency.page.goto(`/candidatures/${applicationId}`);
  await agency.page.getByTestId("candidate-documents-link").click();
  const documentsTitle = (
    JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/documents.json"), "utf8")) as {
      candidate: { title: string };
    }
  ).candidate.title;
  await expect(agency.page.getByRole("heading", { level: 1 })).toHaveText(`${documentsTitle} · Alex Tester`);

  const other = await signedInPage("consultantLyon");
  expect((await other.page.request.get(`/candidatures/${applicationId}/profil`)).status()).toBe(404);
  // signed out: sent to the login page, never the profile
  expect((await page.request.get(`/candidatures/${applicationId}/profil`, { maxRedirects: 0 })).status()).not.toBe(200);
});
