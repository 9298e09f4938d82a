import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, sessionFile, test } from "../fixtures";
import { E2E_BASE_URL } from "../../support/e2e-env";
import { adsDomain, uniqueWord } from "../search/helpers";
import { ACCOUNTS } from "../support/login";
import { holdScripts } from "../support/scripts";

// Issue "Applications, live": a candidate applies and watches the application move without
// reloading; the agency triages it. Two browsers, the real server and its socket.

const PDF = {
  name: "cv-lea.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
};
const t = (key: string, params: Record<string, string | number> = {}) => {
  const dict = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/applications.json"), "utf8")) as Record<
    string,
    unknown
  >;
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);
  if (typeof value !== "string") throw new Error(`missing fr:applications:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
};

const CHANGED = (
  JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/common.json"), "utf8")) as {
    changed_by_someone_else: string;
  }
).changed_by_someone_else;

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

/** An application of the demo candidate to a new ad of the Geneva consultant, made through the domain. */
async function applied(title: string, answers: boolean[] = []) {
  const adId = await ads.publish(ACCOUNTS.consultantGe, {
    title,
    questions: answers.map((_, i) => `Question ${i + 1} ?`),
  });
  const id = await ads.domain.applications.apply(await ads.actor(ACCOUNTS.candidate), {
    adId,
    source: "S01",
    answers,
    message: "",
    cv: { kind: "upload", name: "cv.pdf", bytes: PDF.buffer },
  });
  return { adId, id };
}
const row = (page: Page, id: string) => page.locator(`[data-testid="application"][data-id="${id}"]`);

test("a candidate applies from a job board's link with a new CV, is thanked, and cannot apply twice", async ({
  signIn,
}) => {
  const word = uniqueWord();
  const adId = await ads.publish(ACCOUNTS.consultantGe, {
    title: `Boulanger ${word}`,
    questions: ["Avez-vous un CFC de boulanger ?"],
  });
  const [ad] = await ads.sql<{ slug: string }[]>`select slug from rm_ads where id = ${adId}`;
  const page = await signIn("candidate", `/job/${ad!.slug}/S03/apply`);
  // the question must be answered: the form says so and keeps the message
  await page.getByLabel(t("apply.message")).fill(`Disponible ${word}`);
  await page.getByTestId("cv-file").setInputFiles(PDF);
  await page.getByTestId("apply-submit").click();
  await expect(page.getByTestId("question-0").getByRole("alert")).toBeVisible();
  await expect(page.getByLabel(t("apply.message"))).toHaveValue(`Disponible ${word}`);
  await page.getByTestId("question-0").getByLabel(t("apply.yes")).check();
  await page.getByTestId("apply-submit").click();
  await expect(page.getByTestId("apply-success")).toContainText(t("success_apply_mission"));

  const [saved] = await ads.sql<{ source: string; answers: boolean[]; cv_name: string; message: string }[]>`
    select source, answers, cv_name, message from rm_applications where ad_id = ${adId}`;
  expect(saved).toMatchObject({ source: "S03", answers: [true], cv_name: PDF.name, message: `Disponible ${word}` });

  await page.goto(`/job/${ad!.slug}/S03/apply`);
  await expect(page.getByTestId("candidature-exist")).toContainText(t("candidature_exist"));
  await page.getByTestId("candidature-exist").getByRole("link").click();
  await expect(page).toHaveURL((url) => url.pathname === "/candidatures-en-attente");
  await expect(
    page
      .getByTestId("application")
      .filter({ hasText: `Boulanger ${word}` })
      .getByTestId("new-badge"),
  ).toBeVisible();
});

test("the candidate's open lists follow the consultant live: retained, then refused, with a toast", async ({
  signIn,
  signedInPage,
}) => {
  test.setTimeout(90_000);
  const word = uniqueWord();
  const first = await applied(`Serveur ${word}`);
  const second = await applied(`Barman ${word}`);
  const candidate = await signIn("candidate", "/candidatures-en-attente");
  await expect(row(candidate, first.id)).toBeVisible();
  await expect(candidate.locator("html")).toHaveAttribute("data-live", "connected");

  const consultant = (await signedInPage("consultantGe", `/candidatures/${first.id}`)).page;
  await consultant.getByTestId("details-status").selectOption("2");
  await consultant.getByTestId("status-submit").click();
  await expect(consultant.getByTestId("application-details")).toHaveAttribute("data-status", "2");

  // no reload on the candidate's side: the row leaves the pending list and the toast says why
  await expect(row(candidate, first.id)).toHaveCount(0);
  await expect(
    candidate.getByText(t("toast.changed", { title: `Serveur ${word}`, status: t("status.retained") })),
  ).toBeVisible();
  await candidate.getByTestId("list-retained").click();
  await expect(row(candidate, first.id).getByTestId("application-status")).toHaveText(t("status.retained"));

  await candidate.getByTestId("list-pending").click();
  await expect(row(candidate, second.id)).toBeVisible();
  await consultant.goto(`/candidatures/${second.id}`);
  await consultant.getByTestId("details-status").selectOption("1");
  await consultant.getByTestId("details-reason").selectOption("position_filled");
  await consultant.getByTestId("status-submit").click();
  await expect(row(candidate, second.id)).toHaveCount(0);
  // a refused application cannot be changed any more (spec: failed_operation_update_status)
  await expect(consultant.getByTestId("status-locked")).toHaveText(t("failed_operation_update_status"));
  await candidate.getByTestId("list-refused").click();
  const refused = row(candidate, second.id);
  await refused.getByText(t("history")).click();
  await expect(refused.getByTestId("timeline-entry").last()).toContainText(t("reasons.position_filled"));
});

test("a status chosen while the page was still loading is the one shown, with its reason, and the one applied", async ({
  signIn,
}) => {
  const { id } = await applied(`Carreleur ${uniqueWord()}`);
  const consultant = await signIn("consultantGe");
  // the page's scripts held back: the choice is made on the server-rendered form
  const release = await holdScripts(consultant);
  await consultant.goto(`/candidatures/${id}`);
  await consultant.getByTestId("details-status").selectOption("1");
  release();
  await expect(consultant.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(consultant.getByTestId("details-status")).toHaveValue("1");
  await consultant.getByTestId("details-reason").selectOption("position_filled");
  await consultant.getByTestId("status-submit").click();
  await expect(consultant.getByTestId("status-locked")).toHaveText(t("failed_operation_update_status"));
});

test("the consultant sees the answers and the CV, rates, notes (never shown to the candidate) and is told when a colleague changed it first", async ({
  signedInPage,
  signIn,
  browser,
}) => {
  const word = uniqueWord();
  const { id } = await applied(`Couvreur ${word}`, [true, false]);
  const consultant = await signIn("consultantGe", `/candidatures/${id}`);
  await expect(consultant.getByTestId("answer")).toHaveCount(2);
  await expect(consultant.getByTestId("auto-reply-countdown")).toBeVisible();
  const download = consultant.waitForEvent("download");
  await consultant.getByTestId("cv-download").click();
  expect((await download).suggestedFilename()).toBe("cv.pdf");

  await consultant.getByTestId("note-input").fill(`Rappeler lundi ${word}`);
  await consultant.getByTestId("note-submit").click();
  await expect(consultant.getByTestId("timeline-entry").last()).toContainText(`Rappeler lundi ${word}`);
  // acting cancels the automatic reply
  await expect(consultant.getByTestId("auto-reply-countdown")).toHaveCount(0);

  // a colleague changes it while a page without JavaScript (no live update) shows the old state
  const stale = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: E2E_BASE_URL,
    storageState: sessionFile("consultantGe"),
  });
  const old = await stale.newPage();
  await old.goto(`/candidatures/${id}`);
  await old.getByTestId("details-status").selectOption("1");
  const colleague = (await signedInPage("consultantGe2", `/candidatures/${id}`)).page;
  await colleague.getByTestId("details-status").selectOption("2");
  await colleague.getByTestId("status-submit").click();
  await expect(colleague.getByTestId("application-details")).toHaveAttribute("data-status", "2");
  await old.getByTestId("status-submit").click();
  await expect(old.getByTestId("status-actions").getByRole("alert")).toContainText(CHANGED);
  // they see the new state (retained), nothing was refused behind their back
  await expect(old.getByTestId("application-details")).toHaveAttribute("data-status", "2");
  await stale.close();

  const candidate = (await signedInPage("candidate", "/candidatures-retenues")).page;
  const mine = row(candidate, id);
  await mine.getByText(t("history")).click();
  await expect(mine.getByTestId("timeline")).not.toContainText(word);
});

test("bulk change: one row refused with its reason, the others changed, then undone", async ({ signIn }) => {
  const word = uniqueWord();
  const a = await applied(`Peintre A ${word}`);
  const b = await applied(`Peintre B ${word}`);
  const c = await applied(`Peintre C ${word}`);
  await ads.domain.applications.changeStatus(await ads.actor(ACCOUNTS.consultantGe), c.id, { to: 1 });
  const page = await signIn("consultantGe", `/candidatures?q=${word}`);
  await expect(page.getByTestId("application-row")).toHaveCount(3);
  await page.getByTestId("select-page").check();
  await page.getByTestId("bulk-status").selectOption("2");
  await page.getByTestId("bulk-apply").click();
  await expect(page.getByTestId("bulk-result")).toContainText(
    t("pipeline.bulk.done_other", { count: 2, status: t("status.retained") }),
  );
  await expect(page.getByTestId("bulk-refused-row")).toHaveAttribute("data-id", c.id);
  await expect(page.getByTestId("bulk-refused-row")).toContainText(t("failed_operation_update_status"));
  await expect(page.locator(`[data-testid="application-row"][data-id="${a.id}"]`)).toHaveAttribute("data-status", "2");
  // a pushed event reloads the list; the result and its undo stay (Remix alone would drop them)
  await applied(`Peintre D ${word}`);
  await expect(page.getByTestId("application-row")).toHaveCount(4);
  await expect(page.getByTestId("bulk-refused-row")).toHaveAttribute("data-id", c.id);
  await page.getByTestId("bulk-undo").click();
  await expect(page.getByTestId("undone")).toContainText(t("pipeline.bulk.undone_other", { count: 2 }));
  for (const { id } of [a, b])
    await expect(page.locator(`[data-testid="application-row"][data-id="${id}"]`)).toHaveAttribute("data-status", "3");
});

test("another agency's consultant gets not found for an application, its CV and its list", async ({ signIn }) => {
  const { id } = await applied(`Maçon ${uniqueWord()}`);
  const page = await signIn("consultantLyon");
  expect((await page.goto(`/candidatures/${id}`))?.status()).toBe(404);
  expect((await page.goto(`/candidatures/${id}/cv`))?.status()).toBe(404);
  await page.goto("/candidatures");
  await expect(page.locator(`[data-testid="application-row"][data-id="${id}"]`)).toHaveCount(0);
});

test("the candidate's dashboard counts applications, marks one cancelled and removes one from its list", async ({
  signIn,
}) => {
  const word = uniqueWord();
  const { id } = await applied(`Fromager ${word}`);
  const page = await signIn("candidate", "/tableau-de-bord");
  const recent = page.locator(`[data-testid="recent-application"][data-id="${id}"]`);
  await expect(recent).toContainText(`Fromager ${word}`);
  await recent.getByTestId("mark-cancelled").click();
  await expect(recent.getByTestId("status-badge")).toHaveText(t("status.canceled"));
  await recent.getByTestId("remove-recent").click();
  await expect(recent).toHaveCount(0);
  // removed from the dashboard only: still in the refused and withdrawn list
  await page.getByTestId("count-refused").click();
  await expect(row(page, id)).toBeVisible();
});

test("the agency dashboard shows today's new applications by ad, live", async ({ signIn }) => {
  const page = await signIn("consultantGe", "/tableau-bord-agence");
  const today = page.getByTestId("stat-today").getByTestId("stat-value");
  await expect(page.locator("html")).toHaveAttribute("data-live", "connected");
  const before = Number(await today.textContent());
  const word = uniqueWord();
  await applied(`Ébéniste ${word}`);
  // other tests may apply to Geneva ads meanwhile: at least this one more
  await expect.poll(async () => Number(await today.textContent())).toBeGreaterThanOrEqual(before + 1);
  await expect(page.getByTestId("stats-by-ad")).toContainText(`Ébéniste ${word}`);
});

test("a mission proposed to the candidate shows on the dashboard until answered", async ({ signIn }) => {
  const word = uniqueWord();
  const { adId } = await applied(`Vigneron ${word}`);
  const candidate = await ads.actor(ACCOUNTS.candidate);
  await ads.domain.placements.propose(await ads.actor(ACCOUNTS.consultantGe), {
    adId,
    candidateIds: [candidate.id],
    mode: "first",
    places: 1,
    expiresAt: new Date(Date.now() + 5 * 86_400_000),
  });
  const page = await signIn("candidate", "/tableau-de-bord");
  await expect(page.getByTestId("open-proposal").filter({ hasText: `Vigneron ${word}` })).toBeVisible();
  await page
    .getByTestId("open-proposal")
    .filter({ hasText: `Vigneron ${word}` })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL((url) => url.pathname === "/mes-propositions");
});
