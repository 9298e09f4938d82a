import fs from "node:fs";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { expect, test } from "../fixtures";
import { login } from "../support/login";

// Issue 11, one's own data: the candidate requests an export on /mes-informations, the job
// builds the ZIP, a notification says it is ready, the ZIP holds their data; others get 404.

const dict = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/export.json"), "utf8")) as Record<
  string,
  string
>;
const PASSWORD = "Export-Data-2026";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n% data export e2e\n");

test("a candidate downloads everything the platform holds about them; another candidate gets 404", async ({
  page,
  server,
  signedInPage,
}) => {
  const email = await server.freshAccount("CANDIDATE", PASSWORD);
  const [user] = await server.sql<{ id: string }[]>`select id from rm_users where email = ${email}`;
  const me = { id: user!.id, role: "CANDIDATE" as const, agencyId: null, clientId: null };
  await server.domain.candidates.addDocument(me, {
    category: "other",
    expiresAt: null,
    upload: { name: "attestation-export.pdf", bytes: PDF },
  });
  await login(page, email, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });

  await page.goto("/mes-informations");
  const section = page.getByTestId("data-export");
  await section.getByRole("button", { name: dict.request }).click();
  await expect(section).toContainText(dict.requested!);
  // the status follows: building (no second request offered) or, if the server's queue was quick, ready
  await expect(section.getByTestId("data-export-status")).toBeVisible();

  // the job: run it here if the server's queue has not yet (a no-op if it has)
  const exportId = (await server.domain.privacy.myDataExport(me))!.id;
  await server.domain.privacy.buildDataExport(exportId);

  // the notifier (the server's processors) tells the candidate
  await expect(async () => {
    await page.goto("/notifications");
    await expect(page.locator("main")).toContainText("Vos données sont prêtes", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  await page.goto("/mes-informations#data-export");
  const link = section.getByRole("link", { name: dict.download });
  const href = await link.getAttribute("href");
  expect(href).toBe(`/mes-donnees/archive/${exportId}`);
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/zip");
  const zip = unzipSync(new Uint8Array(await response.body()));
  expect(JSON.parse(strFromU8(zip["account.json"]!))).toMatchObject({ email, firstName: "Alex", lastName: "Tester" });
  expect(strFromU8(zip["README.txt"]!)).toContain("Vos données Missio — Alex");
  expect(Buffer.from(zip["documents/attestation-export.pdf"]!).equals(PDF)).toBe(true);
  expect(JSON.parse(strFromU8(zip["documents.json"]!))).toEqual([
    expect.objectContaining({ name: "attestation-export.pdf" }),
  ]);

  const other = await signedInPage("candidate", "/mes-informations");
  expect((await other.page.request.get(href!)).status()).toBe(404);
});
