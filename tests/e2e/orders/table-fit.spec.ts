import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import { ACCOUNTS } from "../support/login";
import { inDays } from "../ads/helpers";

// Issue 27: at 1,280 px "Mes commandes" drew a 1,036 px table in a 974 px card; the "Annonces"
// column and each row's actions button were out of view. The table fits its card as the ads list.

test.use({ viewport: { width: 1280, height: 800 }, signedInAs: "consultantGe" });

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

test("at 1280 × 800 the orders table fits its card: the ads column and every row's actions button show", async ({
  page,
}) => {
  // a long title, a long client name, a branch, a consultant and an ad: the widest row there is
  const ge = await ads.actor(ACCOUNTS.consultantGe);
  const word = uniqueWord();
  const [branch] = await ads.sql<{ id: string }[]>`select id from rm_branches where agency_id = ${ge.agencyId}`;
  const orderId = await ads.domain.missions.placeOrder(ge, {
    clientId: (await ads.actor(ACCOUNTS.client)).clientId,
    branchId: branch?.id ?? null,
    fields: {
      title: `Opérateurs de production en horlogerie de précision ${word}`,
      professionId: "warehouse_worker",
      places: 12,
      startDate: inDays(10),
      endDate: inDays(120),
      placeText: "Genève (1201, Genève)",
      description: "",
      consultantId: ge.id,
    },
  });

  await page.goto("/mes-commandes");
  const rows = page.getByTestId("order");
  await expect(rows.first()).toBeVisible();
  const table = page.getByTestId("orders");
  const card = table.locator("xpath=..");
  const cardBox = (await card.boundingBox())!;
  const right = cardBox.x + cardBox.width;
  // the table is no wider than its card: nothing to scroll sideways
  expect((await table.boundingBox())!.x + (await table.boundingBox())!.width).toBeLessThanOrEqual(right + 0.5);
  expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  // the ads column's header and every row's actions button lie inside the card and the window
  const adsHeader = table.getByRole("columnheader", { name: /annonces/i });
  const headerBox = (await adsHeader.boundingBox())!;
  expect(headerBox.x + headerBox.width).toBeLessThanOrEqual(right + 0.5);
  // (a completed order without ads offers nothing: no button)
  const buttons = rows.getByTestId("row-actions");
  expect(await buttons.count()).toBeGreaterThan(0);
  for (const box of await buttons.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect)))
    expect(box.right).toBeLessThanOrEqual(Math.min(right, 1280) + 0.5);
  await expect(
    page.locator(`[data-testid="order"][data-order-id="${orderId}"]`).getByTestId("row-actions"),
  ).toBeVisible();
});
