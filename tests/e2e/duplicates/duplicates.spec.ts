import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, sessionFile, test } from "../fixtures";
import { adsDomain } from "../search/helpers";
import { ACCOUNTS } from "../support/login";
import { freshAvs } from "./helpers";

// Issue 28, duplicates: a Geneva consultant goes from the CV library to its likely duplicates,
// sees a pair with its reasons, and says "not a duplicate" without JavaScript; Lyon's consultant
// never sees Geneva's candidates' pair.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const dict = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/duplicates.json"), "utf8")) as {
  reasons: Record<string, string>;
  dismiss: string;
  linkLabel: string;
};

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

/** The same person registered twice (Gmail's dots, the phone typed two ways, one AVS), both applied to Geneva. */
async function twiceInGeneva() {
  const word = randomUUID().slice(0, 8);
  const lastName = `Doublon${word}`;
  const avsNumber = freshAvs();
  const local = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
  const adId = await ads.publish(ACCOUNTS.consultantGe, { title: `Magasinier ${word}`, questions: [] });
  const ids: string[] = [];
  for (const [email, phone] of [
    [`lea.${word}@gmail.com`, `079 ${local}`],
    [`le.a${word}@gmail.com`, `+41 79 ${local}`],
  ] as const) {
    const id = await ads.domain.identity.registerUser({
      email,
      password: "Solid-Pass-2026",
      firstName: "Léa",
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
      values: { firstName: "Léa", lastName, birthDate: "1994-06-15", phone, avsNumber },
    });
    await ads.domain.applications.apply(me, {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "upload", name: "cv.pdf", bytes: PDF },
    });
    ids.push(id);
  }
  return { lastName, ids };
}

test("Geneva finds a likely duplicate from its library and dismisses it without JavaScript; Lyon never sees it", async ({
  signedInPage,
  browser,
}) => {
  const lea = await twiceInGeneva();
  const ge = (await signedInPage("consultantGe", "/cv-theque")).page;
  await ge.getByTestId("duplicates-link").click();
  await expect(ge).toHaveURL(/\/cv-theque\/doublons$/);
  const pair = ge.locator(`[data-testid="duplicate-pair"][data-pair*="${lea.lastName}"]`);
  await expect(pair).toHaveCount(1);
  await expect(pair.getByTestId("pair-reasons")).toContainText(dict.reasons.avs!);
  await expect(pair.getByTestId("pair-reasons")).toContainText(dict.reasons.email!);
  await expect(pair.getByTestId("pair-reasons")).toContainText(dict.reasons.phone!);
  await expect(pair.getByTestId("pair-score")).toHaveText("100 %");
  // each side opens the candidate's file
  await expect(pair.getByRole("link").and(pair.locator(":not([data-testid=merge-pair])"))).toHaveCount(2);

  const lyon = (await signedInPage("consultantLyon", "/cv-theque/doublons")).page;
  await expect(lyon.getByTestId("duplicates-total")).toBeVisible();
  await expect(lyon.locator(`[data-pair*="${lea.lastName}"]`)).toHaveCount(0);
  // nor can it dismiss Geneva's pair, nor a pair of unknown ids: both are not found
  const [firstId, secondId] = [...lea.ids].sort();
  const dismissAs = (page: typeof lyon, body: Record<string, string>) =>
    page.evaluate(
      async (form) =>
        (await fetch("/cv-theque/doublons", { method: "POST", body: new URLSearchParams(form), redirect: "manual" }))
          .status,
      { intent: "dismiss", ...body },
    );
  expect(await dismissAs(lyon, { firstId: firstId!, secondId: secondId! })).toBe(404);
  expect(await dismissAs(ge, { firstId: randomUUID(), secondId: randomUUID() })).toBe(404);
  // a client user is sent to "not authorized"
  const clientContext = await browser.newContext({ storageState: sessionFile("client") });
  const client = await clientContext.newPage();
  await client.goto("/cv-theque/doublons");
  await expect(client).toHaveURL(/\/not-authorized/);
  await clientContext.close();

  // "not a duplicate", as a plain form post
  const context = await browser.newContext({ storageState: sessionFile("consultantGe"), javaScriptEnabled: false });
  const noJs = await context.newPage();
  await noJs.goto("/cv-theque/doublons");
  const row = noJs.locator(`[data-testid="duplicate-pair"][data-pair*="${lea.lastName}"]`);
  await row.getByRole("button", { name: dict.dismiss }).click();
  await expect(noJs.locator(`[data-pair*="${lea.lastName}"]`)).toHaveCount(0);
  await context.close();
  await ge.reload();
  await expect(ge.locator(`[data-pair*="${lea.lastName}"]`)).toHaveCount(0);
});
