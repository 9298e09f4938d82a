import { randomInt } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import type { AdFields } from "../../../server/modules/missions/rules";
import type { Actor } from "../../../server/modules/identity/contract";
import { sampleAdFields } from "../../support/missions";
import { e2eDomain } from "../support/domain";

/** A made-up word only this test's ads contain, so other tests' ads stay out of its results. */
export function uniqueWord() {
  const letters = "bcdfghjklmnpqrstvwxz";
  return `zx${Array.from({ length: 7 }, () => letters[randomInt(letters.length)]).join("")}`;
}

/** The running server's database and domain, to publish ads like a consultant would. */
export function adsDomain() {
  const db = e2eDomain();
  async function actor(email: string): Promise<Actor> {
    const [row] = await db.sql<
      { id: string; role: Actor["role"]; agency_id: string | null; client_id: string | null }[]
    >`
      select id, role, agency_id, client_id from rm_users where email = ${email}`;
    expect(row, email).toBeTruthy();
    return { id: row!.id, role: row!.role, agencyId: row!.agency_id, clientId: row!.client_id };
  }
  return {
    ...db,
    actor,
    /** Publishes an ad as that consultant; returns its id. */
    async publish(email: string, overrides: Parameters<typeof sampleAdFields>[0] = {}): Promise<number> {
      const fields: AdFields = sampleAdFields(overrides);
      return db.domain.missions.createAd(await actor(email), { fields, publish: true });
    },
  };
}

/** Opens a search until the indexer has caught up with what the test published. */
export async function openSearch(page: Page, query: string, results: number, { javaScript = true } = {}) {
  await expect(async () => {
    await page.goto(`/rechercher-un-emploi?${query}`);
    await expect(page.getByTestId("result")).toHaveCount(results, { timeout: 200 });
  }).toPass({ timeout: 10_000 });
  // the filters submit themselves once the page is interactive (scripts start after the first paint, ADR 0024)
  if (javaScript) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}
