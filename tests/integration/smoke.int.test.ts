import { afterAll, beforeAll, expect, it } from "vitest";
import { createDomain } from "../../server/services";
import { createTestDatabase } from "../support/test-db";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

it("registers an agency through its command and reads it back", async () => {
  const domain = createDomain(db.sql);
  const id = await domain.agencies.registerAgency({ name: "A", country: "CH", city: "Genève", approved: true });
  expect((await domain.agencies.overview(id))?.agency.name).toBe("A");
});
