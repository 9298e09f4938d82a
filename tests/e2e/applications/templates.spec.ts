import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { E2E_BASE_URL } from "../../support/e2e-env";
import { adsDomain, uniqueWord } from "../search/helpers";
import { ACCOUNTS } from "../support/login";
import { holdScripts } from "../support/scripts";

// Issue "reply templates and custom emails": a consultant writes a template, sends it to the demo
// candidate from the application's page, and the candidate's mail has the placeholders filled.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const dict = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/applications.json"), "utf8")) as Record<
  string,
  unknown
>;
const t = (key: string, params: Record<string, string | number> = {}) => {
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);
  if (typeof value !== "string") throw new Error(`missing fr:applications:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
};

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

/** An application of the demo candidate (Léa Müller) to a new ad of the Geneva consultant. */
async function applied(title: string, consultant: string = ACCOUNTS.consultantGe) {
  const adId = await ads.publish(consultant, { title, questions: [] });
  return ads.domain.applications.apply(await ads.actor(ACCOUNTS.candidate), {
    adId,
    source: "S01",
    answers: [],
    message: "",
    cv: { kind: "upload", name: "cv.pdf", bytes: PDF },
  });
}

async function createTemplate(page: Page, name: string, body: string) {
  const create = page.getByTestId("create-template");
  if ((await create.getAttribute("open")) === null) await create.locator("summary").click();
  const form = page.getByTestId("create-template-form");
  await form.getByLabel(t("templates.fields.name")).fill(name);
  await form.getByLabel(t("templates.fields.purpose")).selectOption("interview");
  await form.getByLabel(t("templates.fields.language")).selectOption("fr");
  await form.getByLabel(t("templates.fields.subject")).fill("Entretien pour « {{ad}} »");
  await form.getByLabel(t("templates.fields.body")).fill(body);
  await form.getByTestId("create-template-submit").click();
}

test.use({ signedInAs: "consultantGe" });

test("a consultant writes a template, sends it from the application's page, and the candidate's mail has it filled in", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const word = uniqueWord();
  const title = `Pâtissier ${word}`;
  const id = await applied(title);
  const name = `Entretien ${word}`;

  // from the pipeline's header to the templates
  await page.goto("/candidatures");
  await page.getByTestId("templates-link").click();
  await expect(page).toHaveURL((url) => url.pathname === "/candidatures/modeles");

  // a placeholder with a typo is refused on its field, and what was typed stays
  await createTemplate(page, name, "Bonjour {{prenom}},\nvenez nous voir.");
  const form = page.getByTestId("create-template-form");
  await expect(form.getByRole("alert")).toContainText(
    t("templates.unknown_placeholder", { placeholders: "{{candidate}}, {{ad}}, {{agency}}, {{consultant}}" }),
  );
  await expect(form.getByLabel(t("templates.fields.name"))).toHaveValue(name);
  await form
    .getByLabel(t("templates.fields.body"))
    .fill("Bonjour {{candidate}},\nvenez nous voir chez {{agency}} pour « {{ad}} ».\n{{consultant}}");
  await form.getByTestId("create-template-submit").click();
  await expect(page.getByTestId("template-saved")).toContainText(name);
  const row = page.getByTestId("purpose-interview").getByTestId("template").filter({ hasText: name });
  await expect(row.getByTestId("template-language")).toHaveText("FR");

  // on the application: pick it, its text comes filled in for this candidate; edit and send
  await page.goto(`/candidatures/${id}`);
  // the choice applies on change once the page is hydrated (without JavaScript: its button, below)
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const mail = page.getByTestId("send-mail");
  await mail
    .getByTestId("template-select")
    .selectOption({ label: `${name} · ${t("templates.purposes.interview")} · FR` });
  await expect(mail.getByLabel(t("templates.fields.subject"))).toHaveValue(`Entretien pour « ${title} »`);
  await expect(mail.getByTestId("mail-body")).toHaveValue(
    /^Bonjour Léa Müller,\nvenez nous voir chez .+ pour « Pâtissier zx\w+ »\.\nCamille Rochat$/,
  );
  await mail.getByTestId("mail-body").press("End");
  await mail.getByTestId("mail-body").pressSequentially("\nÀ bientôt");
  await mail.getByTestId("mail-submit").click();
  await expect(mail.getByTestId("mail-sent")).toHaveText(t("templates.send.sent"));
  const entry = page
    .getByTestId("timeline-entry")
    .filter({ hasText: t("timeline.mail", { subject: `Entretien pour « ${title} »` }) });
  await expect(entry).toHaveAttribute("data-kind", "mail");
  await expect(entry).toContainText("À bientôt");

  // the candidate's mail, as the mail viewer shows it
  await expect(async () => {
    await page.goto("/dev/mails");
    await expect(
      page
        .getByTestId("mail")
        .filter({ has: page.getByTestId("mail-subject").getByText(`Entretien pour « ${title} »`, { exact: true }) }),
    ).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 15_000, intervals: [500] });
  const sent = page
    .getByTestId("mail")
    .filter({ has: page.getByTestId("mail-subject").getByText(`Entretien pour « ${title} »`, { exact: true }) });
  await expect(sent.getByTestId("mail-to")).toHaveText(ACCOUNTS.candidate);
  await expect(sent.getByTestId("mail-text")).toContainText("Bonjour Léa Müller,");
  await expect(sent.getByTestId("mail-text")).toContainText(`pour « ${title} »`);
  await expect(sent.getByTestId("mail-text")).toContainText("Camille Rochat");
  await expect(sent.getByTestId("mail-text")).toContainText("À bientôt");
  await expect(sent.getByTestId("mail-text")).not.toContainText("{{");

  // the template is deleted after a confirmation on the page
  await page.goto("/candidatures/modeles");
  await page.getByTestId("template").filter({ hasText: name }).getByTestId("delete-template").click();
  await page.getByTestId("confirm-delete").click();
  await expect(page.getByTestId("template-deleted")).toBeVisible();
  await expect(page.getByTestId("template").filter({ hasText: name })).toHaveCount(0);
});

// React 18 hydrates a textarea by putting its server text back: a refused form sent before the
// page ran its scripts came back with the refused text, and the correction typed meanwhile was lost
test("a correction typed before the page hydrates stays when it does", async ({ page }) => {
  const name = `Avant hydratation ${uniqueWord()}`;
  const corrected = "Bonjour {{candidate}},\nà bientôt.";
  // the page's scripts wait: until then the form is the browser's own, as on a slow connection
  const release = await holdScripts(page);
  await page.goto("/candidatures/modeles", { waitUntil: "commit" });
  await createTemplate(page, name, "Bonjour {{prenom}}");
  const form = page.getByTestId("create-template-form");
  await expect(form.getByRole("alert")).toContainText(
    t("templates.unknown_placeholder", { placeholders: "{{candidate}}, {{ad}}, {{agency}}, {{consultant}}" }),
  );
  await form.getByLabel(t("templates.fields.body")).fill(corrected);
  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(form.getByLabel(t("templates.fields.body"))).toHaveValue(corrected);
  await expect(form.getByLabel(t("templates.fields.name"))).toHaveValue(name);
  await form.getByTestId("create-template-submit").click();
  await expect(page.getByTestId("template-saved")).toContainText(name);
  const saved = new URL(page.url()).searchParams.get("saved")!;
  await ads.domain.applications.deleteTemplate(await ads.actor(ACCOUNTS.consultantGe), saved);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a template is picked with its button; a refused email keeps its text", async ({ page }) => {
    const word = uniqueWord();
    const title = `Boulanger ${word}`;
    const id = await applied(title);
    const actor = await ads.actor(ACCOUNTS.consultantGe);
    const templateId = await ads.domain.applications.createTemplate(actor, {
      name: `Retenu ${word}`,
      purpose: "retained",
      language: "fr",
      subject: "Bonne nouvelle : {{ad}}",
      body: "Bonjour {{candidate}}",
    });

    await page.goto(`/candidatures/${id}`);
    const mail = page.getByTestId("send-mail");
    await mail.getByTestId("template-select").selectOption(templateId);
    await mail.getByTestId("template-use").click();
    await expect(mail.getByLabel(t("templates.fields.subject"))).toHaveValue(`Bonne nouvelle : ${title}`);
    await expect(mail.getByTestId("mail-body")).toHaveValue("Bonjour Léa Müller");

    // refused by the server (a placeholder with a typo): the error on the subject, the texts kept
    await mail.getByLabel(t("templates.fields.subject")).fill(`Libre {{prenom}} ${word}`);
    await mail.getByTestId("mail-body").fill(`Texte gardé ${word}`);
    await mail.getByTestId("mail-submit").click();
    await expect(page.getByTestId("send-mail").getByTestId("mail-body")).toHaveValue(`Texte gardé ${word}`);
    await expect(page.getByTestId("send-mail").getByLabel(t("templates.fields.subject"))).toHaveValue(
      `Libre {{prenom}} ${word}`,
    );
    await expect(page.getByTestId("send-mail").getByRole("alert")).toContainText(
      t("templates.unknown_placeholder", { placeholders: "{{candidate}}, {{ad}}, {{agency}}, {{consultant}}" }),
    );
    await page.getByTestId("send-mail").getByLabel(t("templates.fields.subject")).fill(`Libre ${word}`);
    await page.getByTestId("send-mail").getByTestId("mail-submit").click();
    await expect(page.getByTestId("mail-sent")).toBeVisible();
    await expect(page.getByTestId("timeline-entry").filter({ hasText: `Libre ${word}` })).toHaveCount(1);
    await ads.domain.applications.deleteTemplate(actor, templateId);
  });
});

test("POST /api/customemail/send answers in JSON, with an error code for every refusal", async ({
  page,
  signedInPage,
  playwright,
}) => {
  const word = uniqueWord();
  const title = `Serveur ${word}`;
  const id = await applied(title);
  const foreign = await applied(`Lyon ${word}`, ACCOUNTS.consultantLyon);
  const lyon = await ads.actor(ACCOUNTS.consultantLyon);
  const lyonTemplate = await ads.domain.applications.createTemplate(lyon, {
    name: `Lyon ${word}`,
    purpose: "custom",
    language: "fr",
    subject: "Lyon",
    body: "Lyon",
  });
  const ge = await ads.actor(ACCOUNTS.consultantGe);
  const templateId = await ads.domain.applications.createTemplate(ge, {
    name: `API ${word}`,
    purpose: "interview",
    language: "fr",
    subject: "API {{ad}}",
    body: "Bonjour {{candidate}}",
  });
  const send = (data: object, request = page.request) =>
    request.post("/api/customemail/send", { data }).then(async (r) => [r.status(), await r.json()] as const);

  // explicitly without cookies (the test's signed-in storage state would otherwise apply)
  const anonymous = await playwright.request.newContext({
    baseURL: E2E_BASE_URL,
    storageState: { cookies: [], origins: [] },
  });
  expect(await send({ applicationId: id, templateId }, anonymous)).toEqual([
    401,
    { ok: false, error: "unauthenticated" },
  ]);
  await anonymous.dispose();
  const client = (await signedInPage("client", "/candidatures")).page;
  expect(await send({ applicationId: id, templateId }, client.request)).toEqual([
    403,
    { ok: false, error: "not_authorized" },
  ]);
  // a client user has no templates: no link to them, and the page refuses
  await expect(client.getByTestId("templates-link")).toHaveCount(0);
  await client.goto("/candidatures/modeles");
  await expect(client).toHaveURL((url) => url.pathname === "/not-authorized");

  expect(await send({ applicationId: id, subject: "Sujet" })).toEqual([
    400,
    { ok: false, error: "templates.mail_incomplete" },
  ]);
  expect(await send({ applicationId: id, subject: "Sujet", body: "Salut {{prenom}}" })).toEqual([
    400,
    { ok: false, error: "templates.unknown_placeholder", field: "body" },
  ]);
  expect(await send({ applicationId: "nope", templateId })).toEqual([
    404,
    { ok: false, error: "application_not_found", field: "applicationId" },
  ]);
  expect(await send({ applicationId: foreign, templateId })).toEqual([
    404,
    { ok: false, error: "application_not_found" },
  ]);
  expect(await send({ applicationId: id, templateId: lyonTemplate })).toEqual([
    404,
    { ok: false, error: "templates.not_found", field: "templateId" },
  ]);
  const notJson = await page.request.post("/api/customemail/send", {
    headers: { "Content-Type": "application/json" },
    data: "[1",
  });
  expect([notJson.status(), await notJson.json()]).toEqual([400, { ok: false, error: "invalid_json" }]);
  const get = await page.request.get("/api/customemail/send");
  expect(get.status()).toBe(405);

  const [status, sent] = await send({ applicationId: id, templateId });
  expect([status, sent]).toEqual([
    200,
    {
      ok: true,
      outboxId: expect.any(String),
      purpose: "interview",
      subject: `API ${title}`,
      body: "Bonjour Léa Müller",
    },
  ]);
  await page.goto(`/candidatures/${id}`);
  await expect(page.getByTestId("timeline-entry").filter({ hasText: `API ${title}` })).toHaveAttribute(
    "data-kind",
    "mail",
  );
  await ads.domain.applications.deleteTemplate(ge, templateId);
  await ads.domain.applications.deleteTemplate(lyon, lyonTemplate);
});
