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
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);
  if (typeof value !== "string") throw new Error(`missing fr:cv:${key}`);
  return value;
};
const PASSWORD = "Cv-Suggestions-2026";
const cvFile = (name: string) => ({ name, mimeType: "application/pdf", buffer: fs.readFileSync(path.resolve("tests/fixtures/cv", name)) });

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

const suggestion = (page: Page, field: string) => page.getByTestId("cv-suggestion").and(page.locator(`[data-field="${field}"]`)).first();

test("a candidate accepts CV suggestions one by one, rejects one, and sees the profile filled", async ({ page, server }) => {
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

test("a corrupt CV shows \"CV parsing failed\" with its reason, and the profile stays usable", async ({ page, server }) => {
  await candidateWithCv(page, server, "corrupt.pdf");
  await page.goto("/profil");
  const failed = page.getByTestId("cv-parsing-failed");
  await expect(failed).toContainText(t("parsing_failed"));
  await expect(failed).toContainText(t("reasons.unreadable"));
  await expect(page.getByTestId("experience-new")).toBeVisible();
});
