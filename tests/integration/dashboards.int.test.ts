import { beforeAll, describe, expect, it } from "vitest";
import { integrationHarness, type Actor } from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { addDaysTo, mondayOf } from "../../server/modules/planning/contract";
import { emptyDay } from "../../server/modules/timesheets/contract";

/** The dashboards' "what matters now" figures, read by each module for its tenant only. */
const { db, domain } = integrationHarness();
let agency: Awaited<ReturnType<typeof agencyWithPeople>>;
let other: Awaited<ReturnType<typeof agencyWithPeople>>;
const today = new Date().toISOString().slice(0, 10);
const monday = mondayOf(today);
let seq = 0;

async function candidate(): Promise<Actor> {
  seq++;
  const id = await domain.identity.registerUser({
    email: `glance${seq}.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName: "Léa",
    lastName: `Glance${seq}`,
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  return { id, role: "CANDIDATE", agencyId: null, clientId: null };
}
const version = async (table: "rm_timesheets", id: string) =>
  (await db.sql<{ version: number }[]>`select version from ${db.sql(table)} where id = ${id}`)[0]!.version;

beforeAll(async () => {
  agency = await agencyWithPeople(domain);
  other = await agencyWithPeople(domain);
}, 60_000);

describe("agency dashboard figures", () => {
  it("counts ads online, ending within the week and proposed by clients, for the agency only", async () => {
    const soon = addDaysTo(today, 7);
    const empty = await domain.missions.adsAtAGlance(agency.consultant, soon);
    expect(empty).toEqual({ counts: { online: 0, expiring: 0, awaitingReview: 0 }, expiring: [], awaitingReview: [] });

    await domain.missions.createAd(agency.consultant, {
      fields: sampleAdFields({ title: "Long", questions: [] }),
      publish: true,
    });
    const ending = await domain.missions.createAd(agency.consultant, {
      fields: sampleAdFields({
        title: "Bientôt fini",
        questions: [],
        commitmentDate: today,
        endDate: addDaysTo(today, 3),
      }),
      publish: true,
    });
    const proposed = await domain.missions.createAd(agency.manager, {
      fields: sampleAdFields({ title: "Proposée", questions: [] }),
      clientId: agency.clientId,
      publish: false,
    });

    const glance = await domain.missions.adsAtAGlance(agency.consultant, soon);
    expect(glance.counts).toEqual({ online: 2, expiring: 1, awaitingReview: 1 });
    expect(glance.expiring).toEqual([{ id: ending, title: "Bientôt fini", endDate: addDaysTo(today, 3) }]);
    expect(glance.awaitingReview.map((a) => a.id)).toEqual([proposed]);
    // another agency sees none of them
    expect((await domain.missions.adsAtAGlance(other.consultant, soon)).counts).toEqual({
      online: 0,
      expiring: 0,
      awaitingReview: 0,
    });
  });

  it("counts open proposals, those waiting for a pick, this week's shifts and the sheets to validate", async () => {
    const [lea, hugo] = [await candidate(), await candidate()];
    const adId = await domain.missions.createAd(agency.consultant, {
      fields: sampleAdFields({ questions: [], places: 3, commitmentDate: today }),
      clientId: agency.clientId,
      publish: true,
    });
    const pick = await domain.placements.propose(agency.consultant, {
      adId,
      candidateIds: [lea.id, hugo.id],
      mode: "pick",
      places: 1,
      expiresAt: new Date(Date.now() + 86_400_000),
      message: "",
    });
    expect(await domain.placements.proposalsAtAGlance(agency.consultant)).toEqual({ open: 1, toPick: 0 });
    await domain.placements.acceptProposal(lea, pick);
    expect(await domain.placements.proposalsAtAGlance(agency.consultant)).toEqual({ open: 1, toPick: 1 });
    expect(await domain.placements.proposalsAtAGlance(other.consultant)).toEqual({ open: 0, toPick: 0 });

    // Hugo takes another proposal at once: a validated mission to plan and time
    const first = await domain.placements.propose(agency.consultant, {
      adId,
      candidateIds: [hugo.id],
      mode: "first",
      places: 1,
      expiresAt: new Date(Date.now() + 86_400_000),
      message: "",
    });
    const [placementId] = await domain.placements.acceptProposal(hugo, first);
    const shift = (day: string) => ({ day, startMin: 480, endMin: 720, breakMin: 0, place: "Genève", note: "" });
    const sunday = addDaysTo(monday, 6);
    await domain.planning.planAssignment(agency.consultant, { placementId: placementId!, shift: shift(sunday) });
    expect(await domain.planning.planningAtAGlance(agency.consultant, monday, sunday)).toEqual({
      published: 0,
      unconfirmed: 0,
      drafts: 1,
    });
    await domain.planning.publishPlanning(agency.consultant, "all");
    expect(await domain.planning.planningAtAGlance(agency.consultant, monday, sunday)).toEqual({
      published: 1,
      unconfirmed: 1,
      drafts: 0,
    });
    // a shift of next week is not this week's
    await domain.planning.planAssignment(agency.consultant, {
      placementId: placementId!,
      shift: shift(addDaysTo(sunday, 1)),
    });
    expect(await domain.planning.planningAtAGlance(agency.consultant, monday, sunday)).toEqual({
      published: 1,
      unconfirmed: 1,
      drafts: 0,
    });
    expect(await domain.planning.planningAtAGlance(other.consultant, monday, sunday)).toEqual({
      published: 0,
      unconfirmed: 0,
      drafts: 0,
    });

    const sheet = await domain.timesheets.openTimesheet(hugo, { placementId: placementId!, week: monday });
    expect((await domain.timesheets.sheetCounts(hugo)).byStatus).toEqual({ in_progress: 1 });
    await domain.timesheets.saveTimesheetDay(hugo, {
      timesheetId: sheet,
      entry: { ...emptyDay(sunday), ranges: [{ startMin: 480, endMin: 720 }] },
    });
    await domain.timesheets.moveTimesheet(hugo, {
      timesheetId: sheet,
      version: await version("rm_timesheets", sheet),
      action: "submit",
    });
    expect(await domain.timesheets.sheetCounts(agency.consultant)).toEqual({
      byStatus: { employee_validated: 1 },
      disputes: 0,
    });
    expect(await domain.timesheets.sheetCounts(other.consultant)).toEqual({ byStatus: {}, disputes: 0 });
    // the candidate's own count, and nobody else's
    expect((await domain.timesheets.sheetCounts(hugo)).byStatus).toEqual({ employee_validated: 1 });
    expect((await domain.timesheets.sheetCounts(lea)).byStatus).toEqual({});
  });
});
