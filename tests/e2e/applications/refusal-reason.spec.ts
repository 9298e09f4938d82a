import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import { ACCOUNTS } from "../support/login";

// Issue 27: the refusal reason ("Motif") is asked for a refusal only, on the application page and
// in the pipeline's bulk bar; without JavaScript it says it applies to a refusal only and the
// server ignores it for another status.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const fr = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/applications.json"), "utf8")) as {
  reasonLabel: string;
  reasonLabelRefusalOnly: string;
  reasons: Record<string, string>;
};

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

/** A pending application of the demo candidate to a new ad of the Geneva consultant. */
async function applied(title: string) {
  const adId = await ads.publish(ACCOUNTS.consultantGe, { title, questions: [] });
  return ads.domain.applications.apply(await ads.actor(ACCOUNTS.candidate), {
    adId,
    source: "S01",
    answers: [],
    message: "",
    cv: { kind: "upload", name: "cv.pdf", bytes: PDF },
  });
}

test.describe("with JavaScript", () => {
  test.use({ signedInAs: "consultantGe" });

  test("the reason shows only while a refusal is chosen, on the application page and in the bulk bar", async ({
    signIn,
  }) => {
    const word = uniqueWord();
    const id = await applied(`Maçon ${word}`);
    const page = await signIn("consultantGe", `/candidatures/${id}`);
    const reason = page.getByTestId("details-reason");
    await expect(page.getByTestId("details-status")).toHaveValue("2");
    await expect(reason).toHaveCount(0);
    await page.getByTestId("details-status").selectOption("1");
    await expect(reason).toBeVisible();
    await expect(page.getByText(fr.reasonLabel, { exact: true })).toBeVisible();
    await page.getByTestId("details-status").selectOption("2");
    await expect(reason).toHaveCount(0);

    await page.goto(`/candidatures?q=${word}`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const bulkReason = page.getByTestId("bulk-reason");
    await expect(bulkReason).toHaveCount(0);
    for (const status of ["2", "3"]) {
      await page.getByTestId("bulk-status").selectOption(status);
      await expect(bulkReason).toHaveCount(0);
    }
    await page.getByTestId("bulk-status").selectOption("1");
    await expect(bulkReason).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, signedInAs: "consultantGe" });

  test("the reason says it is for a refusal only, and a reason sent with another status is ignored", async ({
    signIn,
  }) => {
    const word = uniqueWord();
    const id = await applied(`Plâtrier ${word}`);
    const page = await signIn("consultantGe", `/candidatures?q=${word}`);
    await expect(page.getByTestId("bulk-form").getByText(fr.reasonLabelRefusalOnly, { exact: true })).toBeVisible();

    await page.goto(`/candidatures/${id}`);
    await expect(page.getByTestId("status-form").getByText(fr.reasonLabelRefusalOnly, { exact: true })).toBeVisible();
    await page.getByTestId("details-status").selectOption("2");
    await page.getByTestId("details-reason").selectOption("position_filled");
    await page.getByTestId("status-submit").click();
    await expect(page.getByTestId("application-details")).toHaveAttribute("data-status", "2");
    await expect(page.getByTestId("timeline")).not.toContainText(fr.reasons.position_filled!);

    await page.getByTestId("details-status").selectOption("1");
    await page.getByTestId("details-reason").selectOption("availability");
    await page.getByTestId("status-submit").click();
    await expect(page.getByTestId("application-details")).toHaveAttribute("data-status", "1");
    await expect(page.getByTestId("timeline-entry").last()).toContainText(fr.reasons.availability!);
  });
});
