import { randomInt } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import type { AdFields } from "../../../server/modules/missions/rules";
import type { Actor } from "../../../server/modules/identity/contract";
import { sampleAdFields } from "../../support/missions";
import { addDaysTo, mondayOf } from "../../../server/modules/planning/contract";
import { e2eDomain } from "../support/domain";
import { ACCOUNTS } from "../support/login";

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
    /**
     * A validated mission of the demo candidate Léa with the Geneva agency (for its client
     * company, if given), and her sheet of the week two weeks ahead, opened.
     */
    async missionWeek({
      title = `Livreur ${uniqueWord()}`,
      clientId,
    }: { title?: string; clientId?: string | null } = {}) {
      const [ge, lea] = await Promise.all([actor(ACCOUNTS.consultantGe), actor(ACCOUNTS.candidate)]);
      const adId = await db.domain.missions.createAd(ge, {
        fields: sampleAdFields({ title, questions: [], places: 2 }),
        ...(clientId ? { clientId } : {}),
        publish: true,
      });
      const proposalId = await db.domain.placements.propose(ge, {
        adId,
        candidateIds: [lea.id],
        mode: "first",
        places: 1,
        expiresAt: new Date(Date.now() + 86_400_000),
        message: "",
      });
      const [placementId] = await db.domain.placements.acceptProposal(lea, proposalId);
      const week = mondayOf(addDaysTo(new Date().toISOString().slice(0, 10), 14));
      const id = await db.domain.timesheets.openTimesheet(lea, { placementId: placementId!, week });
      return { id, week, title, ge, lea, day: (offset: number) => addDaysTo(week, offset) };
    },
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
