import fs from "node:fs";
import path from "node:path";
import type { Page, WebSocketRoute } from "@playwright/test";
import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import { ACCOUNTS } from "../support/login";
import { pdfBytes } from "../../support/documents";
import { STATUS } from "../../../server/modules/applications/contract";
import { addDaysTo, mondayOf, type ShiftInput } from "../../../server/modules/planning/contract";
import type { Actor } from "../../../server/modules/identity/contract";

// Issue "Planning board": two consultants of the Geneva agency on one board, live; warnings that
// name names; publication to the candidate; the list view without JavaScript. Each test plans on
// its own week with its own candidates, and the file runs in order (publishing touches drafts).

test.describe.configure({ mode: "serial" });

const t = (key: string, params: Record<string, string | number> = {}) => {
  const dict = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/planning.json"), "utf8")) as Record<
    string,
    unknown
  >;
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);
  if (typeof value !== "string") throw new Error(`missing fr:planning:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
};

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

const today = new Date().toISOString().slice(0, 10);
/** A week inside the demo missions' dates (a week from now to two months), one per test. */
const weekIn = (weeks: number) => mondayOf(addDaysTo(today, 7 * weeks));
const shift = (day: string, start: number, end: number): ShiftInput => ({
  day,
  startMin: start * 60,
  endMin: end * 60,
  breakMin: 30,
  place: "",
  note: "",
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
const chip = (page: Page, id: string) => page.locator(`[data-testid="assignment"][data-id="${id}"]`);
async function openBoard(page: Page, week: string) {
  await page.goto(`/planification?date=${week}`);
  await expect(page.getByTestId("planning-board")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-live", "connected");
}

test("two consultants: presence, live selection and drag preview, a keyboard move and a mouse drag seen live by the other", async ({
  signIn,
  signedInPage,
}) => {
  test.setTimeout(90_000);
  const week = weekIn(2);
  const zoe = await freshCandidate(`Zoé${uniqueWord()}`);
  const placementId = await placement(zoe, `Cariste ${uniqueWord()}`);
  const ge = await ads.actor(ACCOUNTS.consultantGe);
  const id = await ads.domain.planning.planAssignment(ge, { placementId, shift: shift(addDaysTo(week, 1), 8, 17) });

  const anna = await signIn("consultantGe");
  await openBoard(anna, week);
  const luca = (await signedInPage("consultantGe2")).page;
  await openBoard(luca, week);
  const lucaId = (await ads.actor(ACCOUNTS.consultantGe2)).id;
  // each sees the other's avatar
  await expect(anna.locator(`[data-testid="presence-avatar"][data-user="${lucaId}"]`)).toBeVisible();
  await expect(luca.locator(`[data-testid="presence-avatar"][data-user="${ge.id}"]`)).toBeVisible();
  await expect(chip(anna, id)).toHaveAttribute("data-status", "draft");

  // Anna selects the shift: Luca sees it ringed with her initials
  await chip(anna, id).focus();
  await expect(chip(luca, id).getByTestId("remote-selection")).toBeVisible();

  // keyboard: one day later; Luca sees it live (the push latency itself is the bench's, section 4)
  const lucaReads: string[] = [];
  luca.on("request", (r) =>
    lucaReads.push(new URL(r.url()).pathname + (new URL(r.url()).searchParams.has("_data") ? "?_data" : "")),
  );
  await chip(anna, id).press("ArrowRight");
  await expect(chip(anna, id)).toHaveAttribute("data-day", addDaysTo(week, 2));
  await expect(chip(luca, id)).toHaveAttribute("data-day", addDaysTo(week, 2), { timeout: 5_000 });
  // Alt: 15 minutes; Shift: the end
  await chip(anna, id).press("Alt+ArrowRight");
  await expect(chip(luca, id)).toHaveAttribute("data-start", "08:15", { timeout: 5_000 });
  await chip(anna, id).press("Shift+ArrowRight");
  await expect(chip(luca, id)).toHaveAttribute("data-end", "17:30", { timeout: 5_000 });
  // the shift came pushed with its data: Luca's board did not reload
  expect(lucaReads).not.toContain("/planification?_data");

  // a mouse drag: while Anna holds it, Luca sees "Anna is moving…"; dropped one day (168 px) later,
  // away from the timeline's edges (near them the timeline scrolls by itself)
  await anna.getByTestId("timeline").evaluate((el) => (el.scrollLeft = 168 * 2));
  const box = (await chip(anna, id).boundingBox())!;
  await anna.mouse.move(box.x + 10, box.y + box.height / 2);
  await anna.mouse.down();
  await anna.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 5 });
  await anna.mouse.move(box.x + 10 + 168, box.y + box.height / 2, { steps: 5 });
  await expect(luca.getByTestId("remote-drag")).toContainText("Camille Rochat");
  await anna.mouse.up();
  await expect(chip(luca, id)).toHaveAttribute("data-day", addDaysTo(week, 3), { timeout: 5_000 });
  await expect(luca.getByTestId("remote-drag")).toHaveCount(0);

  // undo of Anna's own last change puts it back
  await anna.getByTestId("undo").click();
  await expect(chip(luca, id)).toHaveAttribute("data-day", addDaysTo(week, 2));
});

test("both change the same shift: the loser is told who won, sees the current state and keeps what they typed", async ({
  signIn,
  signedInPage,
}) => {
  test.setTimeout(60_000);
  const week = weekIn(3);
  const lou = await freshCandidate(`Lou${uniqueWord()}`);
  const placementId = await placement(lou, `Magasinier ${uniqueWord()}`);
  const ge = await ads.actor(ACCOUNTS.consultantGe);
  const id = await ads.domain.planning.planAssignment(ge, { placementId, shift: shift(addDaysTo(week, 1), 8, 17) });

  const anna = await signIn("consultantGe");
  await openBoard(anna, week);
  const luca = (await signedInPage("consultantGe2")).page;
  await openBoard(luca, week);
  await chip(anna, id).dblclick();
  await chip(luca, id).dblclick();
  const lucaForm = luca.getByTestId("assignment-editor");
  await lucaForm.getByTestId("edit-start").fill("10:00");
  await lucaForm.getByTestId("edit-note").fill("Apporter les EPI");

  const annaForm = anna.getByTestId("assignment-editor");
  await annaForm.getByTestId("edit-start").fill("09:00");
  await annaForm.getByTestId("edit-save").click();
  await expect(chip(luca, id)).toHaveAttribute("data-start", "09:00");

  await lucaForm.getByTestId("edit-save").click();
  await expect(lucaForm.getByTestId("conflict-notice")).toContainText(
    t("conflict.changedBy", { name: "Camille Rochat" }),
  );
  await expect(lucaForm.getByTestId("conflict-notice")).toContainText("09:00");
  await expect(lucaForm.getByTestId("edit-note")).toHaveValue("Apporter les EPI");
  await expect(lucaForm.getByTestId("edit-start")).toHaveValue("10:00");
  // saving again applies Luca's input over the current state
  await lucaForm.getByTestId("edit-save").click();
  await expect(chip(anna, id)).toHaveAttribute("data-start", "10:00");
});

test("dragging a shift's right edge changes its end; the drag on its body still moves it", async ({ signIn }) => {
  const week = weekIn(6);
  const who = await freshCandidate(`Noé${uniqueWord()}`);
  const placementId = await placement(who, `Magasinier ${uniqueWord()}`);
  const ge = await ads.actor(ACCOUNTS.consultantGe);
  const id = await ads.domain.planning.planAssignment(ge, { placementId, shift: shift(addDaysTo(week, 1), 8, 12) });
  const page = await signIn("consultantGe");
  await openBoard(page, week);
  // the week view draws a day in 168 px: 28 px are four hours
  const handle = (await chip(page, id).getByTestId("resize-handle").boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + 14, handle.y + handle.height / 2, { steps: 4 });
  await page.mouse.move(handle.x + handle.width / 2 + 28, handle.y + handle.height / 2, { steps: 4 });
  await expect(page.getByTestId("drag-preview")).toHaveAttribute("data-start", "08:00");
  await page.mouse.up();
  await expect(chip(page, id)).toHaveAttribute("data-end", "16:00");
  await expect(chip(page, id)).toHaveAttribute("data-day", addDaysTo(week, 1));
});

test("a consultant whose connection drops is shown offline, and catches up with what changed meanwhile on reconnect", async ({
  signIn,
  signedInPage,
}) => {
  test.setTimeout(60_000);
  const week = weekIn(7);
  const who = await freshCandidate(`Inès${uniqueWord()}`);
  const placementId = await placement(who, `Vendeur ${uniqueWord()}`);
  const ge = await ads.actor(ACCOUNTS.consultantGe);
  const id = await ads.domain.planning.planAssignment(ge, { placementId, shift: shift(addDaysTo(week, 1), 8, 12) });
  const anna = await signIn("consultantGe");
  await openBoard(anna, week);
  const luca = (await signedInPage("consultantGe2")).page;
  // Luca's network: his websockets pass through here, and fail while it is down
  let down = false;
  const open: WebSocketRoute[] = [];
  await luca.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (down) return void ws.close();
    ws.connectToServer();
    open.push(ws);
  });
  await openBoard(luca, week);

  down = true;
  await Promise.all(open.map((ws) => ws.close()));
  await expect(luca.getByTestId("connection-state")).toHaveAttribute("data-state", "offline");
  await expect(luca.locator("html")).toHaveAttribute("data-live", "disconnected");
  await chip(anna, id).focus();
  await chip(anna, id).press("ArrowRight");
  await expect(chip(anna, id)).toHaveAttribute("data-day", addDaysTo(week, 2));
  await expect(chip(luca, id)).toHaveAttribute("data-day", addDaysTo(week, 1));

  down = false;
  await expect(luca.getByTestId("connection-state")).toHaveAttribute("data-state", "online", { timeout: 15_000 });
  await expect(chip(luca, id)).toHaveAttribute("data-day", addDaysTo(week, 2));
});

test("the pool: a candidate retained for the ad and one found by name are dragged onto a day, placed on the mission and planned", async ({
  signIn,
}) => {
  test.setTimeout(60_000);
  const week = weekIn(3);
  const title = `Livreur ${uniqueWord()}`;
  const adId = await ads.publish(ACCOUNTS.consultantGe, { title, questions: [], places: 3 });
  const [rita, noel] = [await freshCandidate(`Rita${uniqueWord()}`), await freshCandidate(`Noël${uniqueWord()}`)];
  const apply = (who: Actor) =>
    ads.domain.applications.apply(who, {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "upload", name: "cv.pdf", bytes: pdfBytes() },
    });
  const ge = await ads.actor(ACCOUNTS.consultantGe);
  await ads.domain.applications.changeStatus(ge, await apply(rita), { to: STATUS.retained });
  await apply(noel);
  const nameOf = async (w: Actor) =>
    (
      await ads.sql<{ name: string }[]>`select first_name || ' ' || last_name as name from rm_users where id = ${w.id}`
    )[0]!.name;
  const [ritaName, noelName] = [await nameOf(rita), await nameOf(noel)];

  const page = await signIn("consultantGe");
  await openBoard(page, week);
  /** drags a pool entry so that it lands on that day of the week (the entry's left edge picks the day) */
  const dropOn = async (item: ReturnType<Page["locator"]>, day: string) => {
    await item.scrollIntoViewIfNeeded();
    const from = (await item.boundingBox())!;
    const to = (await page.locator(`[data-testid="day-head"][data-day="${day}"]`).boundingBox())!;
    await page.mouse.move(from.x + 10, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + from.height / 2, { steps: 4 });
    await page.mouse.move(to.x + 30, to.y + 60, { steps: 8 });
    // the timeline may scroll by itself while the pointer crosses it: follow the day until it stays put
    // (a legitimate wait: "stays put" means unchanged over 150 ms; no event says a scroll has ended)
    for (let at = to, i = 0; i < 10; i++) {
      await page.waitForTimeout(150);
      const now = (await page.locator(`[data-testid="day-head"][data-day="${day}"]`).boundingBox())!;
      if (Math.abs(now.x - at.x) < 1 && Math.abs(now.y - at.y) < 1) break;
      at = now;
      await page.mouse.move(now.x + 30, now.y + 60, { steps: 2 });
    }
    await page.mouse.up();
  };
  const shiftsOf = (name: string) =>
    page.locator('[data-testid="board-row"]', { hasText: name }).getByTestId("assignment");

  const retained = page.getByTestId("pool-retained").getByTestId("pool-item").filter({ hasText: ritaName });
  await expect(retained).toHaveAttribute("data-kind", "retained");
  // days away from the timeline's right edge, where it scrolls by itself during a drag
  await dropOn(retained, addDaysTo(week, 1));
  await expect(shiftsOf(ritaName)).toHaveAttribute("data-day", addDaysTo(week, 1));
  await expect(shiftsOf(ritaName)).toHaveAttribute("data-status", "draft");
  // she is on the mission now
  await expect(page.getByTestId("pool-mission").getByTestId("pool-item").filter({ hasText: ritaName })).toBeVisible();

  await page.getByTestId("pool-mission-choice").selectOption({ label: title });
  await page.getByTestId("pool-find").fill(noelName.slice(0, 8));
  const found = page.getByTestId("pool-candidates").getByTestId("pool-item").filter({ hasText: noelName });
  await expect(found).toContainText(title);
  await dropOn(found, week);
  await expect(shiftsOf(noelName)).toHaveAttribute("data-day", week);
  expect(await ads.sql`select 1 from rm_placements where ad_id = ${adId}`).toHaveLength(2);
});

test("a shift dragged onto another candidate's row becomes theirs", async ({ signIn }) => {
  const week = weekIn(8);
  const [ada, ben] = [await freshCandidate(`Ada${uniqueWord()}`), await freshCandidate(`Ben${uniqueWord()}`)];
  const title = `Soudeur ${uniqueWord()}`;
  const placementId = await placement(ada, title);
  await placement(ben, `Monteur ${uniqueWord()}`);
  const ge = await ads.actor(ACCOUNTS.consultantGe);
  const id = await ads.domain.planning.planAssignment(ge, { placementId, shift: shift(addDaysTo(week, 1), 8, 12) });
  const nameOf = async (w: Actor) =>
    (
      await ads.sql<{ name: string }[]>`select first_name || ' ' || last_name as name from rm_users where id = ${w.id}`
    )[0]!.name;
  const page = await signIn("consultantGe");
  await openBoard(page, week);
  const rowOf = (w: Actor) => page.locator(`[data-testid="board-row"][data-row="${w.id}"]`);
  await rowOf(ben).scrollIntoViewIfNeeded();
  const from = (await chip(page, id).boundingBox())!;
  const to = (await rowOf(ben).boundingBox())!;
  await page.mouse.move(from.x + 10, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(from.x + 10, to.y + to.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect(rowOf(ben).getByTestId("assignment")).toHaveAttribute("data-day", addDaysTo(week, 1));
  await expect(rowOf(ben).getByTestId("assignment")).toHaveAttribute(
    "aria-label",
    new RegExp(`${await nameOf(ben)}, ${title}`),
  );
  await expect(rowOf(ada).getByTestId("assignment")).toHaveCount(0);
});

test("warnings name names: an overlap of each of two candidates, and a move into an overlap asks for a reason", async ({
  signIn,
}) => {
  test.setTimeout(60_000);
  const week = weekIn(4);
  const ge = await ads.actor(ACCOUNTS.consultantGe);
  const names = [`Nina${uniqueWord()}`, `Omar${uniqueWord()}`];
  const ids: string[] = [];
  for (const name of names) {
    const who = await freshCandidate(name);
    const [a, b] = [await placement(who, `Vendeur ${name}`), await placement(who, `Caissier ${name}`)];
    await ads.domain.planning.planAssignment(ge, { placementId: a, shift: shift(week, 8, 17) });
    await ads.domain.planning.planAssignment(ge, { placementId: b, shift: shift(week, 16, 20), reason: "Renfort" });
    ids.push(await ads.domain.planning.planAssignment(ge, { placementId: b, shift: shift(addDaysTo(week, 2), 8, 12) }));
  }
  const page = await signIn("consultantGe");
  await openBoard(page, week);
  const panel = page.getByTestId("warnings-panel");
  for (const name of names) {
    const warning = panel.getByTestId("warning").filter({ hasText: name });
    await expect(warning).toHaveAttribute("data-kind", "overlap");
    await expect(warning).toContainText(`Vendeur ${name}`);
    await expect(warning).toContainText(`Caissier ${name}`);
    await expect(warning).toContainText("16:00–20:00");
  }
  // Omar's Wednesday morning moved to Monday overlaps his Monday: the board asks why
  const before = (await chip(page, ids[1]!).getAttribute("data-version"))!;
  await chip(page, ids[1]!).press("ArrowLeft");
  await expect(chip(page, ids[1]!)).toHaveAttribute("data-day", addDaysTo(week, 1));
  // the move is saved (a new version) before the next one: the board ignores keys while a change is in flight
  await expect(chip(page, ids[1]!)).not.toHaveAttribute("data-version", before);
  await expect(page.getByTestId("board-issue")).toHaveCount(0);
  await chip(page, ids[1]!).press("ArrowLeft");
  await expect(page.getByTestId("board-issue").getByTestId("issue-warning").first()).toContainText(names[1]!);
  await page.getByTestId("override-reason").fill("Inventaire");
  await page.getByTestId("override-submit").click();
  await expect(chip(page, ids[1]!)).toHaveAttribute("data-day", week);
  await expect(page.getByTestId("board-issue")).toHaveCount(0);
});

test("publish my changes: the candidate is told and sees the shift live on their page, and confirms it", async ({
  signIn,
  signedInPage,
}) => {
  test.setTimeout(60_000);
  const week = weekIn(5);
  const lea = await ads.actor(ACCOUNTS.candidate);
  const placementId = await placement(lea, `Réceptionniste ${uniqueWord()}`);
  const luca = await ads.actor(ACCOUNTS.consultantGe2);
  // the demo candidate's work permit expires in 20 days, and earlier runs leave shifts: warnings acknowledged
  const id = await ads.domain.planning.planAssignment(luca, {
    placementId,
    shift: shift(addDaysTo(week, 3), 7, 15),
    reason: "E2E rerun",
  });

  const candidate = await signIn("candidate", "/missions-valides");
  await expect(candidate.locator("html")).toHaveAttribute("data-live", "connected");
  await expect(candidate.locator(`[data-testid="my-shift"][data-id="${id}"]`)).toHaveCount(0);

  const consultant = (await signedInPage("consultantGe2")).page;
  await openBoard(consultant, week);
  // her permit will have expired by then: the board says so, by name
  await expect(consultant.getByTestId("warnings-panel")).toContainText(
    "Léa Müller : Permis de travail valable jusqu'au",
  );
  await consultant.getByTestId("publish-mine").locator("summary").click();
  await expect(consultant.getByTestId("publish-mine").getByTestId("publish-summary")).toContainText("Léa Müller");
  await consultant.getByTestId("publish-mine-submit").click();
  await expect(chip(consultant, id)).toHaveAttribute("data-status", "published");

  const mine = candidate.locator(`[data-testid="my-shift"][data-id="${id}"]`);
  await expect(mine).toBeVisible();
  await expect(mine).toContainText("07:00–15:00");
  await expect
    .poll(
      async () =>
        (await ads.sql`select 1 from rm_notifications where user_id = ${lea.id} and kind = 'shifts_published'`).length,
    )
    .toBeGreaterThan(0);
  await mine.getByTestId("confirm-shift").click();
  await expect(candidate.locator(`[data-testid="my-shift"][data-id="${id}"]`)).toHaveAttribute(
    "data-confirmed",
    "true",
  );
});

test("another agency's consultant does not see this board's shifts; a client user reads without editing", async ({
  signIn,
  signedInPage,
}) => {
  const week = mondayOf(today);
  const lyon = await signIn("consultantLyon");
  await openBoard(lyon, week);
  await expect(lyon.getByTestId("board-row").filter({ hasText: "Léa Müller" })).toHaveCount(0);
  const client = (await signedInPage("client", `/planification?date=${week}`)).page;
  await expect(client.getByTestId("planning-board")).toBeVisible();
  await expect(client.getByTestId("publish")).toHaveCount(0);
  await expect(client.getByTestId("undo")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the list view of the period creates, moves and deletes shifts with plain forms, errors on their field", async ({
    signIn,
  }) => {
    const week = weekIn(6);
    const name = `Rita${uniqueWord()}`;
    const placementId = await placement(await freshCandidate(name), `Plongeur ${name}`);
    const page = await signIn("consultantGe", `/planification?mode=list&date=${week}`);
    const create = page.getByTestId("create-form");
    await create.getByTestId("create-placementId").selectOption(placementId);
    await create.getByTestId("create-day").fill(addDaysTo(week, 1));
    await create.getByTestId("create-start").fill("10:00");
    await create.getByTestId("create-end").fill("09:00");
    await create.getByTestId("create-submit").click();
    await expect(page.getByTestId("create-form")).toContainText(t("planning_end_before_start"));
    await expect(page.getByTestId("create-day")).toHaveValue(addDaysTo(week, 1));

    await page.getByTestId("create-end").fill("18:00");
    await page.getByTestId("create-submit").click();
    await expect(page.getByTestId("done-notice")).toHaveText(t("done.create"));
    const item = page.getByTestId("list-assignment").filter({ hasText: name });
    await expect(item).toHaveAttribute("data-status", "draft");
    await expect(item.getByTestId("list-when")).toHaveText(
      `${addDaysTo(week, 1).slice(8, 10)}/${addDaysTo(week, 1).slice(5, 7)} 10:00–18:00`,
    );

    await item.getByTestId("move-day").fill(addDaysTo(week, 2));
    await item.getByTestId("move-submit").click();
    await expect(page.getByTestId("done-notice")).toHaveText(t("done.change"));
    await expect(page.getByTestId("list-assignment").filter({ hasText: name }).getByTestId("list-when")).toContainText(
      `${addDaysTo(week, 2).slice(8, 10)}/`,
    );

    await page.getByTestId("list-assignment").filter({ hasText: name }).getByTestId("remove-submit").click();
    await expect(page.getByTestId("done-notice")).toHaveText(t("done.remove"));
    await expect(page.getByTestId("list-assignment").filter({ hasText: name })).toHaveCount(0);
  });
});
