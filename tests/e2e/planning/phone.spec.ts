import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import { ACCOUNTS } from "../support/login";
import { addDaysTo, mondayOf } from "../../../server/modules/planning/contract";
import type { Actor } from "../../../server/modules/identity/contract";

// Issue 27: at 390 px the board's frame beside the pool was about 120 px wide, narrower than its
// 200 px names column: no day showed. On a phone the pool folds above the timeline, the names
// column narrows, and the day view fits its day to the frame; shifts are still created from the
// pool and moved by dragging.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: false, signedInAs: "consultantGe" });

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

async function freshCandidate(firstName: string): Promise<Actor> {
  const email = await ads.freshAccount("CANDIDATE", "Solid-Pass-2026", null, "plan");
  const who = await ads.actor(email);
  await ads.sql`update rm_users set first_name = ${firstName} where id = ${who.id}`;
  return who;
}
/** A validated mission of the Geneva agency for that candidate (proposed and accepted). */
async function placement(who: Actor, title: string) {
  const adId = await ads.publish(ACCOUNTS.consultantGe, { title, questions: [], places: 3 });
  const consultant = await ads.actor(ACCOUNTS.consultantGe);
  const proposalId = await ads.domain.placements.propose(consultant, {
    adId,
    candidateIds: [who.id],
    mode: "first",
    places: 1,
    expiresAt: new Date(Date.now() + 86_400_000),
    message: "",
  });
  return (await ads.domain.placements.acceptProposal(who, proposalId))[0]!;
}

const boxOf = async (l: Locator) => (await l.boundingBox())!;
/** `inner` lies wholly inside `outer`, left to right (a pixel of rounding allowed). */
async function expectInside(inner: Locator, outer: Locator) {
  const [a, b] = [await boxOf(inner), await boxOf(outer)];
  expect(a.width).toBeGreaterThan(0);
  expect(a.x).toBeGreaterThanOrEqual(b.x - 1);
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 1);
}

/** Presses the mouse on `from` (x offset), moves by steps, releases at (x, y). */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.mouse.up();
}

test("on a 390 × 844 phone a whole day and its shifts show; a shift is moved and another created from the pool", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const week = mondayOf(addDaysTo(new Date().toISOString().slice(0, 10), 7 * 3));
  const [ana, ben] = [await freshCandidate(`Ana${uniqueWord()}`), await freshCandidate(`Ben${uniqueWord()}`)];
  const anaPlacement = await placement(ana, `Cariste ${uniqueWord()}`);
  await placement(ben, `Magasinier ${uniqueWord()}`);
  const ge = await ads.actor(ACCOUNTS.consultantGe);
  const id = await ads.domain.planning.planAssignment(ge, {
    placementId: anaPlacement,
    shift: { day: week, startMin: 8 * 60, endMin: 12 * 60, breakMin: 0, place: "", note: "" },
  });
  const chip = page.locator(`[data-testid="assignment"][data-id="${id}"]`);
  const timeline = page.getByTestId("timeline");

  // the week: Monday's column is whole inside the frame, with the shift; the pool is folded
  await page.goto(`/planification?date=${week}`);
  await expect(page.locator("html")).toHaveAttribute("data-live", "connected");
  await timeline.scrollIntoViewIfNeeded();
  await expect(chip).toBeVisible();
  await expectInside(page.locator(`[data-testid="day-head"][data-day="${week}"]`), timeline);
  await expectInside(chip, timeline);
  await expect(page.getByTestId("pool")).toHaveAttribute("data-folded", "true");

  // the day view: one day fitted to the frame, previous and next a day away
  await page.getByTestId("view-day").click();
  await expect(page.getByTestId("planning-board")).toHaveAttribute("data-view", "day");
  await expect(page.getByTestId("day-head")).toHaveCount(1);
  const head = page.getByTestId("day-head");
  await expect(head).toHaveAttribute("data-day", week);
  await timeline.scrollIntoViewIfNeeded();
  await expectInside(head, timeline);
  await expectInside(chip, timeline);
  expect(await timeline.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

  // a drag two hours later: 08:00 becomes 10:00
  const dayWidth = (await boxOf(head)).width;
  const at = await boxOf(chip);
  await drag(
    page,
    { x: at.x + 6, y: at.y + at.height / 2 },
    { x: at.x + 6 + (120 * dayWidth) / 1440, y: at.y + at.height / 2 },
  );
  await expect(chip).toHaveAttribute("data-start", "10:00");
  await expect(chip).toHaveAttribute("data-end", "14:00");

  // the pool opens above the timeline; Ben dragged onto the day gets a shift
  await page.getByTestId("pool-toggle").click();
  const benFirstName = (await nameOf(ben)).split(" ")[0]!;
  await page.getByTestId("pool").getByRole("textbox").first().fill(benFirstName);
  const item = page.getByTestId("pool-mission").getByTestId("pool-item").first();
  await expect(item).toContainText(benFirstName);
  // the entry just under the sticky header, the timeline's top below it: both on screen for the drag
  await item.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 120));
  const from = await boxOf(item);
  const frame = await boxOf(timeline);
  const headBox = await boxOf(head);
  expect(frame.y + 80).toBeLessThan(844 * 0.75);
  const dropY = frame.y + 80;
  await drag(page, { x: from.x + 20, y: from.y + from.height / 2 }, { x: headBox.x + headBox.width / 3, y: dropY });
  const benShift = page.locator(`[data-testid="board-row"][data-row="${ben.id}"]`).getByTestId("assignment");
  await expect(benShift).toHaveAttribute("data-day", week, { timeout: 10_000 });
  await expect(benShift).toHaveAttribute("data-status", "draft");
});

async function nameOf(w: Actor) {
  return (
    await ads.sql<{ name: string }[]>`select first_name || ' ' || last_name as name from rm_users where id = ${w.id}`
  )[0]!.name;
}

test.describe("with a finger", () => {
  test.use({ hasTouch: true });

  test("in the week, which scrolls sideways, a press on a shift held then moved moves it a day", async ({ page }) => {
    const week = mondayOf(addDaysTo(new Date().toISOString().slice(0, 10), 7 * 4));
    const cleo = await freshCandidate(`Cléo${uniqueWord()}`);
    const ge = await ads.actor(ACCOUNTS.consultantGe);
    const id = await ads.domain.planning.planAssignment(ge, {
      placementId: await placement(cleo, `Vendeur ${uniqueWord()}`),
      shift: { day: week, startMin: 8 * 60, endMin: 12 * 60, breakMin: 0, place: "", note: "" },
    });
    const chip = page.locator(`[data-testid="assignment"][data-id="${id}"]`);
    await page.goto(`/planification?date=${week}`);
    await expect(page.locator("html")).toHaveAttribute("data-live", "connected");
    await page.getByTestId("timeline").scrollIntoViewIfNeeded();
    await chip.scrollIntoViewIfNeeded();
    const at = await boxOf(chip);
    const [x, y] = [at.x + 6, at.y + at.height / 2];
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", px = x, py = y) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x: px, y: py }] });
    await touch("touchStart");
    // the drag starts once the press has lasted (dnd-kit marks the shift pressed)
    await expect(chip).toHaveAttribute("aria-pressed", "true");
    // one day (168 px) to the right, where the browser would pan the timeline rather than drag
    for (let i = 1; i <= 6; i++) await touch("touchMove", x + 28 * i, y);
    await touch("touchEnd");
    // (near the frame's edge the timeline scrolls by itself during a drag: the day is what is checked)
    await expect(chip).toHaveAttribute("data-day", addDaysTo(week, 1));
  });
});
