import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, sessionFile, test } from "../fixtures";
import { E2E_BASE_URL } from "../../support/e2e-env";
import { adsDomain } from "../search/helpers";
import { ACCOUNTS } from "../support/login";
import { localTimeValue } from "../../../server/modules/activities/contract";

// Issue 29, activities: a Geneva consultant logs a call from a candidate's file and finds it on
// the file's timeline; a task due soon reminds its assignee live on the badge (the test brings
// the queued reminder's time forward in the server's own job queue instead of waiting), is
// marked done, and shows in the calendar feed until the link is revoked; the log form works
// without JavaScript and says what is wrong on each field, input kept.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const dict = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/activities.json"), "utf8")) as Record<
  string,
  unknown
>;
const t = (key: string) => {
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], dict);
  if (typeof value !== "string") throw new Error(`missing fr:activities:${key}`);
  return value;
};

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

/** A new candidate who applied to a new ad of the Geneva consultant (so Geneva sees them). */
async function candidateOfGeneva() {
  const word = randomUUID().slice(0, 8);
  const id = await ads.domain.identity.registerUser({
    email: `activity.${word}@demo.test`,
    password: "Solid-Pass-2026",
    firstName: "Inès",
    lastName: `Activité${word}`,
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  const adId = await ads.publish(ACCOUNTS.consultantGe, { title: `Cariste ${word}`, questions: [] });
  await ads.domain.applications.apply(
    { id, role: "CANDIDATE", agencyId: null, clientId: null },
    { adId, source: "S01", answers: [], message: "", cv: { kind: "upload", name: "cv.pdf", bytes: PDF } },
  );
  return id;
}

test("a call logged from a candidate's file shows on the file's timeline", async ({ signedInPage }) => {
  const candidateId = await candidateOfGeneva();
  const { page } = await signedInPage("consultantGe", `/cv-theque/${candidateId}`);
  await page.getByTestId("log-activity-link").click();
  await expect(page).toHaveURL(new RegExp(`/activites-generales\\?candidateId=${candidateId}`));
  const form = page.getByTestId("log-activity");
  await expect(form.getByLabel(t("log.candidate"), { exact: true })).toHaveValue(candidateId);
  const subject = `Appel de suivi ${randomUUID().slice(0, 6)}`;
  await form.getByLabel(t("log.subject"), { exact: true }).fill(subject);
  await form.getByTestId("log-submit").click();
  await expect(page.getByTestId("activity-logged")).toBeVisible();
  // the list is filtered to the candidate: the call is there
  await expect(page.getByTestId("activity").filter({ hasText: subject })).toHaveAttribute("data-kind", "call");

  await page.goto(`/cv-theque/${candidateId}`);
  await expect(page.getByTestId("timeline-activity")).toHaveText(`${t("types.call")}: ${subject}`);
});

test("a task due soon reminds its assignee live on the badge; done; in the calendar feed until revoked", async ({
  signedInPage,
}) => {
  const { page } = await signedInPage("consultantGe2", "/activites-generales");
  const badge = page.getByTestId("notifications-icon").getByTestId("notification-badge");
  const before = Number((await badge.count()) ? await badge.locator("[aria-hidden]").textContent() : 0);
  const subject = `Relancer le client ${randomUUID().slice(0, 6)}`;
  const form = page.getByTestId("log-activity");
  await form.getByLabel(t("log.type"), { exact: true }).selectOption("task");
  await form.getByLabel(t("log.subject"), { exact: true }).fill(subject);
  await form.getByLabel(t("log.company"), { exact: true }).selectOption({ index: 1 });
  await form.getByLabel(t("log.dueAt"), { exact: true }).fill(localTimeValue(new Date(Date.now() + 10 * 60_000)));
  await form.getByTestId("log-submit").click();
  await expect(page.getByTestId("activity-logged")).toBeVisible();
  const mine = page.getByTestId("my-day").getByTestId("activity").filter({ hasText: subject });
  await expect(mine).toBeVisible();

  // the reminder is queued for its time; the test brings that time to now rather than waiting
  const moved = await ads.sql`update pgboss.job set start_after = now()
    where name = 'activities.remind' and state = 'created'
      and data->>'activityId' = (select id::text from rm_activities where subject = ${subject})`;
  expect(moved.count).toBe(1);
  await expect(badge.locator("[aria-hidden]")).toHaveText(String(before + 1));

  await mine.getByTestId("activity-complete").click();
  await expect(page.getByTestId("activity").filter({ hasText: subject }).first()).toHaveAttribute("data-done", "1");

  // the calendar link: the task is in it; a tampered or revoked link finds nothing
  await page.getByTestId("feed-issue").click();
  const url = await page.getByTestId("feed-url").inputValue();
  const feed = await page.request.get(url);
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  expect(await feed.text()).toContain(`SUMMARY:${subject}`);
  expect((await page.request.get(`${url.slice(0, -2)}xx`)).status()).toBe(404);
  await page.getByTestId("feed-revoke").click();
  await expect(page.getByTestId("feed-revoked")).toBeVisible();
  expect((await page.request.get(url)).status()).toBe(404);
});

test("the log form works without JavaScript: errors on their fields, input kept", async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    storageState: sessionFile("consultantGe"),
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto("/activites-generales");
  const form = page.getByTestId("log-activity");
  const subject = `Note ${randomUUID().slice(0, 6)}`;
  await form.getByLabel(t("log.type"), { exact: true }).selectOption("meeting");
  await form.getByLabel(t("log.subject"), { exact: true }).fill(subject);
  await form.getByTestId("log-submit").click();
  await expect(form).toContainText(t("errors.linkRequired"));
  await expect(form).toContainText(t("errors.dueRequired"));
  await expect(form.getByLabel(t("log.subject"), { exact: true })).toHaveValue(subject);
  await expect(form.getByLabel(t("log.type"), { exact: true })).toHaveValue("meeting");

  await form.getByLabel(t("log.type"), { exact: true }).selectOption("note");
  await form.getByLabel(t("log.company"), { exact: true }).selectOption({ index: 1 });
  await form.getByTestId("log-submit").click();
  await expect(page.getByTestId("activity-logged")).toBeVisible();
  await expect(page.getByTestId("activity").filter({ hasText: subject })).toHaveAttribute("data-kind", "note");
  await context.close();
});
