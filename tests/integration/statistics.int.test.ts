import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { emptyDay } from "../../server/modules/timesheets/contract";
import { previousPeriod, type Period, type StatsFilters } from "../../server/modules/statistics/contract";
import {
  INLINE_PROJECTIONS,
  SYSTEM_ACTOR,
  createEventStore,
  integrationHarness,
  rebuildProjections,
  type Role,
} from "../support/harness";

/**
 * The statistics (issue 29) against known events: what the projection makes of them (counts,
 * funnel, answer times, sources, ads, orders, validated hours per client and month), that a
 * rebuild from the log gives the same rows, the filters, and who may read an agency's figures.
 */
const { db, domain } = integrationHarness();
const projection = INLINE_PROJECTIONS.find((p) => p.name === "statistics")!;
const TABLES = projection.tables;

/** registered in the history, for its client company */
let agencyA = "";
const agencyB = randomUUID();
const branchA = randomUUID();
const [consultant1, consultant2] = [randomUUID(), randomUUID()];
const actor = (role: Role, agencyId: string | null = agencyA || null) => ({
  id: randomUUID(),
  role,
  agencyId,
  clientId: null,
});
const NOW = new Date("2026-11-27T12:00:00Z");
const november: Period = { from: "2026-11-01", to: "2026-11-30", step: "month" };
const filters = (more: Partial<StatsFilters> = {}): StatsFilters => ({
  period: november,
  previous: previousPeriod(november),
  ...more,
});

/**
 * Events appended through an event store over the same log whose only inline projection is the
 * statistics' (the events carry what the statistics read, not all that the other read models
 * need), each then dated at a known time.
 */
async function append(
  streamId: string,
  events: { type: string; data: Record<string, unknown>; at: string }[],
  tenant: string,
) {
  const store = createEventStore({ sql: db.sql, inlineProjections: [projection] });
  const stored = await store.append(
    streamId,
    "any",
    events.map(({ type, data }) => ({ type, data })),
    { tenant, actor: "system" },
  );
  // the log as if written then: the times the statistics count from
  for (const [i, e] of stored.entries())
    await db.sql`update events set created_at = ${events[i]!.at} where global_position = ${e.globalPosition}`;
}

const application = (id: string, agencyId: string, adId: number, source: string, consultantId: string) => ({
  applicationId: id,
  userId: randomUUID(),
  agencyId,
  branchId: agencyId === agencyA ? branchA : null,
  consultantId,
  adId,
  adTitle: `Ad ${adId}`,
  source,
});
const changed = (applicationId: string, to: number) => ({ applicationId, to, from: 3, by: "consultant" });

async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = await db.sql.unsafe(`select * from "${table}" t order by t::text`);
  return out;
}

async function history() {
  agencyA = await domain.agencies.registerAgency(SYSTEM_ACTOR, {
    name: "Léman Emploi",
    country: "CH",
    city: "Genève",
    approved: true,
  });
  const client = await domain.agencies.addClientCompany(SYSTEM_ACTOR, {
    agencyId: agencyA,
    name: "Horlogerie du Lac",
    city: "Genève",
  });
  await append(
    "ad-9001",
    [
      {
        type: "AdDrafted",
        data: { adId: 9001, agencyId: agencyA, branchId: branchA, clientId: null, by: consultant1 },
        at: "2026-10-20T08:00:00Z",
      },
      { type: "AdPublished", data: { adId: 9001, by: consultant1 }, at: "2026-11-02T08:00:00Z" },
    ],
    agencyA,
  );
  await append(
    "ad-9002",
    [
      {
        type: "AdDrafted",
        data: { adId: 9002, agencyId: agencyA, branchId: null, clientId: null, by: consultant2 },
        at: "2026-10-01T08:00:00Z",
      },
      { type: "AdPublished", data: { adId: 9002, by: consultant2 }, at: "2026-10-02T08:00:00Z" },
      { type: "AdExpired", data: { adId: 9002, endDate: "2026-11-10" }, at: "2026-11-10T23:30:00Z" },
    ],
    agencyA,
  );
  const [a1, a2, a3, a4, b1] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  // answered after 2 hours, retained, proposed, on mission
  await append(
    `application-${a1}`,
    [
      {
        type: "ApplicationSubmitted",
        data: application(a1, agencyA, 9001, "S03", consultant1),
        at: "2026-11-03T08:00:00Z",
      },
      { type: "ApplicationStatusChanged", data: changed(a1, 2), at: "2026-11-03T10:00:00Z" },
      { type: "ApplicationStatusChanged", data: changed(a1, 6), at: "2026-11-05T10:00:00Z" },
    ],
    agencyA,
  );
  await append(
    `proposal-${randomUUID()}`,
    [{ type: "ProposalMade", data: { applicationId: a1, candidateIds: [] }, at: "2026-11-04T10:00:00Z" }],
    agencyA,
  );
  // answered (refused) after 10 hours
  await append(
    `application-${a2}`,
    [
      {
        type: "ApplicationSubmitted",
        data: application(a2, agencyA, 9001, "S01", consultant1),
        at: "2026-11-10T08:00:00Z",
      },
      { type: "ApplicationStatusChanged", data: changed(a2, 1), at: "2026-11-10T18:00:00Z" },
    ],
    agencyA,
  );
  // never answered, five days ago
  await append(
    `application-${a3}`,
    [
      {
        type: "ApplicationSubmitted",
        data: application(a3, agencyA, 9002, "S01", consultant2),
        at: "2026-11-22T08:00:00Z",
      },
    ],
    agencyA,
  );
  // October: answered after 4 days (late)
  await append(
    `application-${a4}`,
    [
      {
        type: "ApplicationSubmitted",
        data: application(a4, agencyA, 9002, "S03", consultant2),
        at: "2026-10-05T08:00:00Z",
      },
      { type: "ApplicationStatusChanged", data: changed(a4, 2), at: "2026-10-09T08:00:00Z" },
    ],
    agencyA,
  );
  // another agency's application
  await append(
    `application-${b1}`,
    [
      {
        type: "ApplicationSubmitted",
        data: application(b1, agencyB, 9100, "S05", randomUUID()),
        at: "2026-11-04T08:00:00Z",
      },
    ],
    agencyB,
  );
  const order = (id: string, status: string) => ({
    orderId: id,
    number: 1,
    agencyId: agencyA,
    branchId: branchA,
    clientId: client,
    status,
    fields: { consultantId: consultant1 },
    by: consultant1,
  });
  const [o1, o2] = [randomUUID(), randomUUID()];
  await append(
    `order-${o1}`,
    [
      { type: "OrderPlaced", data: order(o1, "pending"), at: "2026-11-05T08:00:00Z" },
      {
        type: "OrderStatusChanged",
        data: { orderId: o1, from: "pending", to: "in_progress", by: consultant1 },
        at: "2026-11-06T08:00:00Z",
      },
    ],
    agencyA,
  );
  await append(
    `order-${o2}`,
    [{ type: "OrderPlaced", data: order(o2, "validated"), at: "2026-11-07T08:00:00Z" }],
    agencyA,
  );
  // a week of 8 + 4 hours with 27.55 of expenses, 30 minutes taken off by the client
  const t1 = randomUUID();
  const who = { timesheetId: t1, userId: randomUUID(), candidateId: randomUUID(), clientId: client };
  const monday = {
    ...emptyDay("2026-11-09"),
    ranges: [{ startMin: 480, endMin: 1020 }],
    breakMin: 60,
    mealFees: 1500,
    parking: 250,
  };
  const tuesday = {
    ...emptyDay("2026-11-10"),
    ranges: [{ startMin: 480, endMin: 720 }],
    travelFees: 1000,
    miscCosts: 5,
  };
  await append(
    `timesheet-${t1}`,
    [
      {
        type: "TimesheetOpened",
        data: {
          ...who,
          agencyId: agencyA,
          branchId: branchA,
          consultantId: consultant1,
          country: "CH",
          week: "2026-11-09",
          days: [monday],
        },
        at: "2026-11-09T06:00:00Z",
      },
      { type: "TimesheetDaySaved", data: { ...who, entry: tuesday }, at: "2026-11-10T18:00:00Z" },
      {
        type: "TimesheetMoved",
        data: {
          ...who,
          action: "reduce",
          from: "agency_validated",
          to: "client_validated",
          party: "client",
          reason: "late",
          reductions: [{ day: "2026-11-10", minutes: 30 }],
        },
        at: "2026-11-12T09:00:00Z",
      },
    ],
    agencyA,
  );
}

describe("statistics", () => {
  it("counts what the events say, for the period beside the one before, and rebuilds the same rows", async () => {
    await history();
    await rebuildProjections(domain.store, [projection]);
    const rebuilt = await snapshot();
    await rebuildProjections(domain.store, [projection]);
    expect(await snapshot()).toEqual(rebuilt);

    const r = await domain.statistics.statisticsReport(actor("ADMIN_CONSULTANT"), filters(), NOW);
    expect(r.funnel).toEqual({
      applied: { current: 3, previous: 1 },
      retained: { current: 1, previous: 1 },
      proposed: { current: 1, previous: 0 },
      mission: { current: 1, previous: 0 },
    });
    // answers after 2 and 10 hours: median 6, 90th percentile 9.2; October's after 96 hours
    expect(r.answer).toEqual({
      current: { medianHours: 6, p90Hours: 9.2 },
      previous: { medianHours: 96, p90Hours: 96 },
    });
    expect(r.unanswered).toEqual({ current: 1, previous: 1 });
    expect(r.bySource).toEqual([
      { source: "S01", current: 2, previous: 0 },
      { source: "S03", current: 1, previous: 1 },
    ]);
    expect(r.byAd).toEqual([
      { adId: 9001, title: "Ad 9001", current: 2, previous: 0 },
      { adId: 9002, title: "Ad 9002", current: 1, previous: 1 },
    ]);
    // ad 9002 expired on 11 November in Geneva (23:30 UTC on the 10th)
    expect(r.ads).toEqual({
      published: { current: 1, previous: 1 },
      expired: { current: 1, previous: 0 },
      onlineNow: 1,
    });
    expect(r.orders).toEqual({ filled: { current: 1, previous: 0 }, open: { current: 1, previous: 0 } });
    expect(r.hours).toEqual([
      {
        clientId: expect.any(String),
        clientName: "Horlogerie du Lac",
        month: "2026-11",
        country: "CH",
        minutes: 480 + 210,
        amountCents: 2755,
      },
    ]);
    expect(r.hoursTotal).toEqual({
      minutes: { current: 690, previous: 0 },
      amountCents: { current: 2755, previous: 0 },
    });
  });

  it("filters by consultant and branch", async () => {
    const byConsultant = await domain.statistics.statisticsReport(
      actor("COLLABORATOR"),
      filters({ consultantId: consultant2 }),
      NOW,
    );
    expect(byConsultant.funnel.applied).toEqual({ current: 1, previous: 1 });
    expect(byConsultant.hours).toEqual([]);
    expect(byConsultant.ads.onlineNow).toBe(0);
    const byBranch = await domain.statistics.statisticsReport(
      actor("COLLABORATOR"),
      filters({ branchId: branchA }),
      NOW,
    );
    expect(byBranch.funnel.applied).toEqual({ current: 3, previous: 1 });
    expect(byBranch.ads.published).toEqual({ current: 1, previous: 0 });
    expect(byBranch.orders.open.current).toBe(1);
  });

  it("reads the actor's agency only; client users, candidates and platform admins are refused", async () => {
    const other = await domain.statistics.statisticsReport(actor("ADMIN_CONSULTANT", agencyB), filters(), NOW);
    expect(other.funnel.applied).toEqual({ current: 1, previous: 0 });
    expect(other.bySource).toEqual([{ source: "S05", current: 1, previous: 0 }]);
    expect(other.hours).toEqual([]);
    for (const role of ["CLIENT", "MANAGER_CLIENT", "CANDIDATE", "PLATFORM_ADMIN"] as const)
      await expect(domain.statistics.statisticsReport(actor(role), filters(), NOW), role).rejects.toMatchObject({
        kind: "forbidden",
      });
    await expect(domain.statistics.statisticsSummary(actor("CLIENT"), filters(), NOW)).rejects.toMatchObject({
      kind: "forbidden",
    });
  });
});
