import { expect, test } from "../fixtures";
import { tr } from "../support/i18n";

/**
 * File fields speak the page's language, not the browser's (issue 16, items 10 and 11): a styled
 * button and the chosen file's name; without JavaScript, the browser's own field.
 */
test.use({ signedInAs: "candidate" });

test("the documents page's file field in German: the button, then the chosen file's name", async ({ page }) => {
  await page.goto("/mes-documents?lng=de");
  const field = page.getByTestId("document-file").first();
  const box = field.locator("xpath=..");
  await expect(box.locator("label")).toHaveText(tr("de", "files.choose"));
  await expect(box.getByTestId("file-chosen")).toHaveText(tr("de", "files.none"));
  await expect(field).not.toBeInViewport(); // the native field is drawn as the button
  await field.setInputFiles({
    name: "Arbeitsvertrag.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n"),
  });
  await expect(box.getByTestId("file-chosen")).toHaveText("Arbeitsvertrag.pdf");
  // the button opens the same field (its label)
  const chooser = page.waitForEvent("filechooser");
  await box.locator("label").click();
  await chooser;
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the browser's own file field shows, and the stand-ins do not", async ({ page }) => {
    await page.goto("/mes-documents");
    const field = page.getByTestId("document-file").first();
    await expect(field).toBeVisible();
    await expect(field.locator("xpath=..").getByTestId("file-chosen")).toBeHidden();
  });
});
