import { expect, test } from "../fixtures";
import { uniqueWord } from "../search/helpers";

/**
 * Support in Chromium (issue 30): a candidate on a phone (360 px) asks a question with an
 * attachment; a platform admin, with the inbox open, sees it arrive live and answers; the answer
 * appears on the candidate's open page without a reload. Without JavaScript, a visitor's contact
 * form refuses a bad e-mail on its field with the input kept, then sends.
 */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

test.describe("signed in", () => {
  test.use({ signedInAs: "candidate" });

  test("a candidate asks with an attachment at 360 px, an admin answers live, the candidate sees the answer", async ({
    page,
    signedInPage,
  }) => {
    const { page: admin } = await signedInPage("admin", "/support/boite");
    await expect(admin.locator("html")).toHaveAttribute("data-live", "connected");

    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/support");
    await expect(page.getByTestId("faq-entry").first()).toBeVisible();
    const form = page.getByTestId("contact-form");
    // the account's name and e-mail are prefilled
    await expect(form.locator("input[name=email]")).toHaveValue("candidate@demo.test");
    const words = `Heures manquantes ${uniqueWord()}`;
    await form.locator("select[name=topic]").selectOption("timesheets");
    await form.locator("textarea[name=message]").fill(words);
    await form
      .getByTestId("contact-attachment")
      .setInputFiles({ name: "capture.png", mimeType: "image/png", buffer: PNG });
    await form.getByTestId("contact-submit").click();
    await expect(page).toHaveURL(/\/support\/demandes\/[0-9a-f-]{36}\?envoye=1$/);
    const requestId = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByTestId("request-sent")).toBeVisible();
    await expect(page.getByTestId("request-attachment")).toContainText("capture.png");
    await expect(page.getByTestId("message-requester")).toHaveText(new RegExp(words));

    // the admins' inbox receives it live, with the badge beside Support
    const row = admin.locator(`[data-testid=support-request][data-id="${requestId}"]`);
    await expect(row.getByTestId("request-status")).toHaveText("Nouvelle");
    await expect(
      admin.getByTestId("sidebar").locator('a[href="/support"]').getByTestId("notification-badge"),
    ).toBeVisible();
    await row.getByRole("link").click();
    await expect(admin.getByTestId("message-requester")).toContainText(words);

    await expect(page.locator("html")).toHaveAttribute("data-live", "connected");
    await admin.locator("textarea[name=message]").fill("Nous avons corrigé vos heures.");
    await admin.getByTestId("reply-submit").click();
    await expect(admin.getByTestId("request-status")).toHaveText("Répondue");
    // on the candidate's open page, without a reload
    await expect(page.getByTestId("message-admin")).toContainText("Nous avons corrigé vos heures.");
    await expect(page.getByTestId("request-status")).toHaveText("Répondue");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor's contact form refuses a bad e-mail on its field, keeps the input, then sends", async ({ page }) => {
    await page.goto("/support");
    const form = page.getByTestId("contact-form");
    const message = `Mon agence attend ${uniqueWord()}`;
    await form.locator("select[name=topic]").selectOption("agencies");
    await form.locator("input[name=name]").fill("Agence Léman");
    await form.locator("input[name=email]").fill("pas-une-adresse");
    await form.locator("textarea[name=message]").fill(message);
    await form.getByTestId("contact-submit").click();
    await expect(page.getByTestId("contact-form").getByRole("alert")).toHaveText(
      "Cette adresse e-mail n’est pas valide.",
    );
    await expect(page.locator("textarea[name=message]")).toHaveValue(message);
    await expect(page.locator("input[name=name]")).toHaveValue("Agence Léman");
    await expect(page.locator("select[name=topic]")).toHaveValue("agencies");
    await page.locator("input[name=email]").fill("agence@example.test");
    await page.getByTestId("contact-submit").click();
    await expect(page.getByTestId("request-sent")).toBeVisible();
  });
});
