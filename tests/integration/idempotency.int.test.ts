import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError, integrationHarness } from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";

/** A retried write (its answer was lost) is answered with the first result, never written twice. */
const { db, domain } = integrationHarness();
let geneva: Awaited<ReturnType<typeof agencyWithPeople>>;

beforeAll(async () => {
  geneva = await agencyWithPeople(domain, "CH");
});

const orderFields = (title: string) => ({
  title,
  professionId: "mason",
  places: 2,
  startDate: "2027-03-01",
  endDate: "2027-03-31",
  placeText: "Genève",
  description: "",
  consultantId: null,
});
const count = async (table: "rm_ads" | "rm_orders", title: string) =>
  Number((await db.sql<{ n: string }[]>`select count(*) as n from ${db.sql(table)} where title = ${title}`)[0]!.n);

describe("idempotency keys", () => {
  it("the same order sent twice at once, with its key, is placed once and both get its id", async () => {
    const key = randomUUID();
    const title = `Maçons ${key.slice(0, 8)}`;
    const send = () =>
      domain.missions.placeOrder(geneva.consultant, {
        clientId: geneva.clientId,
        fields: orderFields(title),
        idempotencyKey: key,
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect(second).toBe(first);
    expect(await send()).toBe(first);
    expect(await count("rm_orders", title)).toBe(1);
  });

  it("an ad retried with its key is created once; without a key each send creates one", async () => {
    const key = randomUUID();
    const fields = sampleAdFields({ title: `Grutier ${key.slice(0, 8)}` });
    const id = await domain.missions.createAd(geneva.consultant, { fields, publish: true, idempotencyKey: key });
    expect(await domain.missions.createAd(geneva.consultant, { fields, publish: true, idempotencyKey: key })).toBe(id);
    expect(await count("rm_ads", fields.title)).toBe(1);
    await domain.missions.createAd(geneva.consultant, { fields, publish: true });
    expect(await count("rm_ads", fields.title)).toBe(2);
  });

  it("a refused write releases its key, so the corrected form goes through with it; someone else's key is refused", async () => {
    const key = randomUUID();
    const bad = domain.missions.placeOrder(geneva.consultant, {
      clientId: geneva.clientId,
      fields: { ...orderFields("x"), title: "" },
      idempotencyKey: key,
    });
    await expect(bad).rejects.toBeInstanceOf(AppError);
    const title = `Peintres ${key.slice(0, 8)}`;
    const id = await domain.missions.placeOrder(geneva.consultant, {
      clientId: geneva.clientId,
      fields: orderFields(title),
      idempotencyKey: key,
    });
    expect(id).toEqual(expect.any(String));
    await expect(
      domain.missions.placeOrder(geneva.manager, { fields: orderFields(title), idempotencyKey: key }),
    ).rejects.toMatchObject({ kind: "conflict" });
    expect(await count("rm_orders", title)).toBe(1);
  });

  it("a saved search retried with its key is saved once", async () => {
    const key = randomUUID();
    const me = await domain.identity.registerUser({
      email: `idem.${key.slice(0, 8)}@example.test`,
      password: "Solid-Pass-2026",
      firstName: "Idem",
      lastName: "Potent",
      locale: "fr",
      role: "CANDIDATE",
      country: "CH",
      agencyId: null,
      clientId: null,
      verified: true,
    });
    const actor = { id: me, role: "CANDIDATE" as const, agencyId: null, clientId: null };
    const first = await domain.engagement.saveSearch(actor, { name: "Maçon", query: "q=macon", idempotencyKey: key });
    expect(await domain.engagement.saveSearch(actor, { name: "Maçon", query: "q=macon", idempotencyKey: key })).toBe(
      first,
    );
    expect(await domain.engagement.savedSearches(actor)).toHaveLength(1);
  });
});
