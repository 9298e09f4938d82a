import { expect, test } from "../fixtures";
import { uniqueWord } from "../search/helpers";
import {
  choosePlace,
  dayText,
  expectNoRawKeys,
  fakePng,
  fieldErrors,
  filterMyAds,
  formReady,
  fr,
  inDays,
  pngFile,
  writeDescription,
} from "./helpers";

// Spec section 9: every error shows on its field, in the person's language, and nothing typed is
// lost; the form works the same without JavaScript (progressive enhancement).

const required = fr("common", "validation.required");

test("wrong and missing inputs are shown on their fields in French, and everything typed stays until the ad is saved", async ({
  signedInPage,
}) => {
  test.setTimeout(90_000);
  const word = uniqueWord();
  const title = `Cariste ${word}`;
  const { context, page } = await signedInPage("consultantGe", "/creer-une-annonce");
  try {
    await formReady(page);
    const form = page.getByTestId("ad-form");

    // what is typed: crossed dates, a minimum salary above the maximum, no title, sector, profession, description, place or number of posts
    await page.getByLabel(fr("ads", "form.qualification")).fill("Permis de cariste R489");
    await page.getByLabel(fr("ads", "form.places")).fill("");
    await page.getByLabel(fr("ads", "form.salaryMin", { currency: "CHF" })).fill("38");
    await page.getByLabel(fr("ads", "form.salaryMax", { currency: "CHF" })).fill("31.5");
    await page.getByLabel(fr("ads", "commitments.date")).check();
    await page.getByLabel(fr("ads", "form.commitmentDate")).fill(inDays(30));
    await page.getByLabel(fr("ads", "form.endDate")).fill(inDays(10));

    // five questions at most: the button to add one is disabled at five
    const questions = [
      "Avez-vous le permis cariste ?",
      "Travaillez-vous en équipes ?",
      "Êtes-vous disponible de nuit ?",
      "Habitez-vous la région ?",
      "Parlez-vous allemand ?",
    ];
    for (const [i, question] of questions.entries()) {
      await page.getByTestId("question-add").click();
      await page.getByTestId(`question-${i}`).fill(question);
    }
    await expect(page.getByTestId("question-row")).toHaveCount(5);
    await expect(page.getByTestId("question-count")).toHaveText("5 questions sur 5");
    await expect(page.getByTestId("question-add")).toBeDisabled();

    await page.getByTestId("submit-publish").click();
    await expect(fieldErrors(page, "title")).toHaveText(required);
    await expect(fieldErrors(page, "sectorId")).toHaveText(required);
    await expect(fieldErrors(page, "professionId")).toHaveText(required);
    await expect(fieldErrors(page, "places")).toHaveText(required);
    await expect(page.getByTestId("section-description").getByRole("alert")).toHaveText(required);
    await expect(page.getByTestId("place").getByRole("alert")).toHaveText(required);
    await expect(fieldErrors(page, "salaryMax")).toHaveText(fr("common", "validation.salary_order"));
    await expect(fieldErrors(page, "endDate")).toHaveText(fr("common", "validation.end_after_start"));
    await expect(fieldErrors(page, "salaryMin")).toHaveCount(0);
    await expect(page.getByLabel(fr("ads", "form.title"))).toHaveAttribute("aria-invalid", "true");
    await expectNoRawKeys(form);
    expect(new URL(page.url()).pathname).toBe("/creer-une-annonce");
    // nothing typed was lost
    await expect(page.getByLabel(fr("ads", "form.qualification"))).toHaveValue("Permis de cariste R489");
    await expect(page.getByLabel(fr("ads", "form.salaryMin", { currency: "CHF" }))).toHaveValue("38");
    await expect(page.getByLabel(fr("ads", "form.salaryMax", { currency: "CHF" }))).toHaveValue("31.5");
    await expect(page.getByLabel(fr("ads", "form.commitmentDate"))).toHaveValue(dayText(inDays(30)));
    await expect(page.getByLabel(fr("ads", "form.endDate"))).toHaveValue(dayText(inDays(10)));
    for (const [i, question] of questions.entries())
      await expect(page.getByTestId(`question-${i}`)).toHaveValue(question);

    // the person corrects: each error goes as its field is edited
    await page.getByLabel(fr("ads", "form.title")).fill(title);
    await expect(fieldErrors(page, "title")).toHaveCount(0);
    await page.getByLabel(fr("ads", "form.sector")).selectOption({ label: fr("reference", "sectors.logistics") });
    await page
      .getByLabel(fr("ads", "form.profession"))
      .selectOption({ label: fr("reference", "professions.forklift_driver") });
    await page.getByLabel(fr("ads", "form.places")).fill("3");
    await writeDescription(page, "Chargement et déchargement des camions, gestion des stocks.");
    await expect(page.getByTestId("section-description").getByRole("alert")).toHaveCount(0);
    await choosePlace(page, "Nyon", "CH-1260-nyon");
    await page.getByLabel(fr("ads", "form.salaryMax", { currency: "CHF" })).fill("42");
    await expect(fieldErrors(page, "salaryMax")).toHaveCount(0);
    await page.getByLabel(fr("ads", "form.endDate")).fill(inDays(50));
    await expect(fieldErrors(page, "endDate")).toHaveCount(0);
    await page.getByTestId("board-S04").check();

    // a text file renamed photo.png: refused by the server, by its content
    await page.getByTestId("image-input").setInputFiles(fakePng("photo.png"));
    await page.getByTestId("submit-publish").click();
    await expect(page.getByTestId("image-field").getByRole("alert")).toHaveText(fr("ads", "validation.image_type"));
    await expectNoRawKeys(form);
    expect(new URL(page.url()).pathname).toBe("/creer-une-annonce");
    await expect(page.getByTestId("image-id")).toHaveValue("");
    // after the server's answer, every value is still there
    await expect(page.getByLabel(fr("ads", "form.title"))).toHaveValue(title);
    await expect(page.getByLabel(fr("ads", "form.qualification"))).toHaveValue("Permis de cariste R489");
    await expect(page.getByLabel(fr("ads", "form.sector"))).toHaveValue("logistics");
    await expect(page.getByLabel(fr("ads", "form.profession"))).toHaveValue("forklift_driver");
    await expect(page.getByLabel(fr("ads", "form.places"))).toHaveValue("3");
    await expect(page.getByTestId("description-editor")).toHaveText(
      "Chargement et déchargement des camions, gestion des stocks.",
    );
    await expect(page.getByLabel(fr("ads", "form.salaryMin", { currency: "CHF" }))).toHaveValue("38");
    await expect(page.getByLabel(fr("ads", "form.salaryMax", { currency: "CHF" }))).toHaveValue("42");
    await expect(page.getByLabel(fr("ads", "commitments.date"))).toBeChecked();
    await expect(page.getByLabel(fr("ads", "form.commitmentDate"))).toHaveValue(dayText(inDays(30)));
    await expect(page.getByLabel(fr("ads", "form.endDate"))).toHaveValue(dayText(inDays(50)));
    await expect(page.getByTestId("place-input")).toHaveValue("Nyon (1260, Vaud)");
    for (const [i, question] of questions.entries())
      await expect(page.getByTestId(`question-${i}`)).toHaveValue(question);
    await expect(page.getByTestId("board-S01")).toBeChecked();
    await expect(page.getByTestId("board-S04")).toBeChecked();

    // a real image this time: the ad is published with all of it
    await page.getByTestId("image-input").setInputFiles(pngFile("quai.png"));
    await page.getByTestId("submit-publish").click();
    await expect(page).toHaveURL((url) => url.pathname === "/mes-annonces", { timeout: 15_000 });
    await filterMyAds(page, word);
    await expect(page.getByTestId("ad-row")).toHaveCount(1);
    await expect(page.getByTestId("ad-state")).toHaveText(fr("ads", "states.online"));
    await expect(page.getByTestId("ad-place")).toContainText("Nyon");
  } finally {
    await context.close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a consultant without JavaScript gets the salary error on its field with the form kept, then creates the ad", async ({
    page,
    signIn,
  }) => {
    const word = uniqueWord();
    const title = `Magasinier ${word}`;
    await signIn("consultantGe");
    await page.goto("/creer-une-annonce");
    // the plain form: a textarea for the description, the five question rows, the place as text
    await expect(page.getByTestId("description-text")).toBeVisible();
    await expect(page.getByTestId("description-editor")).toHaveCount(0);
    await expect(page.getByTestId("question-row")).toHaveCount(5);

    await page.getByLabel(fr("ads", "form.title")).fill(title);
    await page.getByLabel(fr("ads", "form.sector")).selectOption({ label: fr("reference", "sectors.logistics") });
    await page
      .getByLabel(fr("ads", "form.profession"))
      .selectOption({ label: fr("reference", "professions.warehouse_worker") });
    await page.getByLabel(fr("ads", "form.description")).fill("Réception des marchandises.\n\nInventaires mensuels.");
    await page.getByLabel(fr("ads", "form.salaryMin", { currency: "CHF" })).fill("4800");
    await page.getByLabel(fr("ads", "form.salaryMax", { currency: "CHF" })).fill("4500");
    await page.getByLabel(fr("ads", "form.salaryPeriod")).selectOption({ label: fr("ads", "salaryPeriods.month") });
    await page.getByLabel(fr("ads", "form.endDate")).fill(inDays(40));
    await page.getByTestId("place-input").fill("Nyon");
    await page.getByTestId("question-0").fill("Avez-vous un CFC de logisticien ?");
    await page.getByTestId("submit-publish").click();

    await expect(page).toHaveURL((url) => url.pathname === "/creer-une-annonce");
    await expect(fieldErrors(page, "salaryMax")).toHaveText(fr("common", "validation.salary_order"));
    await expect(page.getByTestId("ad-form").getByRole("alert")).toHaveCount(1);
    await expectNoRawKeys(page.getByTestId("ad-form"));
    await expect(page.getByLabel(fr("ads", "form.title"))).toHaveValue(title);
    await expect(page.getByLabel(fr("ads", "form.sector"))).toHaveValue("logistics");
    await expect(page.getByLabel(fr("ads", "form.profession"))).toHaveValue("warehouse_worker");
    await expect(page.getByLabel(fr("ads", "form.description"))).toHaveValue(
      "Réception des marchandises.\n\nInventaires mensuels.",
    );
    await expect(page.getByLabel(fr("ads", "form.salaryMin", { currency: "CHF" }))).toHaveValue("4800");
    await expect(page.getByLabel(fr("ads", "form.salaryMax", { currency: "CHF" }))).toHaveValue("4500");
    await expect(page.getByLabel(fr("ads", "form.salaryPeriod"))).toHaveValue("month");
    await expect(page.getByLabel(fr("ads", "form.endDate"))).toHaveValue(inDays(40));
    // the typed place, resolved to its locality
    await expect(page.getByTestId("place-input")).toHaveValue("Nyon (1260, Vaud)");
    await expect(page.getByTestId("question-0")).toHaveValue("Avez-vous un CFC de logisticien ?");

    await page.getByLabel(fr("ads", "form.salaryMax", { currency: "CHF" })).fill("5300");
    await page.getByTestId("submit-publish").click();
    await expect(page).toHaveURL((url) => url.pathname === "/mes-annonces");
    await expect(page.getByTestId("saved")).toHaveText(fr("ads", "success_save_add"));
    await filterMyAds(page, word);
    await expect(page.getByTestId("ad-row")).toHaveCount(1);
    await expect(page.getByTestId("ad-title")).toHaveText(title);
    await expect(page.getByTestId("ad-state")).toHaveText(fr("ads", "states.online"));

    // its public page shows the plain text as paragraphs and the question
    await page.getByTestId("public-link").click();
    await expect(page.getByTestId("ad-title")).toHaveText(title);
    await expect(page.getByTestId("ad-description").locator("p")).toHaveText([
      "Réception des marchandises.",
      "Inventaires mensuels.",
    ]);
    await expect(page.getByTestId("ad-salary")).toContainText("CHF / mois");
    await expect(page.getByTestId("ad-questions").getByRole("listitem")).toHaveText([
      "Avez-vous un CFC de logisticien ?",
    ]);
  });
});
