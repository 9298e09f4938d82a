import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import { ACCOUNTS } from "../support/login";
import { fr, inDays, openRowMenu, rowAction } from "../ads/helpers";

// Spec sections 1, 4 and 6: a client orders staff from their agency (pending), the agency
// validates the order; the order memo is for platform administrators only.

const day = (iso: string) => iso.split("-").reverse().join("/");
const orderCard = (page: Page, title: string) =>
  page.getByTestId("order").filter({ has: page.getByTestId("order-title").getByText(title, { exact: true }) });

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

test("a client user places an order, the Geneva consultant validates it, and only the platform admin writes and reads its memo", async ({
  signedInPage,
}) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  const title = `Renfort emballage ${word}`;
  const memo = `Client prioritaire ${word}`;
  const start = inDays(20);
  const end = inDays(50);
  const client = await signedInPage("client");
  const consultant = await signedInPage("consultantGe");
  const admin = await signedInPage("admin");
  try {
    // the client lands on "create an ad", which points them to their orders
    const page = client.page;
    await page.getByTestId("to-orders").click();
    await expect(page).toHaveURL((url) => url.pathname === "/mes-commandes");
    await expect(page.getByTestId("page-title")).toHaveText(fr("orders", "title"));
    await page.getByTestId("order-new").click();
    await expect(page).toHaveURL((url) => url.pathname === "/mes-commandes/nouvelle");
    await expect(page.getByTestId("page-title")).toHaveText(fr("orders", "new"));
    // for their own company, reviewed by the agency
    await expect(page.getByTestId("order-company")).toHaveText("Horlogerie du Rhône SA");
    await expect(page.getByText(fr("orders", "form.reviewNote"))).toBeVisible();
    await expect(page.getByLabel(fr("orders", "form.consultant"))).toHaveCount(0);

    const form = page.getByTestId("order-form");
    await form.getByLabel(fr("orders", "form.title")).fill(title);
    await form
      .getByLabel(fr("orders", "form.profession"))
      .selectOption({ label: fr("reference", "professions.packer") });
    await form.getByLabel(fr("orders", "form.places")).fill("4");
    await form.getByLabel(fr("orders", "form.startDate")).fill(end);
    await form.getByLabel(fr("orders", "form.endDate")).fill(start);
    const place = page.getByTestId("order-place-input");
    await place.pressSequentially("Meyr");
    await page.getByTestId("order-place-options").locator('[data-locality-id="CH-1217-meyrin"]').click();
    await expect(place).toHaveValue("Meyrin (1217, Genève)");
    await form.getByLabel(fr("orders", "form.description")).fill("Conditionnement de montres pour les fêtes.");

    // the dates crossed: said on the end date, in French, the rest kept
    await page.getByTestId("order-submit").click();
    const endDate = form.getByLabel(fr("orders", "form.endDate"));
    await expect(endDate).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByRole("alert")).toHaveText([fr("common", "validation.end_after_start")]);
    await expect(form.getByLabel(fr("orders", "form.title"))).toHaveValue(title);
    await expect(form.getByLabel(fr("orders", "form.places"))).toHaveValue("4");
    await expect(place).toHaveValue("Meyrin (1217, Genève)");
    await form.getByLabel(fr("orders", "form.startDate")).fill(start);
    await endDate.fill(end);
    await expect(form.getByRole("alert")).toHaveCount(0);
    await page.getByTestId("order-submit").click();

    // back on the list: the order, pending, with no state change or memo offered to the client
    await expect(page).toHaveURL((url) => url.pathname === "/mes-commandes", { timeout: 15_000 });
    const mine = orderCard(page, title);
    await expect(mine).toHaveCount(1);
    await expect(mine.getByTestId("order-state")).toHaveText(fr("orders", "states.pending"));
    await expect(mine.getByTestId("order-client")).toHaveText("Horlogerie du Rhône SA");
    await expect(mine.getByTestId("order-places")).toHaveText("4");
    await expect(mine.getByTestId("order-dates")).toHaveText(
      fr("orders", "list.fromTo", { start: day(start), end: day(end) }),
    );
    const clientMenu = await openRowMenu(mine);
    await expect(clientMenu.getByTestId("order-edit")).toBeVisible();
    await expect(clientMenu.getByTestId("order-to-validated")).toHaveCount(0);
    await expect(clientMenu.getByRole("menuitem")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(clientMenu).toBeHidden();
    await expect(mine.getByTestId("order-memo-form")).toHaveCount(0);

    // the consultant sees it pending and validates it; no memo for the agency
    const agency = consultant.page;
    await agency.goto("/mes-commandes");
    const theirs = orderCard(agency, title);
    await expect(theirs.getByTestId("order-state")).toHaveText(fr("orders", "states.pending"));
    await expect(theirs.getByTestId("order-memo-form")).toHaveCount(0);
    await rowAction(theirs, "order-to-validated");
    await expect(theirs.getByTestId("order-state")).toHaveText(fr("orders", "states.validated"));
    const agencyMenu = await openRowMenu(theirs);
    await expect(agencyMenu.getByTestId("order-to-online")).toBeVisible();
    await expect(agencyMenu.getByTestId("order-create-ad")).toBeVisible();
    await agency.keyboard.press("Escape");

    // the client sees it validated
    await page.reload();
    await expect(orderCard(page, title).getByTestId("order-state")).toHaveText(fr("orders", "states.validated"));

    // the platform admin writes the memo; it is kept
    const platform = admin.page;
    await platform.goto("/mes-commandes");
    const adminCard = orderCard(platform, title);
    await expect(adminCard.getByTestId("order-state")).toHaveText(fr("orders", "states.validated"));
    // no state change for the platform admin: the row has no action menu at all
    await expect(adminCard.getByTestId("row-actions")).toHaveCount(0);
    await expect(adminCard.getByTestId("order-to-online")).toHaveCount(0);
    await expect(adminCard.getByLabel(fr("orders", "memo.label"))).toHaveValue("");
    await adminCard.getByLabel(fr("orders", "memo.label")).fill(memo);
    const saved = platform.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/mes-commandes",
    );
    await adminCard.getByTestId("order-memo-save").click();
    expect((await saved).status()).toBe(200);
    await expect(adminCard.getByRole("alert")).toHaveCount(0);
    await platform.reload();
    await expect(orderCard(platform, title).getByTestId("order-memo")).toHaveValue(memo);

    // neither the consultant nor the client ever sees it
    for (const other of [agency, page]) {
      await other.goto("/mes-commandes");
      await expect(orderCard(other, title)).toHaveCount(1);
      await expect(orderCard(other, title).getByTestId("order-memo")).toHaveCount(0);
      await expect(other.locator("body")).not.toContainText(memo);
    }
  } finally {
    await Promise.all([client.context.close(), consultant.context.close(), admin.context.close()]);
  }
});

test("the memo of an ad is written by the platform admin and hidden from the agency", async ({ signedInPage }) => {
  const word = uniqueWord();
  const title = `Soudeur ${word}`;
  const memo = `Facturer au tarif cadre ${word}`;
  const id = await ads.publish(ACCOUNTS.consultantGe, { title });
  const admin = await signedInPage("admin", `/mes-annonces?q=${word}`);
  const consultant = await signedInPage("consultantGe");
  try {
    const page = admin.page;
    const row = page.locator(`[data-testid="ad-row"][data-ad-id="${id}"]`);
    await expect(row.getByTestId("ad-title")).toHaveText(title);
    // the admin changes nothing of the ad itself: the memo is all they write
    await expect(row.getByTestId("row-actions")).toHaveCount(0);
    await expect(row.getByTestId("action-disable")).toHaveCount(0);
    await row.getByTestId("action-memo").click();
    await expect(page).toHaveURL((url) => url.pathname === `/mes-annonces/${id}/modifier`);
    await expect(page.getByTestId("ad-form")).toHaveCount(0);
    await page.getByLabel(fr("ads", "edit.memo")).fill(memo);
    await page.getByTestId("memo-submit").click();
    await expect(page.getByTestId("memo-saved")).toHaveText(fr("ads", "success_operation"));
    await page.goto(`/mes-annonces?q=${word}`);
    await expect(row.getByTestId("ad-memo")).toContainText(memo);

    // the consultant's list and edit form: no memo
    const agency = consultant.page;
    await agency.goto(`/mes-annonces?q=${word}`);
    await expect(agency.getByTestId("ad-row")).toHaveCount(1);
    await expect(agency.getByTestId("ad-memo")).toHaveCount(0);
    await rowAction(agency.getByTestId("ad-row"), "action-edit");
    await expect(agency).toHaveURL((url) => url.pathname === `/mes-annonces/${id}/modifier`);
    await expect(agency.getByTestId("ad-form")).toBeVisible();
    await expect(agency.getByTestId("memo-form")).toHaveCount(0);
    await expect(agency.locator("body")).not.toContainText(memo);
  } finally {
    await Promise.all([admin.context.close(), consultant.context.close()]);
  }
});

test("a client changes the places of their order on its page; another agency cannot open it; a completed order stays as it is", async ({
  signedInPage,
}) => {
  const word = uniqueWord();
  const title = `Inventaire ${word}`;
  const actorOf = ads.actor;
  const client = await actorOf(ACCOUNTS.client);
  const consultant = await actorOf(ACCOUNTS.consultantGe);
  const fields = {
    title,
    professionId: "warehouse_worker",
    places: 2,
    startDate: inDays(10),
    endDate: inDays(40),
    placeText: "Genève (1201, Genève)",
    description: "",
    consultantId: null,
  };
  const orderId = await ads.domain.missions.placeOrder(client, { fields });
  const adId = await ads.publish(ACCOUNTS.consultantGe, { title: `Magasinier ${word}`, orderId });
  const own = await signedInPage("client", `/mes-commandes/${orderId}`);
  const other = await signedInPage("consultantLyon");
  try {
    const page = own.page;
    await expect(page.getByTestId("order-ads")).toContainText(`#${adId} Magasinier ${word}`);
    const form = page.getByTestId("order-form");
    await expect(form.getByLabel(fr("orders", "form.title"))).toHaveValue(title);
    await form.getByLabel(fr("orders", "form.places")).fill("0");
    await page.getByTestId("order-submit").click();
    await expect(form.getByLabel(fr("orders", "form.places"))).toHaveAttribute("aria-invalid", "true");
    await form.getByLabel(fr("orders", "form.places")).fill("5");
    await page.getByTestId("order-submit").click();
    await expect(page).toHaveURL((url) => url.pathname === "/mes-commandes");
    await expect(orderCard(page, title).getByTestId("order-places")).toHaveText("5");

    // another agency's consultant: not found
    expect((await other.page.goto(`/mes-commandes/${orderId}`))?.status()).toBe(404);
    await expect(other.page.locator("body")).not.toContainText(title);

    // once completed, the order's page no longer offers its form
    for (const to of ["validated", "in_progress", "completed"] as const)
      await ads.domain.missions.changeOrderStatus(consultant, orderId, to);
    await page.goto(`/mes-commandes/${orderId}`);
    await expect(page.getByTestId("order-closed")).toHaveText(fr("orders", "edit.closed"));
    await expect(page.getByTestId("order-form")).toHaveCount(0);
  } finally {
    await Promise.all([own.context.close(), other.context.close()]);
  }
});
