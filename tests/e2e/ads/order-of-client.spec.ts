import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import { ACCOUNTS } from "../support/login";
import { SYSTEM_ACTOR } from "../../../server/modules/identity/contract";
import { choosePlace, fieldErrors, formReady, fr, inDays, writeDescription } from "./helpers";

// Issue 27: after choosing a client, "Commande liée" still listed other clients' orders, and
// choosing one failed on submit with only "Ce choix n'est pas disponible". The list follows the
// chosen client, with JavaScript at once and without it through the update button.

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

/** Two client companies of the Geneva agency, each with an order whose title carries the word. */
async function twoClientsWithOrders(word: string) {
  const ge = await ads.actor(ACCOUNTS.consultantGe);
  const client = async (name: string) => {
    const clientId = await ads.domain.agencies.addClientCompany(SYSTEM_ACTOR, {
      agencyId: ge.agencyId!,
      name: `${name} ${word}`,
      city: "Genève",
    });
    const orderId = await ads.domain.missions.placeOrder(ge, {
      clientId,
      fields: {
        title: `Renfort ${name} ${word}`,
        professionId: "watchmaker",
        places: 2,
        startDate: inDays(20),
        endDate: inDays(60),
        placeText: "Genève",
        description: "Deux personnes pour la saison",
        consultantId: null,
      },
    });
    return { clientId, orderId, name: `${name} ${word}` };
  };
  return { a: await client("Atelier"), b: await client("Boulangerie") };
}

const orderSelect = (page: Page) => page.getByLabel(fr("ads", "form.order"));
const clientSelect = (page: Page) => page.getByLabel(fr("ads", "form.client"));
const listedOrders = (page: Page) => orderSelect(page).locator("option:not([value=''])");

async function fillJob(page: Page, title: string) {
  await page.getByLabel(fr("ads", "form.title")).fill(title);
  await page.getByLabel(fr("ads", "form.sector")).selectOption({ label: fr("reference", "sectors.logistics") });
  await page
    .getByLabel(fr("ads", "form.profession"))
    .selectOption({ label: fr("reference", "professions.warehouse_worker") });
  await page.getByLabel(fr("ads", "form.endDate")).fill(inDays(40));
}

const savedAd = async (title: string) =>
  (
    await ads.sql<{ clientId: string | null; orderId: string | null }[]>`
      select client_id as "clientId", fields->>'orderId' as "orderId" from rm_ads where fields->>'title' = ${title}`
  )[0];

test("with JavaScript the linked orders follow the chosen client, and the ad is saved with one", async ({
  signedInPage,
}) => {
  const word = uniqueWord();
  const { a, b } = await twoClientsWithOrders(word);
  const { page } = await signedInPage("consultantGe", "/creer-une-annonce");
  await formReady(page);
  await expect(page.getByTestId("refresh-orders")).toHaveCount(0);
  await clientSelect(page).selectOption({ label: a.name });
  await expect(listedOrders(page).filter({ hasText: word })).toHaveText([new RegExp(`Renfort Atelier ${word}`)]);
  await orderSelect(page).selectOption(a.orderId);
  // another client: the first one's order is no longer listed, nor chosen
  await clientSelect(page).selectOption({ label: b.name });
  await expect(listedOrders(page).filter({ hasText: word })).toHaveText([new RegExp(`Renfort Boulangerie ${word}`)]);
  await expect(orderSelect(page)).toHaveValue("");
  await orderSelect(page).selectOption(b.orderId);

  const title = `Vendeur ${word}`;
  await fillJob(page, title);
  await writeDescription(page, "Vente au comptoir.");
  await choosePlace(page, "Genève", "CH-1201-geneve");
  await page.getByTestId("submit-draft").click();
  await expect(page).toHaveURL((url) => url.pathname === "/mes-annonces", { timeout: 15_000 });
  expect(await savedAd(title)).toEqual({ clientId: b.clientId, orderId: b.orderId });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the update button lists the client's orders with everything typed kept; another client's order is refused on its field", async ({
    page,
    signIn,
  }) => {
    const word = uniqueWord();
    const { a, b } = await twoClientsWithOrders(word);
    await signIn("consultantGe", "/creer-une-annonce");
    const title = `Livreur ${word}`;
    await fillJob(page, title);
    await page.getByLabel(fr("ads", "form.description")).fill("Tournées en ville.");
    await page.getByTestId("place-input").fill("Nyon");
    await clientSelect(page).selectOption({ label: a.name });
    await page.getByTestId("refresh-orders").click();

    // the form again, nothing lost and no error shown, with only that client's orders
    await expect(listedOrders(page).filter({ hasText: word })).toHaveText([new RegExp(`Renfort Atelier ${word}`)]);
    await expect(clientSelect(page)).toHaveValue(a.clientId);
    await expect(page.getByLabel(fr("ads", "form.title"))).toHaveValue(title);
    await expect(page.getByLabel(fr("ads", "form.sector"))).toHaveValue("logistics");
    await expect(page.getByLabel(fr("ads", "form.profession"))).toHaveValue("warehouse_worker");
    await expect(page.getByLabel(fr("ads", "form.description"))).toHaveValue("Tournées en ville.");
    await expect(page.getByLabel(fr("ads", "form.endDate"))).toHaveValue(inDays(40));
    await expect(page.getByTestId("place-input")).toHaveValue("Nyon (1260, Vaud)");
    await expect(page.getByTestId("ad-form").getByRole("alert")).toHaveCount(0);

    // the client changed without updating: the order of the first is refused, the problem named on its field
    await orderSelect(page).selectOption(a.orderId);
    await clientSelect(page).selectOption({ label: b.name });
    await page.getByTestId("submit-draft").click();
    await expect(fieldErrors(page, "orderId")).toHaveText(fr("common", "validation.order_of_other_client"));
    await expect(page.getByLabel(fr("ads", "form.title"))).toHaveValue(title);
    await expect(listedOrders(page).filter({ hasText: word })).toHaveText([new RegExp(`Renfort Boulangerie ${word}`)]);

    await orderSelect(page).selectOption(b.orderId);
    await page.getByTestId("submit-draft").click();
    await expect(page).toHaveURL((url) => url.pathname === "/mes-annonces");
    expect(await savedAd(title)).toEqual({ clientId: b.clientId, orderId: b.orderId });
  });
});
