import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { adsDomain } from "../search/helpers";
import { ACCOUNTS, login } from "../support/login";
import { emptyDay } from "../../../server/modules/timesheets/contract";

// Issue 31: the candidate's installable app on a phone: manifest and service worker, pages read
// offline, a week's hours entered with no network and sent when it returns, conflicts shown with
// both versions, and nobody else's pages on a shared device.

test.use({
  serviceWorkers: "allow",
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
});

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

const newWeek = () => ads.missionWeek();

/** Waits until the service worker controls the page and has kept this path for the person. */
async function keptOffline(page: Page, path: string) {
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 })
    .toBe(true);
  await expect
    .poll(
      async () => {
        // a load through the service worker keeps the page (network first)
        await page.reload();
        return page.evaluate(async (p) => {
          for (const name of await caches.keys())
            if (name.startsWith("missio-pages-") && (await (await caches.open(name)).match(p))) return true;
          return false;
        }, path);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

const row = (page: Page, day: string) => page.locator(`[data-testid="day-row"][data-day="${day}"]`);

async function enter(page: Page, day: string, start: string, end: string, breakMin: string) {
  await row(page, day).getByTestId("field-start1").fill(start);
  await row(page, day).getByTestId("field-end1").fill(end);
  await row(page, day).getByTestId("field-breakMin").fill(breakMin);
}

async function sheetDay(id: string, day: string) {
  const lea = await ads.actor(ACCOUNTS.candidate);
  const sheet = await ads.domain.timesheets.timesheet(lea, id);
  return sheet?.days.find((d) => d.day === day) ?? null;
}

test("the app is installable from the signed-in pages only: manifest, icons, service worker", async ({
  signIn,
  page,
}) => {
  await signIn("candidate", "/tableau-de-bord");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = (await (await page.request.get(href!)).json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { sizes: string; purpose: string }[];
    shortcuts: { url: string }[];
  };
  expect(manifest.name).toContain("Missio");
  expect(manifest.start_url).toBe("/tableau-de-bord?source=app");
  expect(manifest.display).toBe("standalone");
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);
  expect(manifest.shortcuts.map((s) => s.url)).toEqual([
    "/missions-valides#schedule",
    "/fiches-horaires",
    "/candidatures-en-attente",
  ]);
  for (const icon of ["/icons/icon-192.png", "/icons/icon-512.png", "/icons/maskable-512.png"])
    expect((await page.request.get(icon)).headers()["content-type"]).toBe("image/png");
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? ""), {
      timeout: 20_000,
    })
    .toMatch(/\/sw\.js$/);
  // Chromium's own install criteria (manifest, icons, service worker with a fetch handler)
  const cdp = await page.context().newCDPSession(page);
  await expect
    .poll(async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors.map((e) => e.errorId), {
      timeout: 20_000,
    })
    .toEqual([]);

  // a public page links no manifest and loads no service worker
  const visitor = await page.context().browser()!.newContext({ serviceWorkers: "allow" });
  const anonymous = await visitor.newPage();
  const scripts: string[] = [];
  anonymous.on("request", (r) => scripts.push(new URL(r.url()).pathname));
  await anonymous.goto(`${page.url().split("/tableau")[0]}/rechercher-un-emploi`);
  await expect(anonymous.locator('link[rel="manifest"]')).toHaveCount(0);
  expect(scripts).not.toContain("/sw.js");
  expect(await anonymous.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
  await visitor.close();
});

test("a week entered with no network is kept, survives a reload, and is saved and sent when the network is back", async ({
  signIn,
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { id, day } = await newWeek();
  await signIn("candidate", `/fiches-horaires/${id}`);
  await keptOffline(page, `/fiches-horaires/${id}`);

  await context.setOffline(true);
  await enter(page, day(1), "07:00", "16:00", "60");
  await expect(row(page, day(1))).toHaveAttribute("data-save", "offline");
  await enter(page, day(2), "08:00", "12:00", "");
  await expect(page.getByTestId("pending-changes")).toHaveAttribute("data-count", "2");
  // the week is validated offline too: it waits after its days
  await page.getByTestId("submit-week").click();
  await expect(page.getByTestId("pending-changes")).toHaveAttribute("data-count", "3");

  // reloaded with no network: the kept page, what was typed, and when the page was last updated
  await page.reload();
  await expect(page.getByTestId("offline-notice")).toContainText("Vous êtes hors ligne");
  await expect(row(page, day(1)).getByTestId("field-end1")).toHaveValue("16:00");
  await expect(row(page, day(2)).getByTestId("field-start1")).toHaveValue("08:00");
  await expect(page.getByTestId("pending-changes")).toHaveAttribute("data-count", "3");
  expect((await sheetDay(id, day(1)))?.ranges ?? []).toEqual([]);
  // the list of weeks, read offline, says what waits and leads back to it
  await page.goto("/fiches-horaires");
  await expect(page.getByTestId("offline-notice")).toBeVisible();
  await expect(page.getByTestId("waiting-elsewhere")).toContainText("3");
  await page.getByTestId("waiting-elsewhere").getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/fiches-horaires/${id}$`));
  await expect(page.getByTestId("pending-changes")).toHaveAttribute("data-count", "3");

  await context.setOffline(false);
  await expect(page.getByTestId("pending-changes")).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId("timesheet")).toHaveAttribute("data-status", "employee_validated");
  expect((await sheetDay(id, day(1)))?.ranges).toEqual([{ startMin: 7 * 60, endMin: 16 * 60 }]);
  expect((await sheetDay(id, day(2)))?.ranges).toEqual([{ startMin: 8 * 60, endMin: 12 * 60 }]);
});

test("a day the agency corrected meanwhile is shown beside the candidate's, who chooses", async ({
  signIn,
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { id, day, ge, lea } = await newWeek();
  await signIn("candidate", `/fiches-horaires/${id}`);
  await keptOffline(page, `/fiches-horaires/${id}`);
  await context.setOffline(true);
  await enter(page, day(3), "09:00", "18:00", "45");
  await expect(row(page, day(3))).toHaveAttribute("data-save", "offline");

  // meanwhile: the week is sent as planned, the agency corrects Thursday and sends it back
  let sheet = (await ads.domain.timesheets.timesheet(lea, id))!;
  await ads.domain.timesheets.moveTimesheet(lea, { timesheetId: id, version: sheet.version, action: "submit" });
  sheet = (await ads.domain.timesheets.timesheet(ge, id))!;
  await ads.domain.timesheets.correctTimesheetDay(ge, {
    timesheetId: id,
    version: sheet.version,
    entry: { ...emptyDay(day(3)), ranges: [{ startMin: 10 * 60, endMin: 15 * 60 }], breakMin: 30 },
    reason: "Client's report",
  });
  sheet = (await ads.domain.timesheets.timesheet(ge, id))!;
  await ads.domain.timesheets.moveTimesheet(ge, {
    timesheetId: id,
    version: sheet.version,
    action: "request_verification",
    reason: "Please check Thursday",
  });

  await context.setOffline(false);
  const conflict = row(page, day(3)).getByTestId("day-conflict");
  await expect(conflict).toBeVisible({ timeout: 20_000 });
  await expect(row(page, day(3))).toHaveAttribute("data-save", "conflict");
  await expect(conflict.getByTestId("conflict-mine")).toContainText("09:00–18:00");
  await expect(conflict.getByTestId("conflict-theirs")).toContainText("10:00–15:00");
  // nothing was overwritten before the choice
  expect((await sheetDay(id, day(3)))?.ranges).toEqual([{ startMin: 600, endMin: 900 }]);
  await conflict.getByTestId("keep-mine").click();
  await expect(row(page, day(3))).toHaveAttribute("data-save", "saved", { timeout: 20_000 });
  expect((await sheetDay(id, day(3)))?.ranges).toEqual([{ startMin: 540, endMin: 1080 }]);
});

test("two devices on the same week: the one that was offline sees the other's day and keeps it", async ({
  signIn,
  page,
  context,
  signedInPage,
}) => {
  test.setTimeout(120_000);
  const { id, day } = await newWeek();
  await signIn("candidate", `/fiches-horaires/${id}`);
  await keptOffline(page, `/fiches-horaires/${id}`);
  const other = (await signedInPage("candidate", `/fiches-horaires/${id}`)).page;

  await context.setOffline(true);
  await enter(page, day(4), "06:00", "14:00", "30");
  await expect(row(page, day(4))).toHaveAttribute("data-save", "offline");
  await enter(other, day(4), "07:00", "15:30", "30");
  await expect(row(other, day(4))).toHaveAttribute("data-save", "saved");

  await context.setOffline(false);
  const conflict = row(page, day(4)).getByTestId("day-conflict");
  await expect(conflict.getByTestId("conflict-theirs")).toContainText("07:00–15:30", { timeout: 20_000 });
  await conflict.getByTestId("keep-theirs").click();
  await expect(conflict).toHaveCount(0);
  await expect(row(page, day(4)).getByTestId("field-start1")).toHaveValue("07:00");
  await expect(page.getByTestId("pending-changes")).toHaveCount(0);
  expect((await sheetDay(id, day(4)))?.ranges).toEqual([{ startMin: 420, endMin: 930 }]);
});

test("a shared phone: after signing out, the next person never gets the previous one's kept pages", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await login(page, ACCOUNTS.candidate, {
    path: "/login?redirectTo=/missions-valides",
    expectPath: "/missions-valides",
  });
  await keptOffline(page, "/missions-valides");
  const first = await page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith("missio-pages-")));
  expect(first).toHaveLength(1);

  await page.goto("/profil");
  await openLogout(page);
  await page.getByTestId("confirm-logout").click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => pageCaches(page)).toEqual([]);

  await login(page, ACCOUNTS.candidateFr, {
    path: "/login?redirectTo=/tableau-de-bord",
    expectPath: "/tableau-de-bord",
  });
  // the second person's pages are fetched ahead for them, into a cache of their own
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          for (const name of await caches.keys())
            if (name.startsWith("missio-pages-") && (await (await caches.open(name)).match("/missions-valides")))
              return name;
          return null;
        }),
      { timeout: 30_000 },
    )
    .toMatch(/^missio-pages-/);
  expect(await pageCaches(page)).not.toContain(first[0]);
  await context.setOffline(true);
  await page.goto("/missions-valides");
  await expect(page.getByTestId("offline-notice")).toBeVisible();
  await expect(page.locator("body")).toContainText("Hugo");
  await expect(page.locator("body")).not.toContainText("Léa");
  await context.setOffline(false);
});

async function pageCaches(page: Page) {
  return page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith("missio-pages-")));
}

async function openLogout(page: Page) {
  await page.getByTestId("user-menu").click();
  await page.getByTestId("logout").click();
}

test("a day this browser kept before the queue existed is sent, not forgotten", async ({ signIn, page }) => {
  const { id, day } = await newWeek();
  await signIn("candidate", `/fiches-horaires/${id}`);
  // what the former day rows kept while the network was away: the form's fields
  await page.evaluate(({ key, values }) => localStorage.setItem(key, JSON.stringify(values)), {
    key: `timesheet:${id}:${day(2)}`,
    values: { intent: "saveDay", timesheetId: id, day: day(2), start1: "06:30", end1: "11:30", breakMin: "", js: "1" },
  });
  await page.reload();
  await expect(row(page, day(2))).toHaveAttribute("data-save", "saved", { timeout: 20_000 });
  await expect(row(page, day(2)).getByTestId("field-start1")).toHaveValue("06:30");
  expect((await sheetDay(id, day(2)))?.ranges).toEqual([{ startMin: 390, endMin: 690 }]);
  expect(await page.evaluate((key) => localStorage.getItem(key), `timesheet:${id}:${day(2)}`)).toBeNull();
});
