import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, sessionFile, test } from "../fixtures";
import { adsDomain } from "../search/helpers";
import { ACCOUNTS } from "../support/login";
import { freshAvs } from "./helpers";

// Issue 28, merging duplicates: a Geneva consultant finds a pair, merges it choosing a field,
// sees the survivor's file with the moved application, then undoes the merge and sees both back.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const dict = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/duplicates.json"), "utf8")) as {
  merge: { link: string; errors: { confirm: string } };
};

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

/** One person twice (one AVS number), each record applied to its own Geneva ad; a first name differs. */
async function twiceInGeneva() {
  const word = randomUUID().slice(0, 8);
  const lastName = `Fusion${word}`;
  const avsNumber = freshAvs();
  const records: { id: string; ad: string }[] = [];
  for (const firstName of ["Léa", "Léana"]) {
    const ad = `Cariste ${firstName} ${word}`;
    const adId = await ads.publish(ACCOUNTS.consultantGe, { title: ad, questions: [] });
    const id = await ads.domain.identity.registerUser({
      email: `${firstName.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()}.${word}@example.test`,
      password: "Solid-Pass-2026",
      firstName,
      lastName,
      locale: "fr",
      role: "CANDIDATE",
      country: "CH",
      agencyId: null,
      clientId: null,
      verified: true,
    });
    const me = { id, role: "CANDIDATE" as const, agencyId: null, clientId: null };
    await ads.domain.candidates.saveProfile(me, {
      type: "SaveIdentity",
      expectedVersion: 0,
      country: "CH",
      values: { firstName, lastName, birthDate: "1994-06-15", avsNumber },
    });
    await ads.domain.applications.apply(me, {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "upload", name: "cv.pdf", bytes: PDF },
    });
    records.push({ id, ad });
  }
  return { lastName, records };
}

test.use({ signedInAs: "consultantGe" });

test("Geneva merges a duplicate choosing a field, finds the moved application on the survivor, then undoes the merge", async ({
  page,
  browser,
}) => {
  const lea = await twiceInGeneva();
  await page.goto("/cv-theque/doublons");
  const pair = page.locator(`[data-testid="duplicate-pair"][data-pair*="${lea.lastName}"]`);
  await pair.getByRole("link", { name: dict.merge.link }).click();
  await expect(page.getByTestId("merge-form")).toBeVisible();
  // the survivor is "Léa"'s record; the first name kept is the other's, "Léana"
  const [firstId] = lea.records.map((r) => r.id).sort();
  const lea1 = lea.records[0]!;
  const survivorSide = lea1.id === firstId ? "first" : "second";
  const otherSide = survivorSide === "first" ? "second" : "first";
  await page.locator(`input[name=survivor][value=${survivorSide}]`).check();
  await page.locator(`tr[data-field="identity.firstName"] input[value=${otherSide}]`).check();
  // without the confirmation: told so, choices kept
  await page.getByTestId("merge-submit").click();
  await expect(page.getByText(dict.merge.errors.confirm)).toBeVisible();
  await expect(page.locator(`tr[data-field="identity.firstName"] input[value=${otherSide}]`)).toBeChecked();
  await page.getByTestId("merge-confirm").check();
  await page.getByTestId("merge-submit").click();
  await expect(page.getByTestId("merge-done")).toBeVisible();
  const mergeUrl = page.url();
  const mergedId = mergeUrl.split("/").pop()!;
  // Lyon's staff reach neither the comparison nor the merge, nor can they undo it; unknown ids are not found
  const lyon = await browser.newContext({ storageState: sessionFile("consultantLyon") });
  const [a, b] = lea.records.map((r) => r.id);
  for (const url of [`/cv-theque/doublons/fusion?first=${a}&second=${b}`, `/cv-theque/doublons/fusion/${mergedId}`])
    expect((await lyon.request.get(url, { maxRedirects: 0 })).status()).toBe(404);
  const undoAs = (ctx: typeof lyon, id: string) =>
    ctx.request.post(`/cv-theque/doublons/fusion/${id}`, {
      maxRedirects: 0,
      headers: { origin: new URL(mergeUrl).origin },
    });
  expect((await undoAs(lyon, mergedId)).status()).toBe(404);
  await lyon.close();
  expect((await page.request.get(`/cv-theque/doublons/fusion/${randomUUID()}`, { maxRedirects: 0 })).status()).toBe(
    404,
  );

  await page.getByTestId("survivor-file").click();
  await expect(page).toHaveURL(new RegExp(`/cv-theque/${lea1.id}$`));
  const applications = page.getByTestId("file-applications");
  for (const r of lea.records) await expect(applications).toContainText(r.ad);

  await page.goto(mergeUrl);
  await page.getByTestId("undo-merge").click();
  await expect(page).toHaveURL(/\/cv-theque\/doublons/);
  await expect(page.locator(`[data-testid="duplicate-pair"][data-pair*="${lea.lastName}"]`)).toHaveCount(1);
  await page.goto(`/cv-theque/${lea1.id}`);
  await expect(page.getByTestId("file-applications")).toContainText(lea1.ad);
  await expect(page.getByTestId("file-applications")).not.toContainText(lea.records[1]!.ad);
  await page.goto(`/cv-theque/${lea.records[1]!.id}`);
  await expect(page.getByTestId("file-applications")).toContainText(lea.records[1]!.ad);
});
