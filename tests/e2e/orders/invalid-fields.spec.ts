import { expect, test } from "../fixtures";
import { fr, inDays } from "../ads/helpers";

// Issue 16, item 4: a refused order form always says why, on the field, however often the person
// corrects and submits again (it used to fail silently: only the focus moved).

test("an order refused for its number of places or its dates says so on the field, every time", async ({ signIn }) => {
  const page = await signIn("client", "/mes-commandes/nouvelle");
  const form = page.getByTestId("order-form");
  const places = form.getByLabel(fr("orders", "form.places"));
  await form.getByLabel(fr("orders", "form.title")).fill("Renfort inventaire");
  await form.getByLabel(fr("orders", "form.profession")).selectOption({ label: fr("reference", "professions.packer") });
  await form.getByLabel(fr("orders", "form.startDate")).fill(inDays(20));
  await form.getByLabel(fr("orders", "form.endDate")).fill(inDays(30));
  await form.getByLabel(fr("orders", "form.description")).fill("Inventaire annuel.");
  const place = page.getByTestId("order-place-input");
  await place.pressSequentially("Meyr");
  await page.getByTestId("order-place-options").locator('[data-locality-id="CH-1217-meyrin"]').click();
  // the message under the field itself (its label, input and messages share a box)
  const placesError = places.locator("xpath=..").getByRole("alert");

  // places left empty
  await page.getByTestId("order-submit").click();
  await expect(places).toHaveAttribute("aria-invalid", "true");
  await expect(placesError).toBeVisible();
  await expect(form.getByRole("alert")).toHaveCount(1);
  // typed, then cleared again: the message comes back on the next try
  for (let attempt = 0; attempt < 3; attempt++) {
    await places.fill("3");
    await places.fill("");
    await page.getByTestId("order-submit").click();
    await expect(places).toHaveAttribute("aria-invalid", "true");
    await expect(placesError, `attempt ${attempt + 1}`).toBeVisible();
  }
  await places.fill("3");
  // the end before the start, corrected and broken again
  for (let attempt = 0; attempt < 3; attempt++) {
    await form.getByLabel(fr("orders", "form.endDate")).fill(inDays(10));
    await page.getByTestId("order-submit").click();
    await expect(form.getByRole("alert"), `dates, attempt ${attempt + 1}`).toHaveText([
      fr("common", "validation.end_after_start"),
    ]);
    await form.getByLabel(fr("orders", "form.endDate")).fill(inDays(30));
  }
});
