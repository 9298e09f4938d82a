import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { login } from "../support/login";

// Issue 11, documents: a candidate's documents by category with expiry dates, refused files,
// preview and download for the owner only, delete; an agency document acknowledged by a
// candidate, the date visible to the agency.

const dict = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/documents.json"), "utf8")) as Record<
  string,
  unknown
>;
const t = (key: string, params: Record<string, string | number> = {}) => {
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);
  if (typeof value !== "string") throw new Error(`missing fr:documents:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
};
const PASSWORD = "Documents-2026";
const PDF = {
  name: "permis-travail.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
};
/** A Windows executable ("MZ" header, PE signature) renamed to look like a PDF. */
const EXE = {
  name: "passeport.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.concat([
    Buffer.from(
      "4d5a90000300000004000000ffff0000b800000000000000400000000000000000000000000000000000000000000000000000000000000000000000800000000e1fba0e00b409cd21b8014ccd21546869732070726f6772616d2063616e6e6f742062652072756e20696e20444f53206d6f64652e0d0d0a2400000000000000",
      "hex",
    ),
    Buffer.from("50450000", "hex"),
    Buffer.alloc(256),
  ]),
};
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

async function freshCandidate(
  page: Page,
  server: { freshAccount: (role: "CANDIDATE", password: string) => Promise<string> },
) {
  const email = await server.freshAccount("CANDIDATE", PASSWORD);
  await login(page, email, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });
  return email;
}

test("a candidate uploads by category with an expiry, previews and downloads it (nobody else can), and deletes it", async ({
  page,
  server,
  signedInPage,
}) => {
  await freshCandidate(page, server);
  await page.goto("/mes-documents");
  await expect(page.getByTestId("no-documents")).toBeVisible();
  const expiry = inDays(10);
  await page.getByTestId("document-category").selectOption("work_permit");
  await page.getByTestId("upload-form").getByTestId("document-expiry").fill(expiry);
  await page.getByTestId("upload-form").getByTestId("document-file").setInputFiles(PDF);
  await page.getByTestId("upload-submit").click();
  await expect(page.getByTestId("documents-done")).toHaveText(t("done.uploaded"));

  const row = page.getByTestId("document").filter({ hasText: PDF.name });
  await expect(row).toHaveAttribute("data-category", "work_permit");
  await expect(row.getByTestId("document-category-label")).toHaveText(t("categories.work_permit"));
  await expect(row.getByTestId("document-expiry-text")).toHaveText(t("list.expires", { date: ddmmyyyy(expiry) }));
  // 10 days ahead: within the 30 days of "expiring"
  await expect(row.getByTestId("document-state")).toHaveAttribute("data-state", "expiring");

  const preview = await row.getByTestId("document-preview").getAttribute("href");
  const download = await row.getByTestId("document-download").getAttribute("href");
  const shown = await page.request.get(preview!);
  expect(shown.status()).toBe(200);
  expect(shown.headers()["content-disposition"]).toMatch(/^inline;/);
  expect(shown.headers()["content-security-policy"]).toContain("sandbox");
  expect(shown.headers()["x-content-type-options"]).toContain("nosniff");
  expect((await shown.body()).equals(PDF.buffer)).toBe(true);
  const fetched = await page.request.get(download!);
  expect(fetched.headers()["content-disposition"]).toMatch(/^attachment;/);

  // another candidate gets 404 for both
  const other = await signedInPage("candidate", "/mes-documents");
  expect((await other.page.request.get(preview!)).status()).toBe(404);
  expect((await other.page.request.get(download!)).status()).toBe(404);

  await row.getByTestId("document-delete").click();
  await page.getByTestId("confirm-delete").click();
  await expect(page.getByTestId("documents-done")).toHaveText(t("done.deleted"));
  await expect(page.getByTestId("no-documents")).toBeVisible();
  expect((await page.request.get(download!)).status()).toBe(404);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a renamed executable is refused with the spec's limits, the form input kept", async ({ page, server }) => {
      await freshCandidate(page, server);
      await page.goto("/mes-documents");
      const expiry = inDays(400);
      const form = page.getByTestId("upload-form");
      await page.getByTestId("document-category").selectOption("identity");
      await form.getByTestId("document-expiry").fill(expiry);
      await form.getByTestId("document-file").setInputFiles(EXE);
      await page.getByTestId("upload-submit").click();
      await expect(form.getByRole("alert").filter({ hasText: t("document_content_mismatch") })).toBeVisible();
      expect(t("document_content_mismatch")).toContain("2 Mo");
      await expect(page.getByTestId("document-category")).toHaveValue("identity");
      await expect(form.getByTestId("document-expiry")).toHaveValue(javaScriptEnabled ? ddmmyyyy(expiry) : expiry);
      await expect(page.getByTestId("no-documents")).toBeVisible();
    });
  });
}

test("an agency document is acknowledged by a candidate who applied, the date visible to the agency", async ({
  page,
  server,
  signedInPage,
}) => {
  const title = `Règlement ${Date.now().toString(36)}`;
  const agency = await signedInPage("consultantGe", "/documents");
  await agency.page.getByTestId("share-title").fill(title);
  await agency.page.getByTestId("share-kind").selectOption("rules");
  await agency.page
    .getByTestId("share-form")
    .getByTestId("document-file")
    .setInputFiles({ ...PDF, name: "reglement.pdf" });
  await agency.page.getByTestId("share-submit").click();
  await expect(agency.page.getByTestId("agency-documents-done")).toHaveText(t("agency.shared"));
  const shared = agency.page.locator(`[data-testid="agency-document"][data-title="${title}"]`);
  await expect(shared.getByTestId("acknowledgements")).toContainText(t("agency.noAcks"));

  // a fresh candidate applies to one of the Geneva agency's ads, then reads and acknowledges
  const email = await freshCandidate(page, server);
  const [candidate] = await server.sql<{ id: string }[]>`select id from rm_users where email = ${email}`;
  const [ad] = await server.sql<
    { id: number }[]
  >`select a.id::int as id from rm_ads a join rm_users u on u.agency_id = a.agency_id
    where u.email = 'consultant.ge@demo.test' and a.status = 'online' and coalesce(a.fields->'questions', '[]'::jsonb) = '[]'::jsonb limit 1`;
  await server.domain.applications.apply(
    { id: candidate!.id, role: "CANDIDATE", agencyId: null, clientId: null },
    {
      adId: ad!.id,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "upload", name: "cv.pdf", bytes: PDF.buffer },
    },
  );
  await page.goto("/agency-docs");
  const mine = page.locator(`[data-testid="agency-document"][data-title="${title}"]`);
  expect(
    (await page.request.get((await mine.getByTestId("agency-document-open").getAttribute("href"))!)).status(),
  ).toBe(200);
  await mine.getByTestId("acknowledge").click();
  await expect(page.getByTestId("ack-done")).toBeVisible();
  await expect(mine.getByTestId("acknowledged-on")).toContainText(/\d{2}\/\d{2}\/\d{4}/);

  await agency.page.reload();
  await expect(shared.getByTestId("acknowledgement")).toHaveText(/Alex Tester .*\d{2}\/\d{2}\/\d{4}/);
});
