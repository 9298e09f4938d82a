import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../fixtures";
import { login } from "../support/login";

// Issue 27: a scanned CV is read by the OCR job in the background. The documents page shows it
// being read ("page 1 of 1"), pushed live, then the link to its suggestions, without a reload;
// the profile then lists them.

const dict = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/cv.json"), "utf8")) as Record<string, string>;
const t = (key: string, params: Record<string, string | number> = {}) =>
  dict[key]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
const PASSWORD = "Cv-Ocr-2026";

test("a scanned CV shows its reading progress live, then its suggestions, without a reload", async ({
  page,
  server,
}) => {
  test.setTimeout(240_000);
  const email = await server.freshAccount("CANDIDATE", PASSWORD);
  await login(page, email, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });
  await page.goto("/mes-documents");
  // hydrated and live (its socket connected) before the upload: what follows comes pushed
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.locator("html")).toHaveAttribute("data-live", "connected");
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await page.getByTestId("document-category").selectOption("cv");
  await page
    .getByTestId("upload-form")
    .getByTestId("document-file")
    .setInputFiles({
      name: "cv-scan.pdf",
      mimeType: "application/pdf",
      buffer: fs.readFileSync(path.resolve("tests/fixtures/cv/cv-fr-scan.pdf")),
    });
  await page.getByTestId("upload-submit").click();
  await expect(page.getByTestId("document").filter({ hasText: "cv-scan.pdf" })).toBeVisible();

  const reading = page.getByTestId("cv-reading");
  await expect(reading).toHaveText(t("reading_page", { page: 1, pages: 1 }), { timeout: 120_000 });
  const more = page.getByTestId("cv-more");
  await expect(more).toBeVisible({ timeout: 120_000 });
  await expect(reading).toHaveCount(0);
  // the same document, never reloaded since the upload
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

  await more.click();
  await expect(page.getByTestId("cv-suggestions")).toBeVisible();
  await expect(page.getByTestId("cv-ocr")).toBeVisible();
  await expect(page.getByTestId("cv-suggestion").and(page.locator('[data-field="lastName"]'))).toBeVisible();
});
