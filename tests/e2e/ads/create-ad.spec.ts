import { expect, test } from "../fixtures";
import { uniqueWord } from "../search/helpers";
import { watchCsp } from "../support/csp";
import {
  adRow,
  choosePlace,
  filterMyAds,
  formReady,
  fr,
  inDays,
  pngFile,
  rowAction,
  writeDescription,
} from "./helpers";

// Spec sections 3, 4 and 9: an agency consultant writes an ad with every field, publishes it to
// the job boards of its country, and manages it from /mes-annonces; the public page follows.

const day = (iso: string) => iso.split("-").reverse().join("/");

test("a Geneva consultant writes a full ad, publishes it, then disables, duplicates and deletes from the list", async ({
  signedInPage,
  page: visitor,
  request,
}) => {
  test.setTimeout(90_000);
  const word = uniqueWord();
  const title = `Technicien de maintenance ${word}`;
  const cover = pngFile("atelier.png");
  const start = inDays(14);
  const end = inDays(45);
  const { context, page } = await signedInPage("consultantGe");
  // the editor, the image preview (blob:) and the public page's JSON-LD all run under the policy
  const violations = { consultant: await watchCsp(page), visitor: await watchCsp(visitor) };
  try {
    await page.goto("/creer-une-annonce");
    await expect(page.getByTestId("page-title")).toHaveText(fr("ads", "create.title"));
    await formReady(page);

    // the job
    await page.getByLabel(fr("ads", "form.title")).fill(title);
    await page.getByLabel(fr("ads", "form.qualification")).fill("CFC d'automaticien ou équivalent");
    await page.getByLabel(fr("ads", "form.sector")).selectOption({ label: fr("reference", "sectors.industry") });
    await page
      .getByLabel(fr("ads", "form.profession"))
      .selectOption({ label: fr("reference", "professions.maintenance_technician") });
    await page.getByLabel(fr("ads", "form.contract")).selectOption({ label: fr("ads", "contracts.permanent") });
    await page.getByLabel(fr("ads", "form.jobType")).selectOption({ label: fr("ads", "jobTypes.part_time") });

    // the description, in the rich-text editor, part of it in bold
    await writeDescription(page, "Entretien préventif des lignes de production. ");
    await page.getByTestId("editor-bold").click();
    await page.keyboard.type("Astreinte un week-end sur quatre.");
    await expect(page.getByTestId("description-editor").locator("strong")).toHaveText(
      "Astreinte un week-end sur quatre.",
    );

    // conditions
    await page.getByLabel(fr("ads", "form.activityRateMin")).fill("60");
    await page.getByLabel(fr("ads", "form.activityRateMax")).fill("80");
    await page.getByLabel(fr("ads", "form.places")).fill("2");
    await page.getByLabel(fr("ads", "form.salaryMin", { currency: "CHF" })).fill("5200");
    await page.getByLabel(fr("ads", "form.salaryMax", { currency: "CHF" })).fill("6100");
    await page.getByLabel(fr("ads", "form.salaryPeriod")).selectOption({ label: fr("ads", "salaryPeriods.month") });
    // the start date field appears once a fixed date is chosen
    await expect(page.getByLabel(fr("ads", "form.commitmentDate"))).toHaveCount(0);
    await page.getByLabel(fr("ads", "commitments.date")).check();
    await page.getByLabel(fr("ads", "form.commitmentDate")).fill(start);
    await page.getByLabel(fr("ads", "form.endDate")).fill(end);
    await page.getByLabel(fr("ads", "form.duration")).fill("Durée indéterminée");

    // the place: nothing suggested under three characters, then the locality chosen from the list
    await page.getByTestId("place-input").fill("Mo");
    await expect(page.getByTestId("place-status")).toHaveText(fr("places", "minChars", { min: 3 }));
    await expect(page.getByTestId("place-option")).toHaveCount(0);
    await choosePlace(page, "Montr", "CH-1815-montreux");
    await expect(page.getByTestId("place-input")).toHaveValue("Montreux (1815, Vaud)");

    // two yes/no questions
    await page.getByTestId("question-add").click();
    await page.getByLabel(fr("ads", "form.questionN", { n: 1 }), { exact: true }).fill("Avez-vous un CFC technique ?");
    await page.getByTestId("question-add").click();
    await page
      .getByLabel(fr("ads", "form.questionN", { n: 2 }), { exact: true })
      .fill("Acceptez-vous les astreintes ?");
    await expect(page.getByTestId("question-count")).toHaveText("2 questions sur 5");

    // the cover image, previewed before sending
    await page.getByTestId("image-input").setInputFiles(cover);
    await expect(page.getByTestId("image-preview-new")).toBeVisible();

    // job boards: only Switzerland's are offered; our own site is chosen already
    await expect(page.getByTestId("board-S01")).toBeChecked();
    await expect(page.getByTestId("board-S05")).toBeHidden();
    await page.getByTestId("board-S03").check();
    await page.getByTestId("board-S07").check();

    await page.getByTestId("submit-publish").click();
    await expect(page).toHaveURL((url) => url.pathname === "/mes-annonces", { timeout: 15_000 });
    await expect(page.getByTestId("saved")).toHaveText(fr("ads", "success_save_add"));

    // the list: the ad, online, with its place and end date
    await filterMyAds(page, word);
    const row = page.getByTestId("ad-row");
    await expect(row).toHaveCount(1);
    const id = Number(await row.getAttribute("data-ad-id"));
    expect(id).toBeGreaterThan(0);
    await expect(row.getByTestId("ad-title")).toHaveText(title);
    await expect(row.getByTestId("ad-state")).toHaveText(fr("ads", "states.online"));
    await expect(row.getByTestId("ad-place")).toContainText("Montreux");
    await expect(row.getByTestId("ad-end-date")).toHaveText(day(end));
    await expect(row.getByTestId("public-link")).toHaveAttribute("href", `/annonce/${id}/S01`);

    // the public page, for anyone: title, image, description, facts and questions
    const response = await visitor.goto(`/annonce/${id}/S01`);
    expect(response?.status()).toBe(200);
    await expect(visitor.getByTestId("ad-title")).toHaveText(title);
    const image = visitor.getByTestId("ad-image");
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(4);
    const src = await image.getAttribute("src");
    expect(src).toBeTruthy();
    const served = await request.get(src!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(Buffer.compare(await served.body(), cover.buffer)).toBe(0);
    await expect(visitor.getByTestId("ad-description")).toContainText("Entretien préventif des lignes de production.");
    await expect(visitor.getByTestId("ad-description").locator("strong")).toHaveText(
      "Astreinte un week-end sur quatre.",
    );
    await expect(visitor.getByTestId("ad-place")).toContainText("Montreux (1815), Vaud");
    await expect(visitor.getByTestId("ad-contract")).toHaveText(
      `${fr("ads", "contracts.permanent")} · ${fr("ads", "jobTypes.part_time")}`,
    );
    await expect(visitor.getByTestId("ad-salary")).toContainText("CHF / mois");
    await expect(visitor.getByTestId("ad-start")).toHaveText(day(start));
    await expect(visitor.getByTestId("ad-rate")).toHaveText("60–80 %");
    await expect(visitor.getByTestId("ad-questions").getByRole("listitem")).toHaveText([
      "Avez-vous un CFC technique ?",
      "Acceptez-vous les astreintes ?",
    ]);

    // disabled from the list: the row says so, and the public page is "announcement not found"
    await rowAction(adRow(page, id), "action-disable");
    await expect(adRow(page, id).getByTestId("ad-state")).toHaveText(fr("ads", "states.disabled"));
    await expect(adRow(page, id).getByTestId("public-link")).toHaveCount(0);
    const gone = await visitor.goto(`/annonce/${id}/S01`);
    expect(gone?.status()).toBe(404);
    await expect(visitor.getByTestId("error-title")).toHaveText(fr("common", "errors.adNotFound.title"));
    await expect(visitor.getByTestId("ad-title")).toHaveCount(0);

    // duplicated: a new draft with the same title, opened for review
    await rowAction(adRow(page, id), "action-duplicate");
    await expect(page).toHaveURL(
      (url) =>
        /^\/mes-annonces\/\d+\/modifier$/.test(url.pathname) && url.searchParams.get("copiedFrom") === String(id),
    );
    await expect(page.getByTestId("copied-note")).toHaveText(fr("ads", "edit.copied", { id }));
    const copy = Number(/\/mes-annonces\/(\d+)\//.exec(new URL(page.url()).pathname)![1]);
    expect(copy).not.toBe(id);
    await expect(page.getByTestId("ad-state")).toHaveText(fr("ads", "states.draft"));
    await expect(page.getByLabel(fr("ads", "form.title"))).toHaveValue(title);

    await filterMyAds(page, word);
    await expect(page.getByTestId("ad-row")).toHaveCount(2);
    await expect(adRow(page, copy).getByTestId("ad-title")).toHaveText(title);
    await expect(adRow(page, copy).getByTestId("ad-state")).toHaveText(fr("ads", "states.draft"));
    await expect(adRow(page, id).getByTestId("ad-state")).toHaveText(fr("ads", "states.disabled"));

    // the draft deleted, after confirming: only the disabled original stays
    await rowAction(adRow(page, copy), "action-delete");
    const dialog = page.getByTestId("delete-dialog");
    await expect(dialog).toContainText(fr("ads", "list.delete.text", { id: copy, title }));
    await dialog.getByTestId("delete-confirm").click();
    await expect(dialog).toBeHidden();
    await expect(adRow(page, copy)).toHaveCount(0);
    await expect(page.getByTestId("ad-row")).toHaveCount(1);
    await expect(adRow(page, id).getByTestId("ad-state")).toHaveText(fr("ads", "states.disabled"));
    await page.reload();
    await expect(page.getByTestId("ad-row")).toHaveCount(1);
    await expect(page.getByTestId("total")).toHaveText(fr("ads", "list.total_one", { count: 1 }));
    expect(violations).toEqual({ consultant: [], visitor: [] });
  } finally {
    await context.close();
  }
});
