import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import type { Actor } from "../../../server/modules/identity/contract";

/**
 * The CV library follows the candidates and keeps the agency's own marks (issue 28, ADR 0036): a
 * Geneva consultant has results open; a candidate changes their desired job (through the running
 * server's domain, as from another browser) and moves in or out without a reload; the agency's
 * tags are a facet and show on the cards; an archived candidate appears only with the filter.
 */
let domain: ReturnType<typeof adsDomain>;
const word = uniqueWord();

async function candidate(firstName: string, desiredJob: string): Promise<Actor> {
  const id = await domain.domain.identity.registerUser({
    email: `live.${firstName.toLowerCase()}.${word}@example.test`,
    password: "Solid-Pass-2026",
    firstName,
    lastName: word,
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  const me: Actor = { id, role: "CANDIDATE", agencyId: null, clientId: null };
  const c = domain.domain.candidates;
  await c.saveProfile(me, { type: "SaveSkills", expectedVersion: 0, values: { skills: [word] } });
  await wish(me, desiredJob, 0);
  await c.saveProfile(me, { type: "SaveLibraryVisibility", expectedVersion: 0, values: { visibility: "country" } });
  return me;
}
const wish = (me: Actor, desiredJob: string, expectedVersion: number) =>
  domain.domain.candidates.saveProfile(me, {
    type: "SaveCriteria",
    profileId: "main",
    expectedVersion,
    values: { desiredJobs: [desiredJob], availability: "immediate" },
  });

const names = (page: Page) => page.getByTestId("result-name");

let lea: Actor;
let tom: Actor;
test.beforeAll(async () => {
  domain = adsDomain();
  lea = await candidate("Lea", "forklift_driver");
  tom = await candidate("Tom", "mason");
});
test.afterAll(async () => {
  await domain?.close();
});

test.use({ signedInAs: "consultantGe" });

test("results move live as candidates change; the agency's tags filter and show; archived only with the filter", async ({
  page,
}) => {
  const forklift = `/cv-theque?q=${word}&profession=forklift_driver`;
  await expect(async () => {
    await page.goto(forklift);
    await expect(names(page)).toHaveText([`Lea ${word}`], { timeout: 300 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator("html")).toHaveAttribute("data-live", "connected");
  // a mark on this document: it must survive, so nothing reloads the page
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByTestId("library-q").fill(`${word} typed`);

  // Tom now wants to drive forklifts: he comes in; Léa no longer does: she leaves
  await wish(tom, "forklift_driver", 1);
  await expect(names(page)).toHaveCount(2);
  await expect(names(page).filter({ hasText: "Tom" })).toHaveCount(1);
  await wish(lea, "mason", 1);
  await expect(names(page)).toHaveText([`Tom ${word}`]);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // what the person typed meanwhile is still there
  await expect(page.getByTestId("library-q")).toHaveValue(`${word} typed`);

  // the agency's tags: a facet with its colours and counts, a filter, and on the cards
  const geneva = await domain.actor("consultant.ge@demo.test");
  await domain.domain.candidateFile.addTag(geneva, lea.id, { tag: "Rappeler", colour: "amber" });
  await expect(async () => {
    await page.goto(`/cv-theque?q=${word}`);
    await expect(page.getByTestId("facet-tag").getByTestId("facet-count")).toHaveText(["1"], { timeout: 300 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId("facet-tag").getByTestId("tag-chip")).toHaveAttribute("data-colour", "amber");
  await page.getByTestId("facet-tag").getByRole("checkbox").check();
  await page.getByTestId("apply-filters").click();
  await expect(page).toHaveURL((url) => url.searchParams.get("tag") === "rappeler");
  await expect(names(page)).toHaveText([`Lea ${word}`]);
  await expect(page.getByTestId("result-tags")).toHaveText("Rappeler");

  // archived: left out of the list, found with the filter alone
  await domain.domain.candidateFile.archiveCandidate(geneva, tom.id, { reason: "unreachable" });
  await expect(async () => {
    await page.goto(`/cv-theque?q=${word}`);
    await expect(names(page)).toHaveText([`Lea ${word}`], { timeout: 300 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId("facet-archived").getByTestId("facet-count")).toHaveText("1");
  await page.getByTestId("facet-archived").getByRole("checkbox").check();
  await page.getByTestId("apply-filters").click();
  await expect(page).toHaveURL((url) => url.searchParams.get("archived") === "1");
  await expect(names(page)).toHaveText([`Tom ${word}`]);
});
