import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { uniqueWord } from "../search/helpers";
import { sampleAdFields } from "../../support/missions";
import { ACCOUNTS, login } from "../support/login";
import type { e2eDomain } from "../support/domain";

// Issue "Anonymous apply": /apply/annonce/{id}/{source} without an account. The outcome follows
// the account of the email (spec section 8 "Anonymous apply statuses"); a refused form keeps
// what was typed and the CV; an unknown email gets an account and a set-password mail.

const PDF = {
  name: "cv-anonyme.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
};
const PNG_AS_PDF = {
  name: "photo.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13]),
};
const dict = (ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`public/locales/fr/${ns}.json`), "utf8")) as Record<string, unknown>;
const t = (key: string, params: Record<string, string> = {}, ns = "applications") => {
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict(ns));
  if (typeof value !== "string") throw new Error(`missing fr:${ns}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? "");
};
const uniqueEmail = () => `anon.${randomUUID().slice(0, 8)}@demo.test`;

/** An online ad of the Geneva consultant, published through the server's domain. */
async function publishAd(server: ReturnType<typeof e2eDomain>, title: string, questions: string[] = []) {
  const [row] = await server.sql<
    { id: string; role: "ADMIN_CONSULTANT"; agency_id: string }[]
  >`select id, role, agency_id from rm_users where email = ${ACCOUNTS.consultantGe}`;
  return server.domain.missions.createAd(
    { id: row!.id, role: row!.role, agencyId: row!.agency_id, clientId: null },
    { fields: sampleAdFields({ title, questions }), publish: true },
  );
}

async function fillPerson(page: Page, email: string, first = "Inès", last = "Rochat") {
  await page.getByLabel(t("apply.firstName"), { exact: true }).fill(first);
  await page.getByLabel(t("apply.lastName"), { exact: true }).fill(last);
  await page.getByLabel(t("apply.email"), { exact: true }).fill(email);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a refused form keeps what was typed and the CV; the kept CV is sent without uploading again", async ({
    page,
    server,
  }) => {
    const word = uniqueWord();
    const adId = await publishAd(server, `Caviste ${word}`, ["Avez-vous un permis B ?"]);
    const email = uniqueEmail();
    await page.goto(`/apply/annonce/${adId}/S03`);
    await expect(page.getByTestId("ad-title")).toHaveText(`Caviste ${word}`);

    // a file that is not what its name says is refused, by its content
    await fillPerson(page, email);
    await page.getByLabel(t("apply.message")).fill(`Motivé ${word}`);
    await page.getByTestId("cv-file").setInputFiles(PNG_AS_PDF);
    await page.getByTestId("apply-submit").click();
    await expect(page.getByTestId("cv-choice")).toContainText(t("cv_invalid_type", {}, "register"));
    await expect(page.getByLabel(t("apply.email"), { exact: true })).toHaveValue(email);

    // a good CV, the question left unanswered: refused, everything typed comes back and the CV is kept
    await page.getByTestId("cv-file").setInputFiles(PDF);
    await page.getByTestId("apply-submit").click();
    await expect(page.getByTestId("question-0").getByRole("alert")).toBeVisible();
    await expect(page.getByLabel(t("apply.firstName"), { exact: true })).toHaveValue("Inès");
    await expect(page.getByLabel(t("apply.lastName"), { exact: true })).toHaveValue("Rochat");
    await expect(page.getByLabel(t("apply.email"), { exact: true })).toHaveValue(email);
    await expect(page.getByLabel(t("apply.message"))).toHaveValue(`Motivé ${word}`);
    await expect(page.getByTestId("kept-cv")).toHaveText(t("anonymous.keptCv", { name: PDF.name }));

    // answered, no new upload: the kept CV goes with the application
    await page.getByTestId("question-0").getByLabel(t("apply.yes")).check();
    await page.getByTestId("apply-submit").click();
    await expect(page.getByTestId("apply-outcome")).toHaveAttribute("data-outcome", "ACCOUNT_CREATED");
    const [saved] = await server.sql<
      { source: string; cv_name: string; message: string; answers: boolean[]; channel: string }[]
    >`
      select source, cv_name, message, answers, channel from rm_applications where ad_id = ${adId}`;
    expect(saved).toMatchObject({
      source: "S03",
      cv_name: PDF.name,
      message: `Motivé ${word}`,
      answers: [true],
      channel: "anonymous",
    });
  });
});

test("an unknown email: the account is created, the set-password link of the mail works, the application is there", async ({
  page,
  server,
}) => {
  const word = uniqueWord();
  const adId = await publishAd(server, `Vendeur ${word}`);
  const email = uniqueEmail();
  await page.goto(`/apply/annonce/${adId}/S05`);
  await fillPerson(page, email, "Mael", "Bonvin");
  await page.getByTestId("cv-file").setInputFiles(PDF);
  await page.getByTestId("apply-submit").click();
  await expect(page.getByTestId("apply-outcome")).toHaveText(t("anonymous.ACCOUNT_CREATED"));

  // the set-password mail, as the person finds it in the mail viewer (the "application received" one comes too)
  const subject = t("anonymousApplyAccount.subject", { title: `Vendeur ${word}` }, "mail");
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        await page.goto("/dev/mails");
        const mail = page
          .getByTestId("mail")
          .filter({ has: page.getByTestId("mail-to").getByText(email, { exact: true }) })
          .filter({ has: page.getByTestId("mail-subject").getByText(subject, { exact: true }) });
        link = (await mail.count()) ? await mail.getByTestId("mail-link").first().getAttribute("href") : null;
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  expect(new URL(link!).pathname).toMatch(/^\/set-password\//);
  await page.goto(new URL(link!).pathname);
  await page.getByLabel(t("setPassword.password", {}, "common")).fill("Fresh-Start-2026");
  await page.getByLabel(t("setPassword.confirm", {}, "common")).fill("Fresh-Start-2026");
  await page.getByTestId("set-password-submit").click();
  await expect(page.getByTestId("password-updated")).toBeVisible();

  await login(page, email, { password: "Fresh-Start-2026", accountType: "0", expectPath: "/tableau-de-bord" });
  await page.goto("/candidatures-en-attente");
  await expect(page.getByTestId("application").filter({ hasText: `Vendeur ${word}` })).toBeVisible();

  // the CV sent with the form is theirs now (issue 27): in their documents, and offered on the next application
  await page.goto("/mes-documents");
  await expect(page.locator('[data-testid="document"][data-category="cv"]')).toContainText(PDF.name);
  const next = await publishAd(server, `Caissier ${word}`);
  const [ad] = await server.sql<{ slug: string }[]>`select slug from rm_ads where id = ${next}`;
  await page.goto(`/job/${ad!.slug}/S01/apply`);
  await expect(page.getByRole("radio", { name: t("apply.cvRegistered", { name: PDF.name }) })).toBeChecked();
});

test("a verified account applies and is invited to sign in", async ({ page, server }) => {
  const adId = await publishAd(server, `Livreur ${uniqueWord()}`);
  const email = await server.freshAccount("CANDIDATE", "Solid-Pass-2026");
  await page.goto(`/apply/annonce/${adId}/S01`);
  await fillPerson(page, email);
  await page.getByTestId("cv-file").setInputFiles(PDF);
  await page.getByTestId("apply-submit").click();
  await expect(page.getByTestId("apply-outcome")).toHaveText(t("anonymous.ACCOUNT_VERIFIED"));
  await expect(page.getByTestId("outcome-login")).toHaveAttribute(
    "href",
    "/login?redirectTo=%2Fcandidatures-en-attente",
  );

  // the same person again: already applied, the form and its CV stay
  await page.goto(`/apply/annonce/${adId}/S01`);
  await fillPerson(page, email);
  await page.getByTestId("cv-file").setInputFiles(PDF);
  await page.getByTestId("apply-submit").click();
  await expect(page.getByTestId("apply-form")).toContainText(t("candidature_exist"));
  await expect(page.getByTestId("kept-cv")).toBeVisible();
});

test("an unverified account still applies and can get the verification mail again", async ({ page, server }) => {
  const adId = await publishAd(server, `Magasinier ${uniqueWord()}`);
  const email = uniqueEmail();
  await server.domain.identity.registerUser({
    email,
    password: "Solid-Pass-2026",
    firstName: "Zoé",
    lastName: "Perret",
    role: "CANDIDATE",
    locale: "fr",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: false,
  });
  await page.goto(`/apply/annonce/${adId}/S01`);
  await fillPerson(page, email);
  await page.getByTestId("cv-file").setInputFiles(PDF);
  await page.getByTestId("apply-submit").click();
  await expect(page.getByTestId("apply-outcome")).toHaveText(t("anonymous.ACCOUNT_NOT_VERIFIED"));
  const [{ n: before }] = await server.sql<
    [{ n: number }]
  >`select count(*)::int as n from mail_outbox where recipient = ${email} and template = 'verifyEmail'`;
  await page.getByTestId("resend-verification").click();
  await expect(page.getByTestId("verification-resent")).toHaveText(t("anonymous.resent"));
  const [{ n: after }] = await server.sql<
    [{ n: number }]
  >`select count(*)::int as n from mail_outbox where recipient = ${email} and template = 'verifyEmail'`;
  expect(after).toBe(before + 1);
});

test("a disabled account is blocked with its message, a staff email is refused; nothing typed is lost", async ({
  page,
  server,
}) => {
  const adId = await publishAd(server, `Coursier ${uniqueWord()}`);
  const email = await server.freshAccount("CANDIDATE", "Solid-Pass-2026");
  const [row] = await server.sql<{ id: string }[]>`select id from rm_users where email = ${email}`;
  await server.domain.identity.deactivateAccount(
    { id: row!.id, role: "CANDIDATE", agencyId: null, clientId: null },
    "pause",
  );

  await page.goto(`/apply/annonce/${adId}/S01`);
  await fillPerson(page, email);
  await page.getByTestId("cv-file").setInputFiles(PDF);
  await page.getByTestId("apply-submit").click();
  await expect(page.getByTestId("apply-form")).toContainText(t("anonymous.ACCOUNT_DISABLED"));
  await expect(page.getByLabel(t("apply.email"), { exact: true })).toHaveValue(email);
  await expect(page.getByTestId("kept-cv")).toHaveText(t("anonymous.keptCv", { name: PDF.name }));
  expect(await server.sql`select 1 from rm_applications where ad_id = ${adId}`).toHaveLength(0);

  // another email, the kept CV still goes with it: an agency's consultant is no candidate
  // (once the answer's reload is over: it renders the form again with the values it sent)
  await page.waitForLoadState("networkidle");
  await page.getByLabel(t("apply.email"), { exact: true }).fill(ACCOUNTS.consultantGe);
  await expect(page.getByLabel(t("apply.email"), { exact: true })).toHaveValue(ACCOUNTS.consultantGe);
  await page.getByTestId("apply-submit").click();
  // the answer first (it may take a while on a busy machine), then the field it marks
  await expect(page.getByTestId("apply-form")).toContainText(t("anonymous.not_candidate"), { timeout: 15_000 });
  await expect(page.getByLabel(t("apply.email"), { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("kept-cv")).toBeVisible();
  expect(await server.sql`select 1 from rm_applications where ad_id = ${adId}`).toHaveLength(0);
});

test("only /apply/annonce/{digits}/S{digits} of an online ad is a page; anything else is not found", async ({
  page,
  server,
}) => {
  const adId = await publishAd(server, `Plongeur ${uniqueWord()}`);
  for (const url of [
    "/apply/annonce/12/X1",
    `/apply/annonce/${adId}/X1`,
    `/apply/annonce/${adId}/01`,
    "/apply/annonce/abc/S01",
    "/apply/annonce/999999999/S01",
  ]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
  }
  await server.domain.missions.disableAd(
    await (async () => {
      const [row] = await server.sql<
        { id: string; agency_id: string }[]
      >`select id, agency_id from rm_users where email = ${ACCOUNTS.consultantGe}`;
      return { id: row!.id, role: "ADMIN_CONSULTANT" as const, agencyId: row!.agency_id, clientId: null };
    })(),
    adId,
  );
  expect((await page.goto(`/apply/annonce/${adId}/S01`))?.status()).toBe(404);
});

test("a signed-in candidate is sent to the signed-in apply page", async ({ signIn, server }) => {
  const adId = await publishAd(server, `Serveur ${uniqueWord()}`);
  const [ad] = await server.sql<{ slug: string }[]>`select slug from rm_ads where id = ${adId}`;
  const page = await signIn("candidate");
  await page.goto(`/apply/annonce/${adId}/S03`);
  await expect(page).toHaveURL((url) => url.pathname === `/job/${ad!.slug}/S03/apply`);
});
