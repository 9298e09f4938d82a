import { expect, test } from "../fixtures";
import { tr } from "../support/i18n";

/**
 * A number out of its range is refused with its message on the field and what was typed kept
 * (issue 16, item 4): the browser refused these silently before, only moving the focus.
 * The refusals change nothing, so the shared candidate session is fine.
 */
test.use({ signedInAs: "candidate" });

const message = tr("fr", "validation.number_range");

test("dependent children beyond 20 on My information", async ({ page }) => {
  await page.goto("/mes-informations");
  const form = page.locator("form#identity-form");
  const field = form.getByTestId("field-dependentChildren");
  await field.fill("25");
  await form.getByRole("button", { name: "Enregistrer" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(form).toContainText(message);
  await expect(field).toHaveValue("25");
});

test("a training's year before 1950 on the profile", async ({ page }) => {
  await page.goto("/profil");
  const form = page.getByTestId("training-new").locator("form");
  const field = form.getByTestId("field-year");
  await field.fill("1800");
  await form.locator("button[type=submit]").first().click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(form).toContainText(message);
  await expect(field).toHaveValue("1800");
});
