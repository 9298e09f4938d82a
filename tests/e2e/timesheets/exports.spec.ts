import fs from "node:fs/promises";
import ExcelJS from "exceljs";
import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import { ACCOUNTS } from "../support/login";
import { pdfBytes } from "../../support/documents";
import { extractText } from "../../../server/modules/candidates/cv/text";
import { addDaysTo } from "../../../server/modules/planning/contract";
import { emptyDay } from "../../../server/modules/timesheets/contract";

// Issue "Timesheets", agency side: the consultant exports the sheets they tick (XLSX, PDF) and
// attaches the client's signed report to a sheet.

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

/** A sheet of Léa's (demo candidate) on a new mission of the Geneva agency, with Tuesday 08:00–17:30 less an hour's break. */
async function leasSheet() {
  const client = await ads.actor(ACCOUNTS.client);
  const { id, week, title, lea } = await ads.missionWeek({
    title: `Préparateur ${uniqueWord()}`,
    clientId: client.clientId,
  });
  await ads.domain.timesheets.saveTimesheetDay(lea, {
    timesheetId: id,
    entry: { ...emptyDay(addDaysTo(week, 1)), ranges: [{ startMin: 480, endMin: 1050 }], breakMin: 60, mealFees: 1850 },
  });
  return { id, title, week };
}

test("the consultant exports the sheets ticked as XLSX and PDF and finds the candidate and hours in them", async ({
  signIn,
}) => {
  test.setTimeout(60_000);
  const { id, title, week } = await leasSheet();
  const page = await signIn("consultantGe", `/releves-heures?week=${week}`);
  const row = page.locator(`[data-testid="sheet-row"][data-id="${id}"]`);
  await row.getByTestId("export-pick").check();

  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-xlsx").click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^releves-heures-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await xlsx.path())!);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  // only the sheet ticked, in French (the default language)
  expect(sheet.rowCount).toBe(2);
  const values = (sheet.getRow(2).values as unknown[]).slice(1);
  const cell = (name: string) => values[header.indexOf(name)];
  expect([
    cell("Candidat"),
    cell("Mission"),
    cell("Mar"),
    cell("Total (h)"),
    cell("Heures normales"),
    cell("Frais de repas"),
  ]).toEqual(["Léa Müller", title, 8.5, 8.5, 8.5, 18.5]);

  const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-pdf").click()]);
  expect(pdf.suggestedFilename()).toMatch(/^releves-heures-\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = await extractText(new Uint8Array(await fs.readFile((await pdf.path())!)), "application/pdf", {
    ocr: false,
  });
  const words = text.ok ? text.text.replace(/\s+/g, " ") : `unreadable: ${JSON.stringify(text)}`;
  expect(words).toContain("Relevés d'heures");
  expect(words).toContain("Léa Müller");
  // a cell's text wraps inside its column: the reader (cv/layout.ts) gives its lines row by row
  for (const word of title.split(" ")) expect(words).toContain(word);
  expect(words).toContain("Heures normales: 8:30");
  // the page is still there
  await expect(row).toBeVisible();
});

test("the consultant attaches the client's signed report to a sheet and sees its link", async ({ signIn }) => {
  const { id, week } = await leasSheet();
  const page = await signIn("consultantGe", `/releves-heures?week=${week}`);
  const row = page.locator(`[data-testid="sheet-row"][data-id="${id}"]`);
  await expect(row.getByTestId("report-link")).toHaveCount(0);
  await row.getByTestId("open-report").click();
  await row
    .getByTestId("report-file")
    .setInputFiles({ name: "rapport-signe.pdf", mimeType: "application/pdf", buffer: pdfBytes("signé") });
  await row.getByTestId("report-send").click();
  await expect(row.getByTestId("report-link")).toContainText("rapport-signe.pdf");
  const res = await page.request.get(`/releves-heures/${id}/rapport`);
  expect([res.status(), res.headers()["content-type"]]).toEqual([200, "application/pdf"]);
  expect(Buffer.from(await res.body()).equals(pdfBytes("signé"))).toBe(true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a text file named .pdf is refused on the report's field, the report kept; a real one is attached", async ({
    signIn,
  }) => {
    const { id, week } = await leasSheet();
    const page = await signIn("consultantGe", `/releves-heures?week=${week}`);
    const row = () => page.locator(`[data-testid="sheet-row"][data-id="${id}"]`);
    await row().getByTestId("open-report").click();
    await row()
      .getByTestId("report-file")
      .setInputFiles({ name: "faux.pdf", mimeType: "application/pdf", buffer: Buffer.from("only some text") });
    await row().getByTestId("report-send").click();
    await expect(row().getByTestId("report-error")).toContainText(
      "Le rapport signé doit être un vrai fichier PDF, JPEG, PNG ou WebP",
    );
    await expect(row().getByTestId("report-link")).toHaveCount(0);
    await row()
      .getByTestId("report-file")
      .setInputFiles({ name: "rapport.pdf", mimeType: "application/pdf", buffer: pdfBytes() });
    await row().getByTestId("report-send").click();
    await expect(row().getByTestId("report-link")).toContainText("rapport.pdf");
  });
});
