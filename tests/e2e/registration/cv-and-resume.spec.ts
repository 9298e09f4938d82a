import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { fillProfile, fr, pdf, png, startRegistration, text, uniqueEmail } from "./helpers";

// Spec sections 5 and 9: the CV is required before going on; pdf, odt, doc (and, issue 27, docx
// or a photo of a CV, png or jpeg) of 2 MB at most, checked by content. Every form keeps what was
// typed. Progress is kept on the server.

test("an invalid CV is refused with a translated error and the other inputs kept; a valid one then completes", async ({
  page,
}) => {
  const email = uniqueEmail("cv");
  await startRegistration(page, "FR", { email });
  const form = page.getByTestId("profile-step");

  // no CV at all: please upload your resume before proceeding
  await fillProfile(page, { birthDate: "1992-03-04", jobs: ["baker"] });
  await page.getByTestId("profile-submit").click();
  await expect(form.getByText(fr("cv_required"))).toBeVisible();

  // a PNG named cv.pdf: refused by its content, on the server
  await fillProfile(page, { cv: png("cv.pdf"), birthDate: "1992-03-04", jobs: ["cashier"] });
  await page.getByTestId("profile-submit").click();
  await expect(form.getByText(fr("cv_invalid_type"))).toBeVisible();
  await expect(form.locator('input[name="birthDate"]')).toHaveValue("1992-03-04");
  await expect(page.getByTestId("choice-baker")).toBeChecked();
  await expect(page.getByTestId("choice-cashier")).toBeChecked();
  await expect(page.getByTestId("current-cv")).toHaveCount(0);

  // over 2 MB: refused (in the browser already, and by the server), inputs kept
  await form
    .locator('input[name="cv"]')
    .setInputFiles({ ...pdf("big.pdf"), buffer: Buffer.concat([pdf().buffer, Buffer.alloc(2 * 1024 * 1024)]) });
  await page.getByTestId("profile-submit").click();
  await expect(form.getByText(fr("cv_too_large"))).toBeVisible();
  await expect(page.getByTestId("choice-baker")).toBeChecked();

  // a DOCX, the format of most CVs (issue 27), is offered by the file input and accepted
  await expect(form.locator('input[name="cv"]')).toHaveAttribute("accept", /\.docx/);
  await form.locator('input[name="cv"]').setInputFiles({
    name: "mon-cv.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: fs.readFileSync(path.resolve("tests/fixtures/cv/cv-de.docx")),
  });
  await page.getByTestId("profile-submit").click();
  await expect(page.getByTestId("success-register-user")).toHaveText(fr("success_register_user"));
});

test("a reload, a later visit and going back all resume the registration where it stopped", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("resume");
  await startRegistration(page, "CH", { email, firstName: "Julien" });

  await page.reload();
  await expect(page.getByTestId("profile-step")).toBeVisible();
  await expect(page.getByTestId("register-steps").locator('[aria-current="step"]')).toContainText(fr("steps.profile"));

  // a CV sent together with a wrong field is kept all the same
  await fillProfile(page, { cv: pdf("julien-cv.pdf"), birthDate: "2030-01-01", jobs: ["electrician"] });
  await page.getByTestId("profile-submit").click();
  await expect(page.getByTestId("profile-step").getByText(fr("validation.birth_date"))).toBeVisible();
  await expect(page.getByTestId("current-cv")).toContainText("julien-cv.pdf");

  // later, in another tab of the same browser: the profile step with the CV already there
  const later = await context.newPage();
  await later.goto("/register/user");
  await expect(later.getByTestId("profile-step")).toBeVisible();
  await expect(later.getByTestId("current-cv")).toContainText("julien-cv.pdf");

  // back to the account step: what was given is shown again (never the password)
  await later.getByTestId("back-to-account").click();
  const account = later.getByTestId("account-step");
  await expect(account.locator('input[name="email"]')).toHaveValue(email);
  await expect(account.locator('input[name="firstName"]')).toHaveValue("Julien");
  await expect(account.locator('input[name="password"]')).toHaveValue("");
  await expect(later.getByTestId("chosen-country")).toContainText(text("fr", "common", "countries.CH"));
  await later.close();

  // finishing without choosing the CV again uses the one kept
  await page.reload();
  await fillProfile(page, { birthDate: "1985-07-20", jobs: ["electrician"] });
  await page.getByTestId("profile-submit").click();
  await expect(page.getByTestId("success-register-user")).toBeVisible();

  // once done, a new visit starts a new registration
  await page.goto("/register/user");
  await expect(page.getByTestId("country-choice")).toBeVisible();
});
