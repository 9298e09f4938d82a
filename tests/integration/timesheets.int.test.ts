import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, appHarness, integrationHarness, type Actor } from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { loginCookie } from "../support/test-app";
import { addDaysTo, mondayOf } from "../../server/modules/planning/contract";
import { emptyDay, type DayEntry } from "../../server/modules/timesheets/contract";

/** Timesheets against the real Postgres and event store; then the pages' guards over HTTP. */
const { db, domain } = integrationHarness({ domain: { publicUrl: "https://missio.example" } });
let agency: Awaited<ReturnType<typeof agencyWithPeople>>;
let other: Awaited<ReturnType<typeof agencyWithPeople>>;
let seq = 0;

async function candidate(firstName = "Zoé"): Promise<Actor> {
  seq++;
  const id = await domain.identity.registerUser({
    email: `ts${seq}.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName,
    lastName: `Rochat${seq}`,
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  return { id, role: "CANDIDATE", agencyId: null, clientId: null };
}
/** A validated mission of the agency for its client company: proposed and accepted. */
async function mission(who: Actor, owner = agency) {
  const adId = await domain.missions.createAd(owner.consultant, {
    fields: sampleAdFields({ questions: [], places: 3 }),
    clientId: owner.clientId,
    publish: true,
  });
  const proposalId = await domain.placements.propose(owner.consultant, {
    adId,
    candidateIds: [who.id],
    mode: "first",
    places: 1,
    expiresAt: new Date(Date.now() + 86_400_000),
    message: "",
  });
  return (await domain.placements.acceptProposal(who, proposalId))[0]!;
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

beforeAll(async () => {
  agency = await agencyWithPeople(domain);
  other = await agencyWithPeople(domain);
}, 60_000);

describe("timesheets", () => {
  it("opens once per mission and week, prefilled with the published shifts, and follows the workflow to the client", async () => {
    const lea = await candidate("Léa");
    const placementId = await mission(lea);
    // the mission runs from a week from now for two months: a week three weeks ahead is inside
    const week = mondayOf(addDaysTo(new Date().toISOString().slice(0, 10), 21));
    const [mon, tue, wed, thu, fri] = [0, 1, 2, 3, 4].map((n) => addDaysTo(week, n)) as [
      string,
      string,
      string,
      string,
      string,
    ];
    await domain.planning.planAssignment(agency.consultant, {
      placementId,
      shift: { day: tue, startMin: 420, endMin: 960, breakMin: 45, place: "Genève", note: "" },
    });
    await domain.planning.publishPlanning(agency.consultant, "all");

    const id = await domain.timesheets.openTimesheet(lea, { placementId, week: wed });
    expect(await domain.timesheets.openTimesheet(agency.consultant, { placementId, week })).toBe(id);
    const sheet = (await domain.timesheets.timesheet(lea, id))!;
    expect(sheet).toMatchObject({ week, status: "in_progress", adTitle: expect.any(String) });
    expect(sheet.days).toEqual([
      expect.objectContaining({ day: tue, ranges: [{ startMin: 420, endMin: 960 }], breakMin: 45, site: "Genève" }),
    ]);

    await domain.timesheets.saveTimesheetDay(lea, { timesheetId: id, entry: day(wed) });
    await domain.timesheets.saveTimesheetDay(lea, { timesheetId: id, entry: day(thu, { mealFees: 1850 }) });
    expect((await domain.timesheets.timesheet(lea, id))!.days.map((d) => d.day)).toEqual([tue, wed, thu]);
    // impossible input is refused on its field; nothing else changes
    expect(
      await refusal(domain.timesheets.saveTimesheetDay(lea, { timesheetId: id, entry: day(fri, { breakMin: 600 }) })),
    ).toMatchObject({ key: "timesheet_break_too_long", field: "breakMin" });

    // the pay: Swiss defaults, one line per day for these short days
    const pay = domain.timesheets.payOf((await domain.timesheets.timesheet(lea, id))!);
    expect(pay.totals.workedMin).toBe(495 + 480 + 480);

    await domain.timesheets.moveTimesheet(lea, { timesheetId: id, version: await version(id), action: "submit" });
    // the client validates only after the agency
    expect(
      await refusal(
        domain.timesheets.moveTimesheet(agency.client, {
          timesheetId: id,
          version: await version(id),
          action: "validate_client",
        }),
      ),
    ).toMatchObject({ key: "timesheet_transition_refused" });
    await domain.timesheets.moveTimesheet(agency.consultant, {
      timesheetId: id,
      version: await version(id),
      action: "validate_agency",
    });
    // the client asks for a check, the candidate corrects and sends it again
    expect(
      await refusal(
        domain.timesheets.moveTimesheet(agency.client, {
          timesheetId: id,
          version: await version(id),
          action: "request_verification",
        }),
      ),
    ).toMatchObject({ key: "timesheet_reason_required" });
    await domain.timesheets.moveTimesheet(agency.client, {
      timesheetId: id,
      version: await version(id),
      action: "request_verification",
      reason: "Mercredi: 17h ?",
    });
    expect((await domain.timesheets.timesheet(lea, id))!).toMatchObject({
      status: "verification",
      comment: "Mercredi: 17h ?",
    });
    await domain.timesheets.saveTimesheetDay(lea, {
      timesheetId: id,
      entry: day(wed, { ranges: [{ startMin: 480, endMin: 960 }] }),
    });
    await domain.timesheets.moveTimesheet(lea, { timesheetId: id, version: await version(id), action: "submit" });
    await domain.timesheets.moveTimesheet(agency.consultant, {
      timesheetId: id,
      version: await version(id),
      action: "validate_agency",
    });
    await domain.timesheets.moveTimesheet(agency.client, {
      timesheetId: id,
      version: await version(id),
      action: "validate_client",
    });
    const [row] = await db.sql<
      { status: string; client_validated_by: string }[]
    >`select status, client_validated_by from rm_timesheets where id = ${id}`;
    expect(row).toMatchObject({ status: "client_validated", client_validated_by: agency.client.id });
    // that it is final (no cancel, no day saved) is the decider's rule: server/modules/timesheets/decider.test.ts
    expect(mon < tue).toBe(true);
  });

  it("an offline device's day is refused when the server's changed since, and its retried steps are done once", async () => {
    const lea = await candidate("Léa");
    const placementId = await mission(lea);
    const week = mondayOf(addDaysTo(new Date().toISOString().slice(0, 10), 21));
    const id = await domain.timesheets.openTimesheet(lea, { placementId, week });
    const tue = addDaysTo(week, 1);
    // another device saved Tuesday; this one still had it empty
    await domain.timesheets.saveTimesheetDay(lea, { timesheetId: id, entry: day(tue, { breakMin: 30 }) });
    expect(
      await refusal(
        domain.timesheets.saveTimesheetDay(lea, {
          timesheetId: id,
          entry: day(tue, { breakMin: 45 }),
          expected: emptyDay(tue),
        }),
      ),
    ).toEqual({ key: "timesheet_day_changed", field: "day" });
    // seen as the server has it (as its page got it from the read model): saved
    const [row] = await db.sql<{ days: DayEntry[] }[]>`select days from rm_timesheets where id = ${id}`;
    const seen = row!.days.find((d) => d.day === tue)!;
    await domain.timesheets.saveTimesheetDay(lea, {
      timesheetId: id,
      entry: day(tue, { breakMin: 45 }),
      expected: seen,
    });
    // "validate my week" sent twice with its key (the answer was lost): one step, the same answer
    const key = crypto.randomUUID();
    const v = await version(id);
    const first = await domain.timesheets.moveTimesheet(lea, {
      timesheetId: id,
      version: v,
      action: "submit",
      idempotencyKey: key,
    });
    const again = await domain.timesheets.moveTimesheet(lea, {
      timesheetId: id,
      version: v,
      action: "submit",
      idempotencyKey: key,
    });
    expect(again).toEqual(first);
    const [moves] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from events where stream_id = ${`timesheet-${id}`} and type = 'TimesheetMoved'`;
    expect(moves!.n).toBe(1);
    // a day sent after the week was submitted is refused, not lost: the page shows both
    expect(
      await refusal(domain.timesheets.saveTimesheetDay(lea, { timesheetId: id, entry: day(tue), expected: seen })),
    ).toEqual({ key: "timesheet_not_editable", field: undefined });
  });

  it("keeps each sheet to its candidate, agency and client company", async () => {
    const [sam, ugo] = [await candidate("Sam"), await candidate("Ugo")];
    const placementId = await mission(sam);
    const week = mondayOf(addDaysTo(new Date().toISOString().slice(0, 10), 21));
    const id = await domain.timesheets.openTimesheet(sam, { placementId, week });
    expect(await refusal(domain.timesheets.openTimesheet(ugo, { placementId, week }))).toMatchObject({
      key: "timesheet_not_found",
    });
    expect(await refusal(domain.timesheets.openTimesheet(other.consultant, { placementId, week }))).toMatchObject({
      key: "timesheet_not_found",
    });
    for (const outsider of [ugo, other.consultant, other.client]) {
      expect(await domain.timesheets.timesheet(outsider, id)).toBeNull();
      expect((await domain.timesheets.timesheets(outsider)).map((s) => s.id)).not.toContain(id);
      expect(
        await refusal(
          domain.timesheets.saveTimesheetDay(outsider, { timesheetId: id, entry: day(addDaysTo(week, 1)) }),
        ),
      ).toMatchObject({ key: "timesheet_not_found" });
    }
    expect((await domain.timesheets.timesheets(agency.client)).map((s) => s.id)).toContain(id);
    // a day outside the mission's week is refused
    expect(
      await refusal(domain.timesheets.saveTimesheetDay(sam, { timesheetId: id, entry: day(addDaysTo(week, 7)) })),
    ).toMatchObject({ key: "timesheet_day_outside" });
  });
});

describe("the pages", () => {
  const app = appHarness();
  afterAll(() => undefined);

  it("candidates open their sheets; agency staff, client users and admins the list; others are sent away", async () => {
    const [cand, ge, client, admin] = await Promise.all([
      loginCookie(app.url, "candidate@demo.test", true),
      loginCookie(app.url, "consultant.ge@demo.test", false),
      loginCookie(app.url, "client@demo.test", false),
      loginCookie(app.url, "admin@demo.test", false),
    ]);
    const get = (path: string, cookie: string) =>
      fetch(`${app.url}${path}`, { headers: { cookie }, redirect: "manual" });
    expect((await get("/fiches-horaires", cand)).status).toBe(200);
    const staff = await get("/fiches-horaires", ge);
    expect([staff.status, staff.headers.get("location")]).toEqual([302, "/not-authorized"]);
    expect((await get("/releves-heures", ge)).status).toBe(200);
    expect((await get("/releves-heures", client)).status).toBe(200);
    expect((await get("/releves-heures", cand)).headers.get("location")).toBe("/not-authorized");
    // platform admins read every agency's sheets, without acting on them
    expect((await get("/releves-heures", admin)).status).toBe(200);
    // a sheet that is not theirs reads as missing
    expect((await get("/fiches-horaires/00000000-0000-4000-8000-000000000000", cand)).status).toBe(404);
  });
});
