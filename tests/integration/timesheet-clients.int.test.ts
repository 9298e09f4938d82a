import { beforeAll, describe, expect, it } from "vitest";
import { AppError, appHarness, createDomain, integrationHarness, type Actor } from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { loginCookie } from "../support/test-app";
import { addDaysTo, mondayOf } from "../../server/modules/planning/contract";
import { emptyDay, type DayEntry } from "../../server/modules/timesheets/contract";
import type { Domain } from "../support/harness";

/**
 * The client's side of timesheets: reminders and their login-free links, the clients' deadlines
 * and pay rules, reductions, disputes, corrections and adjustment sheets, against the real
 * database and event store (a clock the tests move); then the pages over HTTP.
 */
const { db, domain, clock } = integrationHarness({ clock: true, domain: { publicUrl: "https://missio.example" } });
let agency: Awaited<ReturnType<typeof agencyWithPeople>>;
let other: Awaited<ReturnType<typeof agencyWithPeople>>;
let seq = 0;
const HOUR = 3_600_000;

async function candidate(d: Domain = domain): Promise<Actor> {
  seq++;
  const id = await d.identity.registerUser({
    email: `tsc${seq}.${process.pid}.${Date.now()}@example.test`,
    password: "Solid-Pass-2026",
    firstName: "Noa",
    lastName: `Favre${seq}`,
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  return { id, role: "CANDIDATE", agencyId: null, clientId: null };
}
async function mission(who: Actor, owner = agency, d: Domain = domain) {
  const adId = await d.missions.createAd(owner.consultant, {
    fields: sampleAdFields({ questions: [], places: 3 }),
    clientId: owner.clientId,
    publish: true,
  });
  const proposalId = await d.placements.propose(owner.consultant, {
    adId,
    candidateIds: [who.id],
    mode: "first",
    places: 1,
    expiresAt: new Date(Date.now() + 86_400_000),
    message: "",
  });
  return (await d.placements.acceptProposal(who, proposalId))[0]!;
}
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? { key: e.key, field: e.field } : Promise.reject(e)),
  );
const day = (d: string, over: Partial<DayEntry> = {}): DayEntry => ({
  ...emptyDay(d),
  ranges: [{ startMin: 480, endMin: 1020 }],
  breakMin: 60,
  ...over,
});
const version = async (id: string) =>
  (await db.sql<{ version: number }[]>`select version from rm_timesheets where id = ${id}`)[0]!.version;
const weekAhead = (weeks: number) => mondayOf(addDaysTo(new Date().toISOString().slice(0, 10), 7 * weeks));

/** A sheet entered Monday to Friday, submitted and validated by the agency: waiting for the client. */
async function waitingSheet(owner = agency, d: Domain = domain, weeks = 2) {
  const who = await candidate(d);
  const placementId = await mission(who, owner, d);
  const week = weekAhead(weeks);
  const id = await d.timesheets.openTimesheet(who, { placementId, week });
  for (let n = 0; n < 5; n++)
    await d.timesheets.saveTimesheetDay(who, { timesheetId: id, entry: day(addDaysTo(week, n)) });
  const v = async () => (await d.timesheets.timesheet(who, id))!.version;
  await d.timesheets.moveTimesheet(who, { timesheetId: id, version: await v(), action: "submit" });
  await d.timesheets.moveTimesheet(owner.consultant, {
    timesheetId: id,
    version: await v(),
    action: "validate_agency",
  });
  return { id, who, week, placementId };
}
const mailsTo = (email: string) =>
  db.sql<
    { template: string; params: Record<string, string> }[]
  >`select template, params from mail_outbox where recipient = ${email} and template like 'timesheet%' order by created_at`;
const emailOf = async (a: Actor) =>
  (await db.sql<{ email: string }[]>`select email from rm_users where id = ${a.id}`)[0]!.email;
const tokenOf = (link: string) => link.split("/releves-heures/lien/")[1]!;

beforeAll(async () => {
  agency = await agencyWithPeople(domain);
  other = await agencyWithPeople(domain);
}, 60_000);

describe("reminders and the client's link", () => {
  it("escalates while a week waits, each level once, to each of the company's users; the last level tells the consultant", async () => {
    clock.set(Date.now());
    const { id, week } = await waitingSheet();
    await db.sql`update rm_timesheets set agency_validated_at = ${clock.now()} where id = ${id}`;
    await domain.timesheets.remindClients();
    const [clientMail, managerMail] = [
      await mailsTo(await emailOf(agency.client)),
      await mailsTo(await emailOf(agency.manager)),
    ];
    expect(clientMail.map((m) => [m.template, m.params.context])).toEqual([["timesheetsToValidate", ""]]);
    expect(managerMail).toHaveLength(1);
    expect(clientMail[0]!.params).toMatchObject({
      count: "1",
      week: week.split("-").reverse().join("/"),
      link: expect.stringMatching(/^https:\/\/missio\.example\/releves-heures\/lien\/[\w-]{40,}$/),
    });
    // each user's link is their own
    expect(clientMail[0]!.params.link).not.toBe(managerMail[0]!.params.link);
    // the same sweep again sends nothing
    await domain.timesheets.remindClients();
    expect(await mailsTo(await emailOf(agency.client))).toHaveLength(1);

    clock.advance(49 * HOUR);
    await domain.timesheets.remindClients();
    clock.advance(48 * HOUR);
    await domain.timesheets.remindClients();
    await domain.timesheets.remindClients();
    expect((await mailsTo(await emailOf(agency.client))).map((m) => m.params.context)).toEqual([
      "",
      "reminder",
      "last",
    ]);
    const late = await db.sql<
      { data: { consultants: string[]; count: number } }[]
    >`select data from events where type = 'TimesheetClientLate' and data->>'clientId' = ${agency.clientId}`;
    expect(late).toEqual([{ data: expect.objectContaining({ consultants: [agency.consultant.id], count: 1 }) }]);
    // another agency's client heard nothing of it
    expect(await mailsTo(await emailOf(other.client))).toEqual([]);
  });

  it("validates that company's week once, as the user it was sent to; used, expired and forged links are refused", async () => {
    clock.set(Date.now());
    const mine = await waitingSheet(agency, domain, 3);
    const theirs = await waitingSheet(other, domain, 3);
    await db.sql`update rm_timesheets set agency_validated_at = ${clock.now()} where id in ${db.sql([mine.id, theirs.id])}`;
    await domain.timesheets.remindClients();
    const link = (await mailsTo(await emailOf(agency.client))).find(
      (m) => m.params.week === mine.week.split("-").reverse().join("/"),
    )!.params.link!;
    const token = tokenOf(link);

    const found = (await domain.timesheets.clientLink(token))!;
    expect(found).toMatchObject({
      state: "valid",
      clientId: agency.clientId,
      week: mine.week,
      actor: { id: agency.client.id, role: "CLIENT", clientId: agency.clientId },
    });
    // the link reaches only its company's sheets
    const visible = await domain.timesheets.timesheets(found.actor, { week: mine.week });
    expect(visible.map((s) => s.id)).toContain(mine.id);
    expect(visible.map((s) => s.id)).not.toContain(theirs.id);

    const used = await domain.timesheets.useClientLink(token);
    await domain.timesheets.moveTimesheet(used.actor, {
      timesheetId: mine.id,
      version: await version(mine.id),
      action: "validate_client",
    });
    expect((await db.sql`select status, client_validated_by from rm_timesheets where id = ${mine.id}`)[0]).toEqual({
      status: "client_validated",
      client_validated_by: agency.client.id,
    });
    expect(await refusal(domain.timesheets.useClientLink(token))).toMatchObject({ key: "timesheet_link_used" });
    expect((await domain.timesheets.clientLink(token))!.state).toBe("used");

    // the other company's link expires after 7 days
    const theirLink = tokenOf((await mailsTo(await emailOf(other.client))).at(-1)!.params.link!);
    clock.advance(7 * 24 * HOUR + 1000);
    expect((await domain.timesheets.clientLink(theirLink))!.state).toBe("expired");
    expect(await refusal(domain.timesheets.useClientLink(theirLink))).toMatchObject({ key: "timesheet_link_expired" });
    expect(await domain.timesheets.clientLink("forged-token")).toBeNull();
    expect(await refusal(domain.timesheets.useClientLink("forged-token"))).toMatchObject({
      key: "timesheet_link_invalid",
    });
  });
});

describe("each client's options", () => {
  it("are the agency staff's to set, checked, with the version they saw", async () => {
    const input = (over: object = {}) => ({
      clientId: agency.clientId,
      version: 0,
      settings: {
        plannedHoursAfterDays: 2,
        deemedValidatedAfterDays: 3,
        rules: {
          agreement: "CCT Location de services",
          region: "GE",
          weeklyHours: 40,
          overtimePct: 125,
          nightPct: null,
          nightStartMin: null,
          nightEndMin: null,
          sundayPct: null,
        },
      },
      ...over,
    });
    expect(await refusal(domain.timesheets.setClientTimesheetSettings(other.consultant, input()))).toMatchObject({
      key: "timesheet_client_not_found",
    });
    expect(await refusal(domain.timesheets.setClientTimesheetSettings(agency.client, input()))).toMatchObject({
      key: "timesheet_client_not_found",
    });
    const bad = input();
    bad.settings.rules.region = "XX";
    expect(await refusal(domain.timesheets.setClientTimesheetSettings(agency.consultant, bad))).toMatchObject({
      key: "timesheet_region_invalid",
      field: "region",
    });
    expect(await domain.timesheets.setClientTimesheetSettings(agency.consultant, input())).toEqual({ version: 1 });
    await expect(domain.timesheets.setClientTimesheetSettings(agency.consultant, input())).rejects.toThrow(
      /changed since/,
    );
    const [row] = (await domain.timesheets.clientTimesheetSettings(agency.consultant)).filter(
      (c) => c.clientId === agency.clientId,
    );
    expect(row).toMatchObject({
      plannedHoursAfterDays: 2,
      deemedValidatedAfterDays: 3,
      version: 1,
      rules: { agreement: "CCT Location de services", region: "GE", weeklyHours: 40 },
    });
    expect(await domain.timesheets.clientTimesheetSettings(other.consultant)).not.toContainEqual(
      expect.objectContaining({ clientId: agency.clientId }),
    );
  });

  it("make the pay follow the client's rules: a 40-hour week puts the 41st hour in overtime", async () => {
    clock.set(Date.now());
    const { id, who } = await waitingSheet(agency, domain, 4);
    const sheet = (await domain.timesheets.timesheet(who, id))!;
    expect(sheet.clientRules).toMatchObject({ weeklyHours: 40, region: "GE" });
    // 5 × 8 h = 40 h; one more hour on the Friday crosses the client's 40 h (the Swiss default would be 45); a week without holidays
    const fixedWeek = ["2027-03-08", "2027-03-09", "2027-03-10", "2027-03-11", "2027-03-12"];
    const longer = {
      ...sheet,
      days: fixedWeek.map((d, i) => day(d, i === 4 ? { ranges: [{ startMin: 480, endMin: 1080 }] } : {})),
    };
    const pay = domain.timesheets.payOf(longer);
    expect(pay.lines.filter((l) => l.category === "overtime")).toEqual([
      expect.objectContaining({ minutes: 60, ratePct: 125, rule: "ch.overtime.co321c" }),
    ]);
    expect(
      domain.timesheets.payOf({ ...longer, clientRules: null }).lines.filter((l) => l.category === "overtime"),
    ).toEqual([]);
  });

  it("submit the planned hours at the deadline and deem a waiting sheet validated, both by the system", async () => {
    const settings = (await domain.timesheets.clientTimesheetSettings(agency.consultant)).find(
      (c) => c.clientId === agency.clientId,
    )!;
    expect(settings.plannedHoursAfterDays).toBe(2);
    clock.set(Date.now());
    const who = await candidate();
    const placementId = await mission(who);
    const week = weekAhead(5);
    await domain.planning.planAssignment(agency.consultant, {
      placementId,
      shift: { day: addDaysTo(week, 1), startMin: 420, endMin: 960, breakMin: 30, place: "Genève", note: "" },
    });
    await domain.planning.publishPlanning(agency.consultant, "all");

    clock.set(`${addDaysTo(week, 8)}T12:00:00Z`);
    expect(await domain.timesheets.applyClientDeadlines()).toMatchObject({ submitted: 0 });
    clock.set(`${addDaysTo(week, 9)}T12:00:00Z`);
    const done = await domain.timesheets.applyClientDeadlines();
    expect(done.submitted).toBeGreaterThanOrEqual(1);
    const [sheet] = await domain.timesheets.timesheets(agency.consultant, { candidate: who.id });
    expect(sheet).toMatchObject({
      status: "employee_validated",
      days: [expect.objectContaining({ day: addDaysTo(week, 1), ranges: [{ startMin: 420, endMin: 960 }] })],
    });
    const [submitted] = await db.sql<
      { data: { party: string } }[]
    >`select data from events where stream_id = ${`timesheet-${sheet!.id}`} and type = 'TimesheetMoved'`;
    expect(submitted!.data.party).toBe("system");

    await domain.timesheets.moveTimesheet(agency.consultant, {
      timesheetId: sheet!.id,
      version: await version(sheet!.id),
      action: "validate_agency",
    });
    // the event's time is the database's: put it at the test clock's
    await db.sql`update rm_timesheets set agency_validated_at = ${clock.now()} where id = ${sheet!.id}`;
    clock.advance(2 * 24 * HOUR);
    await domain.timesheets.applyClientDeadlines();
    expect((await domain.timesheets.timesheet(agency.consultant, sheet!.id))!.status).toBe("agency_validated");
    clock.advance(1 * 24 * HOUR + HOUR);
    await domain.timesheets.applyClientDeadlines();
    expect((await db.sql`select status, client_validated_by from rm_timesheets where id = ${sheet!.id}`)[0]).toEqual({
      status: "client_validated",
      client_validated_by: "system",
    });
  });
});

describe("after the agency", () => {
  it("the client reduces with a comment; the candidate disputes once; the agency answers with an adjustment sheet that goes through again", async () => {
    clock.set(Date.now());
    const { id, who, week } = await waitingSheet(agency, domain, 2);
    const tue = addDaysTo(week, 1);
    // only the company's users reduce, and not more than was worked
    expect(
      await refusal(
        domain.timesheets.moveTimesheet(other.client, {
          timesheetId: id,
          version: await version(id),
          action: "reduce",
          reason: "x",
          reductions: [{ day: tue, minutes: 60 }],
        }),
      ),
    ).toMatchObject({ key: "timesheet_not_found" });
    expect(
      await refusal(
        domain.timesheets.moveTimesheet(agency.client, {
          timesheetId: id,
          version: await version(id),
          action: "reduce",
          reason: "x",
          reductions: [{ day: tue, minutes: 9 * 60 }],
        }),
      ),
    ).toMatchObject({ key: "timesheet_reduction_invalid" });
    await domain.timesheets.moveTimesheet(agency.client, {
      timesheetId: id,
      version: await version(id),
      action: "reduce",
      reason: "Parti à 16 h mardi",
      reductions: [{ day: tue, minutes: 60 }],
    });
    const reduced = (await domain.timesheets.timesheet(who, id))!;
    expect(reduced).toMatchObject({
      status: "client_validated",
      comment: "Parti à 16 h mardi",
      reductions: [{ day: tue, minutes: 60 }],
    });
    expect(domain.timesheets.payOf(reduced).totals.workedMin).toBe(5 * 480 - 60);
    // the days as entered are kept
    expect(reduced.days.find((d) => d.day === tue)!.ranges).toEqual([{ startMin: 480, endMin: 1020 }]);

    expect(
      await refusal(
        domain.timesheets.moveTimesheet(who, {
          timesheetId: id,
          version: await version(id),
          action: "dispute",
          reason: "",
        }),
      ),
    ).toMatchObject({ key: "timesheet_reason_required" });
    await domain.timesheets.moveTimesheet(who, {
      timesheetId: id,
      version: await version(id),
      action: "dispute",
      reason: "Je suis resté jusqu'à 17 h",
    });
    expect((await domain.timesheets.timesheet(agency.consultant, id))!.dispute).toMatchObject({
      state: "open",
      reason: "Je suis resté jusqu'à 17 h",
    });
    expect((await domain.timesheets.timesheets(agency.consultant, { disputed: "1" })).map((s) => s.id)).toEqual([id]);
    expect(
      await refusal(
        domain.timesheets.moveTimesheet(who, {
          timesheetId: id,
          version: await version(id),
          action: "dispute",
          reason: "encore",
        }),
      ),
    ).toMatchObject({ key: "timesheet_transition_refused" });
    // the client's validation stays final
    expect(
      await refusal(
        domain.timesheets.moveTimesheet(agency.client, {
          timesheetId: id,
          version: await version(id),
          action: "validate_client",
        }),
      ),
    ).toMatchObject({ key: "timesheet_client_validated" });

    expect(
      await refusal(
        domain.timesheets.adjustTimesheet(other.consultant, { timesheetId: id, version: await version(id) }),
      ),
    ).toMatchObject({ key: "timesheet_not_found" });
    const adjustmentId = await domain.timesheets.adjustTimesheet(agency.consultant, {
      timesheetId: id,
      version: await version(id),
      reason: "Badge: 17:00",
    });
    const original = (await domain.timesheets.timesheet(agency.consultant, id))!;
    expect(original.dispute).toMatchObject({ state: "adjusted", adjustmentId });
    expect(await domain.timesheets.adjustmentsOf(who, id)).toEqual([
      expect.objectContaining({ id: adjustmentId, status: "employee_validated" }),
    ]);
    const adjustment = (await domain.timesheets.timesheet(who, adjustmentId))!;
    // it starts from the days as paid
    expect(adjustment).toMatchObject({ adjusts: id, status: "employee_validated", reductions: [] });
    expect(adjustment.days.find((d) => d.day === tue)!.ranges).toEqual([{ startMin: 480, endMin: 960 }]);
    // the agency corrects the day with a reason; the candidate cannot
    const fixed = day(tue);
    expect(
      await refusal(
        domain.timesheets.correctTimesheetDay(agency.consultant, {
          timesheetId: adjustmentId,
          version: await version(adjustmentId),
          entry: fixed,
          reason: "",
        }),
      ),
    ).toMatchObject({ key: "timesheet_reason_required" });
    expect(
      await refusal(
        domain.timesheets.correctTimesheetDay(who, {
          timesheetId: adjustmentId,
          version: await version(adjustmentId),
          entry: fixed,
          reason: "x",
        }),
      ),
    ).toMatchObject({ key: "timesheet_transition_refused" });
    expect(
      await refusal(
        domain.timesheets.correctTimesheetDay(agency.consultant, {
          timesheetId: adjustmentId,
          version: await version(adjustmentId),
          entry: day(tue, { breakMin: 600 }),
          reason: "x",
        }),
      ),
    ).toMatchObject({ key: "timesheet_break_too_long", field: "breakMin" });
    await domain.timesheets.correctTimesheetDay(agency.consultant, {
      timesheetId: adjustmentId,
      version: await version(adjustmentId),
      entry: fixed,
      reason: "Badge: 17:00",
    });
    await domain.timesheets.moveTimesheet(agency.consultant, {
      timesheetId: adjustmentId,
      version: await version(adjustmentId),
      action: "validate_agency",
    });
    await domain.timesheets.moveTimesheet(agency.client, {
      timesheetId: adjustmentId,
      version: await version(adjustmentId),
      action: "validate_client",
    });
    expect(domain.timesheets.payOf((await domain.timesheets.timesheet(who, adjustmentId))!).totals.workedMin).toBe(
      5 * 480,
    );
  });

  it("the agency dismisses a dispute with a reason", async () => {
    clock.set(Date.now());
    const { id, who, week } = await waitingSheet(agency, domain, 3);
    await domain.timesheets.moveTimesheet(agency.manager, {
      timesheetId: id,
      version: await version(id),
      action: "reduce",
      reason: "Pause non déclarée",
      reductions: [{ day: week, minutes: 30 }],
    });
    await domain.timesheets.moveTimesheet(who, {
      timesheetId: id,
      version: await version(id),
      action: "dispute",
      reason: "Pas de pause",
    });
    expect(
      await refusal(
        domain.timesheets.moveTimesheet(agency.consultant, {
          timesheetId: id,
          version: await version(id),
          action: "dismiss_dispute",
          reason: " ",
        }),
      ),
    ).toMatchObject({ key: "timesheet_reason_required" });
    await domain.timesheets.moveTimesheet(agency.consultant, {
      timesheetId: id,
      version: await version(id),
      action: "dismiss_dispute",
      reason: "Le client confirme la pause",
    });
    expect((await domain.timesheets.timesheet(who, id))!.dispute).toMatchObject({
      state: "dismissed",
      answer: "Le client confirme la pause",
    });
    // the history says who did what and why, to the sheet's readers only
    const history = (await domain.timesheets.timesheetHistory(who, id))!;
    expect(history.map((h) => h.kind)).toEqual([
      "opened",
      "submit",
      "validate_agency",
      "reduce",
      "dispute",
      "dispute_dismissed",
    ]);
    expect(history.find((h) => h.kind === "reduce")).toMatchObject({
      reason: "Pause non déclarée",
      days: [week],
      by: expect.stringContaining("MANAGER_CLIENT"),
    });
    expect(await domain.timesheets.timesheetHistory(other.consultant, id)).toBeNull();
  });
});

describe("the list's filters", () => {
  it("offer only the reader's own clients, candidates and consultants", async () => {
    const mine = await domain.timesheets.timesheetFilterOptions(agency.consultant);
    expect(mine.clients.map((c) => c.id)).toEqual([agency.clientId]);
    expect(mine.consultants.map((c) => c.id)).toEqual([agency.consultant.id]);
    expect(mine.candidates.length).toBeGreaterThan(3);
    const theirs = await domain.timesheets.timesheetFilterOptions(other.consultant);
    expect(theirs.clients.map((c) => c.id)).toEqual([other.clientId]);
    expect(theirs.candidates.map((c) => c.id).filter((id) => mine.candidates.some((m) => m.id === id))).toEqual([]);
    expect((await domain.timesheets.timesheetFilterOptions(agency.client)).clients.map((c) => c.id)).toEqual([
      agency.clientId,
    ]);
    const candidateId = mine.candidates[0]!.id;
    expect(
      (await domain.timesheets.timesheets(agency.consultant, { candidate: candidateId })).every(
        (s) => s.candidateId === candidateId,
      ),
    ).toBe(true);
  });
});

describe("the pages", () => {
  const app = appHarness();
  let appDomain: Domain;
  let ge: { consultant: Actor; client: Actor; agencyId: string; clientId: string; manager: Actor };
  beforeAll(async () => {
    appDomain = createDomain(app.db.sql, { publicUrl: "https://missio.example" });
    const [row] = await app.db.sql<
      { id: string; agencyId: string; clientId: string | null; role: Actor["role"]; email: string }[]
    >`
      select id, agency_id as "agencyId", client_id as "clientId", role, email from rm_users where email in ('consultant.ge@demo.test') `;
    const [client] = await app.db.sql<
      { id: string; clientId: string }[]
    >`select id, client_id as "clientId" from rm_users where email = 'client@demo.test'`;
    const [manager] = await app.db.sql<{ id: string }[]>`select id from rm_users where email = 'manager@demo.test'`;
    ge = {
      agencyId: row!.agencyId,
      clientId: client!.clientId,
      consultant: { id: row!.id, role: row!.role, agencyId: row!.agencyId, clientId: null },
      client: { id: client!.id, role: "CLIENT", agencyId: row!.agencyId, clientId: client!.clientId },
      manager: { id: manager!.id, role: "MANAGER_CLIENT", agencyId: row!.agencyId, clientId: client!.clientId },
    };
  }, 60_000);

  it("the link page shows the week without changing anything; its form validates once; a forged link is a 404", async () => {
    const { id } = await waitingSheet(ge as never, appDomain, 2);
    await appDomain.timesheets.remindClients();
    const [mail] = await app.db.sql<
      { params: Record<string, string> }[]
    >`select params from mail_outbox where recipient = 'client@demo.test' and template = 'timesheetsToValidate' order by created_at desc limit 1`;
    const path = new URL(mail!.params.link!).pathname;
    const page = await fetch(`${app.url}${path}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="client-link"');
    expect(html).not.toContain("Set-Cookie");
    expect(page.headers.get("set-cookie") ?? "").not.toMatch(/session/i);
    expect((await app.db.sql`select status from rm_timesheets where id = ${id}`)[0]!.status).toBe("agency_validated");

    const post = await fetch(
      `${app.url}${path}?_data=${encodeURIComponent("routes/_public+/releves-heures.lien.$token")}`,
      { method: "POST", body: new URLSearchParams({}), headers: { origin: app.url } },
    );
    expect(post.status).toBe(200);
    expect(await post.json()).toMatchObject({ error: null, validated: expect.any(Number), failed: 0 });
    expect((await app.db.sql`select status, client_validated_by from rm_timesheets where id = ${id}`)[0]).toEqual({
      status: "client_validated",
      client_validated_by: ge.client.id,
    });
    const again = await fetch(
      `${app.url}${path}?_data=${encodeURIComponent("routes/_public+/releves-heures.lien.$token")}`,
      { method: "POST", body: new URLSearchParams({}), headers: { origin: app.url } },
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: "timesheet_link_used" });
    expect((await fetch(`${app.url}${path}`)).status).toBe(410);
    expect((await fetch(`${app.url}/releves-heures/lien/not-a-real-token`)).status).toBe(404);
  });

  it("a sheet's page is for its agency and company; the client options are for staff", async () => {
    const { id } = await waitingSheet(ge as never, appDomain, 3);
    const [consultant, client, otherStaff] = await Promise.all([
      loginCookie(app.url, "consultant.ge@demo.test", false),
      loginCookie(app.url, "client@demo.test", false),
      loginCookie(app.url, "consultant.lyon@demo.test", false),
    ]);
    const get = (path: string, cookie: string) =>
      fetch(`${app.url}${path}`, { headers: { cookie }, redirect: "manual" });
    expect((await get(`/releves-heures/${id}`, consultant)).status).toBe(200);
    expect((await get(`/releves-heures/${id}`, client)).status).toBe(200);
    expect((await get(`/releves-heures/${id}`, otherStaff)).status).toBe(404);
    expect((await get("/releves-heures/clients", consultant)).status).toBe(200);
    expect((await get("/releves-heures/clients", client)).headers.get("location")).toBe("/not-authorized");
  });
});
