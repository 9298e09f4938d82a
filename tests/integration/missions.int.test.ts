import { beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  INLINE_PROJECTIONS,
  SYSTEM_ACTOR,
  createDomain,
  fixedClock,
  rebuildProjections,
  integrationHarness,
} from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";

const { db, domain } = integrationHarness();
let geneva: Awaited<ReturnType<typeof agencyWithPeople>>;
let lyon: Awaited<ReturnType<typeof agencyWithPeople>>;
const admin = {
  id: "00000000-0000-4000-8000-000000000001",
  role: "PLATFORM_ADMIN" as const,
  agencyId: null,
  clientId: null,
};

const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? `${e.field ?? ""}:${e.key}` : Promise.reject(e)),
  );

beforeAll(async () => {
  geneva = await agencyWithPeople(domain, "CH");
  lyon = await agencyWithPeople(domain, "FR");
});

describe("ads", () => {
  it("publishes an ad with a numeric id and a slug, lists it for its agency only, and shows it publicly while online", async () => {
    const id = await domain.missions.createAd(geneva.consultant, {
      fields: sampleAdFields(),
      branchId: geneva.branchId,
      publish: true,
    });
    expect(id).toBeGreaterThan(10000);
    const mine = await domain.missions.listAds(geneva.consultant, {});
    expect(mine.ads.map((a) => a.id)).toContain(id);
    expect(mine.ads.find((a) => a.id === id)).toMatchObject({
      status: "online",
      slug: `electricien-de-chantier-geneve-${id}`,
      branchName: expect.any(String),
      memo: "",
    });
    expect((await domain.missions.listAds(lyon.consultant, {})).ads.map((a) => a.id)).not.toContain(id);
    expect(await domain.missions.adForEdit(lyon.consultant, id)).toBeNull();
    expect(await keyOf(domain.missions.disableAd(lyon.consultant, id))).toBe(":announcement_not_found");

    expect((await domain.missions.publicAd(id))?.fields.title).toBe("Électricien de chantier");
    await domain.missions.disableAd(geneva.consultant, id);
    expect(await domain.missions.publicAd(id)).toBeNull();
    await domain.missions.publishAd(geneva.consultant, id);
    await domain.missions.deleteAd(geneva.consultant, id);
    expect(await domain.missions.publicAd(id)).toBeNull();
    expect(await domain.missions.adForEdit(geneva.consultant, id)).toBeNull();
    expect(await keyOf(domain.missions.publishAd(geneva.consultant, id))).toBe(":announcement_not_found");
  });

  it("refuses crossed dates, crossed salaries, six questions and another agency's order, on their fields", async () => {
    const c = geneva.consultant;
    expect(
      await keyOf(
        domain.missions.createAd(c, {
          fields: sampleAdFields({ commitmentDate: "2030-02-01", endDate: "2030-01-01" }),
        }),
      ),
    ).toBe("endDate:validation.end_after_start");
    expect(await keyOf(domain.missions.createAd(c, { fields: sampleAdFields({ salaryMin: 40, salaryMax: 30 }) }))).toBe(
      "salaryMax:validation.salary_order",
    );
    expect(
      await keyOf(
        domain.missions.createAd(c, { fields: sampleAdFields({ questions: ["1", "2", "3", "4", "5", "6"] }) }),
      ),
    ).toBe("questions:validation.max_questions");
    const foreignOrder = await domain.missions.placeOrder(lyon.consultant, {
      clientId: lyon.clientId,
      fields: orderFields(),
    });
    expect(await keyOf(domain.missions.createAd(c, { fields: sampleAdFields({ orderId: foreignOrder }) }))).toBe(
      "orderId:validation.invalid_choice",
    );
    expect(
      await keyOf(domain.missions.createAd(c, { fields: sampleAdFields({ contactId: lyon.consultant.id }) })),
    ).toBe("contactId:validation.invalid_choice");
    expect(await keyOf(domain.missions.createAd(c, { fields: sampleAdFields(), branchId: lyon.branchId }))).toBe(
      "branchId:validation.invalid_choice",
    );
  });

  it("refuses an order of another client on the order field, naming the problem, and lists each order's client", async () => {
    // issue 27: "Commande liée" listed every client's orders and refused one with "Ce choix n'est pas disponible"
    const other = await domain.agencies.addClientCompany(SYSTEM_ACTOR, {
      agencyId: geneva.agencyId,
      name: "Horlogerie voisine",
      city: "Genève",
    });
    const otherOrder = await domain.missions.placeOrder(geneva.consultant, { clientId: other, fields: orderFields() });
    const ownOrder = await domain.missions.placeOrder(geneva.consultant, {
      clientId: geneva.clientId,
      fields: orderFields(),
    });
    const forClient = (orderId: string) =>
      domain.missions.createAd(geneva.consultant, { fields: sampleAdFields({ orderId }), clientId: geneva.clientId });
    expect(await keyOf(forClient(otherOrder))).toBe("orderId:validation.order_of_other_client");
    expect(await keyOf(forClient(ownOrder))).toBeNull();
    const { orders } = await domain.missions.formOptions(geneva.consultant);
    expect(orders.find((o) => o.id === otherOrder)?.clientId).toBe(other);
    expect(orders.find((o) => o.id === ownOrder)?.clientId).toBe(geneva.clientId);
  });

  it("lets a client manager propose an ad for their company that only the agency publishes", async () => {
    const id = await domain.missions.createAd(geneva.manager, {
      fields: sampleAdFields({ title: "Horloger" }),
      publish: true,
    });
    const ad = await domain.missions.adForEdit(geneva.manager, id);
    expect(ad).toMatchObject({ status: "draft", awaitingReview: true, clientId: geneva.clientId });
    expect(await keyOf(domain.missions.publishAd(geneva.manager, id))).toBe(":not_authorized");
    expect(await keyOf(domain.missions.createAd(geneva.client, { fields: sampleAdFields() }))).toBe(":not_authorized");
    await domain.missions.publishAd(geneva.consultant, id);
    expect(await domain.missions.adForEdit(geneva.consultant, id)).toMatchObject({
      status: "online",
      awaitingReview: false,
    });
  });

  it("duplicates an ad as a new draft and filters the list by state, consultant, branch and client", async () => {
    const id = await domain.missions.createAd(geneva.consultant, {
      fields: sampleAdFields({ title: "Peintre" }),
      branchId: geneva.branchId,
      clientId: geneva.clientId,
      publish: true,
    });
    const copy = await domain.missions.duplicateAd(geneva.consultant, id);
    expect(copy).not.toBe(id);
    const drafts = await domain.missions.listAds(geneva.consultant, { status: "draft", q: "Peintre" });
    expect(drafts.ads.map((a) => a.id)).toEqual([copy]);
    expect((await domain.missions.listAds(geneva.consultant, { clientId: geneva.clientId, q: "peintre" })).total).toBe(
      2,
    );
    expect(
      (
        await domain.missions.listAds(geneva.consultant, {
          branchId: geneva.branchId,
          consultantId: geneva.consultant.id,
          q: "peintre",
        })
      ).total,
    ).toBe(2);
    expect((await domain.missions.listAds(geneva.consultant, { consultantId: lyon.consultant.id })).total).toBe(0);
  });

  it("keeps the order memo for platform admins only", async () => {
    const id = await domain.missions.createAd(geneva.consultant, { fields: sampleAdFields() });
    expect(await keyOf(domain.missions.writeAdMemo(geneva.consultant, id, "secret"))).toBe(":not_authorized");
    await domain.missions.writeAdMemo(admin, id, "Facturer au tarif B");
    expect((await domain.missions.adForEdit(admin, id))?.memo).toBe("Facturer au tarif B");
    expect((await domain.missions.adForEdit(geneva.consultant, id))?.memo).toBe("");
    expect((await domain.missions.listAds(geneva.consultant, {})).ads.every((a) => a.memo === "")).toBe(true);
  });

  it("expires online ads after their end date by the scheduled job, and not before", async () => {
    const id = await domain.missions.createAd(geneva.consultant, {
      fields: sampleAdFields({ commitmentDate: null, commitment: "to_agree", endDate: "2026-12-31" }),
      publish: true,
    });
    const later = createDomain(db.sql, { clock: fixedClock("2026-12-31T20:00:00Z") });
    await later.missions.expireDueAds();
    expect((await domain.missions.adForEdit(geneva.consultant, id))?.status).toBe("online");
    const after = createDomain(db.sql, { clock: fixedClock("2027-01-01T08:00:00Z") });
    expect((await after.missions.expireDueAds()).ads).toBeGreaterThanOrEqual(1);
    expect((await domain.missions.adForEdit(geneva.consultant, id))?.status).toBe("expired");
    expect(await after.missions.expireDueAds()).toMatchObject({ ads: 0 });
    // republishing needs an end date in the future
    expect(await keyOf(after.missions.publishAd(geneva.consultant, id))).toBe("endDate:ad_end_date_passed");
  });
});

const orderFields = () => ({
  title: "Renfort atelier",
  professionId: "watchmaker",
  places: 3,
  startDate: "2027-02-01",
  endDate: "2027-03-31",
  placeText: "Genève",
  description: "Trois horlogers pour la saison",
  consultantId: null,
});

describe("orders", () => {
  it("lets a client request staff (pending) that the agency validates, with linked ads, per tenant", async () => {
    const orderId = await domain.missions.placeOrder(geneva.client, { fields: orderFields() });
    const [mine] = await domain.missions.listOrders(geneva.client);
    expect(mine).toMatchObject({ id: orderId, status: "pending", clientId: geneva.clientId });
    expect(await keyOf(domain.missions.changeOrderStatus(geneva.client, orderId, "validated"))).toBe(":not_authorized");
    await domain.missions.changeOrderStatus(geneva.consultant, orderId, "validated");
    expect(await keyOf(domain.missions.changeOrderStatus(geneva.consultant, orderId, "completed"))).toBe(
      ":order_invalid_transition",
    );
    await domain.missions.createAd(geneva.consultant, {
      fields: sampleAdFields({ orderId, title: "Horloger saison" }),
      clientId: geneva.clientId,
      publish: true,
    });
    const [order] = (await domain.missions.listOrders(geneva.consultant)).filter((o) => o.id === orderId);
    expect(order?.ads.map((a) => a.title)).toEqual(["Horloger saison"]);
    expect((await domain.missions.listOrders(lyon.consultant)).map((o) => o.id)).not.toContain(orderId);
    await domain.missions.writeOrderMemo(admin, orderId, "Client prioritaire");
    expect((await domain.missions.listOrders(admin)).find((o) => o.id === orderId)?.memo).toBe("Client prioritaire");
    expect(order?.memo).toBe("");
  });

  it("rebuilds ads and orders from the log to the same rows", async () => {
    const before = await db.sql`select * from rm_ads order by id`;
    const orders = await db.sql`select * from rm_orders order by id`;
    await rebuildProjections(
      domain.store,
      INLINE_PROJECTIONS.filter((p) => p.name.startsWith("missions.")),
    );
    expect(await db.sql`select * from rm_ads order by id`).toEqual(before);
    expect(await db.sql`select * from rm_orders order by id`).toEqual(orders);
  });
});
