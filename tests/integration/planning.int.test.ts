import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  appHarness,
  createLogger,
  integrationHarness,
  notifierProcessor,
  ProcessorRunner,
  roomsFor,
  type Actor,
} from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { pdfBytes } from "../support/documents";
import { loginCookie } from "../support/test-app";
import { MODULES } from "../../server/modules";
import { STATUS } from "../../server/modules/applications/contract";
import {
  addDaysTo,
  parsePoolKey,
  PlanningConflictError,
  poolKey,
  type PlanningWarningsError,
  type ShiftInput,
} from "../../server/modules/planning/contract";
import { planningModule } from "../../server/modules/planning";

/** The planning module against the real Postgres and event store; then the app's HTTP and socket guards. */
const { db, domain } = integrationHarness({ domain: { publicUrl: "https://missio.example" } });
let agency: Awaited<ReturnType<typeof agencyWithPeople>>;
let other: Awaited<ReturnType<typeof agencyWithPeople>>;
let colleague: Actor;
let seq = 0;

async function candidate(firstName = "Zoé"): Promise<Actor> {
  seq++;
  const id = await domain.identity.registerUser({
    email: `plan${seq}.${process.pid}@example.test`,
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
/** A validated mission: an ad proposed to the candidate, who accepts. */
async function mission(who: Actor, owner = agency, title = "Électricien de chantier") {
  const adId = await domain.missions.createAd(owner.consultant, {
    fields: sampleAdFields({ questions: [], places: 3, title }),
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
const shift = (day: string, start: number, end: number, over: Partial<ShiftInput> = {}): ShiftInput => ({
  day,
  startMin: start * 60,
  endMin: end * 60,
  breakMin: 30,
  place: "Genève",
  note: "",
  ...over,
});
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? { key: e.key, field: e.field, error: e } : Promise.reject(e)),
  );
async function notify() {
  const runner = new ProcessorRunner(
    domain.store,
    notifierProcessor({
      store: domain.store,
      sources: MODULES.flatMap((m) => (m.notices ? [m.notices] : [])),
      recipients: domain.identity,
      logger: createLogger("silent"),
      publicUrl: "https://missio.example",
    }),
    createLogger("silent"),
    100,
  );
  while (await runner.runOnce());
}

beforeAll(async () => {
  agency = await agencyWithPeople(domain);
  other = await agencyWithPeople(domain);
  const id = await domain.identity.registerUser({
    email: `colleague.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName: "Anna",
    lastName: "Keller",
    locale: "de",
    role: "ADMIN_CONSULTANT",
    country: null,
    agencyId: agency.agencyId,
    clientId: null,
    verified: true,
  });
  colleague = { id, role: "ADMIN_CONSULTANT", agencyId: agency.agencyId, clientId: null };
}, 60_000);

describe("assignments", () => {
  it("plans a draft, moves it with the version seen, and tells the loser of a race who won", async () => {
    const lea = await candidate("Léa");
    const placementId = await mission(lea);
    const id = await domain.planning.planAssignment(agency.consultant, {
      placementId,
      shift: shift("2026-11-30", 8, 17),
    });
    const [row] =
      await db.sql`select status, version, day::text, starts_at, ends_at from rm_assignments where id = ${id}`;
    expect(row).toMatchObject({ status: "draft", version: 1, day: "2026-11-30" });
    expect((row!.starts_at as Date).toISOString()).toBe("2026-11-30T07:00:00.000Z");

    expect(
      await domain.planning.changeAssignment(colleague, {
        assignmentId: id,
        version: 1,
        shift: shift("2026-12-01", 8, 17),
      }),
    ).toEqual({ version: 2 });
    const lost = await refusal(
      domain.planning.changeAssignment(agency.consultant, {
        assignmentId: id,
        version: 1,
        shift: shift("2026-12-02", 8, 17),
      }),
    );
    expect(lost!.error).toBeInstanceOf(PlanningConflictError);
    expect((lost!.error as PlanningConflictError).changedBy).toBe("Anna Keller");
    expect((lost!.error as PlanningConflictError).currentVersion).toBe(2);
    expect((await domain.planning.assignment(agency.consultant, id))!.day).toBe("2026-12-01");
  });

  it("refuses bad input on its field, another agency's mission or assignment, and non-staff", async () => {
    const tom = await candidate("Tom");
    const placementId = await mission(tom);
    expect(
      await refusal(
        domain.planning.planAssignment(agency.consultant, { placementId, shift: shift("2026-11-30", 9, 9) }),
      ),
    ).toMatchObject({ key: "planning_end_before_start", field: "end" });
    expect(
      await refusal(
        domain.planning.planAssignment(agency.consultant, {
          placementId: crypto.randomUUID(),
          shift: shift("2026-11-30", 8, 17),
        }),
      ),
    ).toMatchObject({ key: "planning_mission_not_found", field: "placementId" });
    expect(
      await refusal(
        domain.planning.planAssignment(other.consultant, { placementId, shift: shift("2026-11-30", 8, 17) }),
      ),
    ).toMatchObject({ key: "planning_mission_not_found", field: "placementId" });
    const id = await domain.planning.planAssignment(agency.consultant, {
      placementId,
      shift: shift("2026-11-30", 22, 6),
    });
    expect(
      await refusal(
        domain.planning.changeAssignment(other.consultant, {
          assignmentId: id,
          version: 1,
          shift: shift("2026-11-30", 8, 17),
        }),
      ),
    ).toMatchObject({ key: "planning_assignment_not_found" });
    expect(await domain.planning.assignment(other.consultant, id)).toBeNull();
    for (const who of [agency.client, agency.manager, tom])
      expect(await refusal(domain.planning.removeAssignment(who, { assignmentId: id, version: 1 }))).toMatchObject({
        key: "not_authorized",
      });
    // a client user reads the board of their company's missions only; the other agency nothing
    expect(
      (await domain.planning.board(other.consultant, { from: "2026-11-30", to: "2026-12-06" })).assignments.map(
        (a) => a.id,
      ),
    ).not.toContain(id);
  });

  it("names the candidate, missions and times of an overlap, asks for a reason and keeps it", async () => {
    const ana = await candidate("Ana");
    const [first, second] = [await mission(ana, agency, "Cariste"), await mission(ana, agency, "Magasinier")];
    await domain.planning.planAssignment(agency.consultant, { placementId: first, shift: shift("2026-12-07", 8, 17) });
    const refused = await refusal(
      domain.planning.planAssignment(agency.consultant, { placementId: second, shift: shift("2026-12-07", 16, 20) }),
    );
    expect(refused).toMatchObject({ key: "planning_reason_required", field: "reason" });
    const [w] = (refused!.error as PlanningWarningsError).warnings;
    expect(w).toMatchObject({ kind: "overlap", candidateName: expect.stringContaining("Ana") });
    expect(w!.shifts.map((s) => `${s.adTitle} ${s.start}-${s.end}`).sort()).toEqual([
      "Cariste 08:00-17:00",
      "Magasinier 16:00-20:00",
    ]);
    const id = await domain.planning.planAssignment(agency.consultant, {
      placementId: second,
      shift: shift("2026-12-07", 16, 20),
      reason: "Inventaire urgent",
    });
    expect((await domain.planning.assignment(agency.consultant, id))!.overrideReason).toBe("Inventaire urgent");
    const board = await domain.planning.board(agency.consultant, { from: "2026-12-07", to: "2026-12-13" });
    expect(board.warnings.filter((x) => x.kind === "overlap" && x.assignmentIds.includes(id))).toHaveLength(1);
    // a short rest the next morning
    expect(
      await refusal(
        domain.planning.planAssignment(agency.consultant, { placementId: first, shift: shift("2026-12-08", 6, 12) }),
      ),
    ).toMatchObject({ key: "planning_reason_required" });
  });

  it("warns on a shift after the candidate's work permit expires, asks for a reason; client users never see documents", async () => {
    const eva = await candidate("Eva");
    const placementId = await mission(eva);
    await domain.candidates.addDocument(eva, {
      category: "work_permit",
      expiresAt: "2031-01-31",
      upload: { name: "permis.pdf", bytes: pdfBytes() },
    });
    const before = await domain.planning.planAssignment(agency.consultant, {
      placementId,
      shift: shift("2031-01-31", 8, 12),
    });
    const refused = await refusal(
      domain.planning.planAssignment(agency.consultant, { placementId, shift: shift("2031-02-03", 8, 12) }),
    );
    expect(refused).toMatchObject({ key: "planning_reason_required", field: "reason" });
    expect((refused!.error as PlanningWarningsError).warnings).toEqual([
      expect.objectContaining({
        kind: "document",
        category: "work_permit",
        expiredOn: "2031-01-31",
        candidateName: expect.stringContaining("Eva"),
      }),
    ]);
    const after = await domain.planning.planAssignment(agency.consultant, {
      placementId,
      shift: shift("2031-02-03", 8, 12),
      reason: "Renouvellement déposé",
    });
    const board = await domain.planning.board(agency.consultant, { from: "2031-01-27", to: "2031-02-09" });
    expect(board.warnings.filter((w) => w.kind === "document").map((w) => w.assignmentIds)).toEqual([[after]]);
    expect(board.assignments.map((a) => a.id)).toEqual(expect.arrayContaining([before, after]));
    expect((await domain.planning.board(agency.client, { from: "2031-01-27", to: "2031-02-09" })).expiries).toEqual({});
    // a renewed permit ends the warning
    await domain.candidates.addDocument(eva, {
      category: "work_permit",
      expiresAt: "2033-01-31",
      upload: { name: "permis-2.pdf", bytes: pdfBytes() },
    });
    expect(
      (await domain.planning.board(agency.consultant, { from: "2031-01-27", to: "2031-02-09" })).warnings.filter(
        (w) => w.kind === "document",
      ),
    ).toEqual([]);
  });

  it("the pool: a candidate retained for the ad, or any of the agency's candidates, is placed on the mission when first planned", async () => {
    const [rita, noel, stranger] = [await candidate("Rita"), await candidate("Noël"), await candidate("Ugo")];
    const adId = await domain.missions.createAd(agency.consultant, {
      fields: sampleAdFields({ questions: [], places: 3, title: "Préparateur" }),
      publish: true,
    });
    const apply = (who: Actor) =>
      domain.applications.apply(who, {
        adId,
        source: "S01",
        answers: [],
        message: "",
        cv: { kind: "upload", name: "cv.pdf", bytes: pdfBytes() },
      });
    const ritaApplication = await apply(rita);
    await domain.applications.changeStatus(agency.consultant, ritaApplication, { to: STATUS.retained });
    // Noël applied to the agency (another ad of it would do), the stranger never did
    await apply(noel);
    // the ad's mission runs from a week from now for two months
    const monday = addDaysTo(new Date().toISOString().slice(0, 10), 14);
    const week = { from: monday, to: addDaysTo(monday, 6) };
    const pool = (await domain.planning.board(agency.consultant, week)).pool;
    expect(pool.filter((p) => p.adId === adId)).toEqual([
      expect.objectContaining({ kind: "retained", placementId: null, candidateId: rita.id }),
    ]);
    expect(await domain.planning.agencyCandidates(agency.consultant, "Noël")).toEqual([
      { id: noel.id, name: expect.stringContaining("Noël") },
    ]);
    expect(await domain.planning.agencyCandidates(agency.consultant, "Ugo")).toEqual([]);
    expect(await domain.planning.agencyCandidates(other.consultant, "Rita")).toEqual([]);

    const plan = (candidateId: string, by = agency.consultant) =>
      domain.planning.planAssignment(by, {
        ...parsePoolKey(poolKey({ placementId: null, adId, candidateId })),
        shift: shift(addDaysTo(monday, 1), 8, 12),
        reason: "Deux équipes",
      });
    const ritaShift = await plan(rita.id);
    const [placed] = await db.sql<
      { id: string; proposal_id: string | null }[]
    >`select id, proposal_id from rm_placements where ad_id = ${adId} and candidate_id = ${rita.id}`;
    expect(placed).toMatchObject({ proposal_id: null });
    expect((await domain.planning.assignment(agency.consultant, ritaShift))!.placementId).toBe(placed!.id);
    // on mission now (status 6), and no longer "retained" in the pool but "on mission"
    const [app] = await db.sql<{ status: number }[]>`select status from rm_applications where id = ${ritaApplication}`;
    expect(app!.status).toBe(STATUS.mission);
    expect((await domain.planning.board(agency.consultant, week)).pool.filter((p) => p.adId === adId)).toEqual([
      expect.objectContaining({ kind: "mission", placementId: placed!.id }),
    ]);
    // planning her again reuses the mission
    await plan(rita.id);
    expect(await db.sql`select 1 from rm_placements where ad_id = ${adId} and candidate_id = ${rita.id}`).toHaveLength(
      1,
    );
    await notify();
    const [told] = await db.sql<
      { kind: string }[]
    >`select kind from rm_notifications where user_id = ${rita.id} and kind = 'placement_direct'`;
    expect(told).toBeTruthy();

    await plan(noel.id);
    expect(await refusal(plan(stranger.id))).toMatchObject({
      key: "planning_candidate_not_found",
      field: "placementId",
    });
    expect(await refusal(plan(rita.id, other.consultant))).toMatchObject({
      key: "planning_mission_not_found",
      field: "placementId",
    });
  });

  it("a shift handed to another candidate becomes theirs on the same mission; a stale version books nobody", async () => {
    const [ada, ben] = [await candidate("Ada"), await candidate("Ben")];
    const placementId = await mission(ada, agency, "Soudeur");
    await mission(ben, agency, "Monteur");
    const id = await domain.planning.planAssignment(agency.consultant, {
      placementId,
      shift: shift("2031-04-01", 8, 12),
    });
    const stale = await refusal(
      domain.planning.changeAssignment(colleague, {
        assignmentId: id,
        version: 2,
        candidateId: ben.id,
        shift: shift("2031-04-01", 8, 12),
      }),
    );
    expect(stale).toMatchObject({ key: "planning_changed_by" });
    expect(await db.sql`select 1 from rm_assignments where candidate_id = ${ben.id}`).toHaveLength(0);

    const moved = await domain.planning.changeAssignment(colleague, {
      assignmentId: id,
      version: 1,
      candidateId: ben.id,
      shift: shift("2031-04-02", 9, 13),
    });
    expect(await domain.planning.assignment(agency.consultant, id)).toBeNull(); // a draft never published: gone
    const theirs = (await domain.planning.assignment(agency.consultant, moved.id!))!;
    expect(theirs).toMatchObject({
      candidateId: ben.id,
      adTitle: "Soudeur",
      day: "2031-04-02",
      startMin: 540,
      status: "draft",
    });
    expect(await db.sql`select 1 from rm_placements where candidate_id = ${ben.id}`).toHaveLength(2);
    // another agency's candidate is nobody to hand it to
    const outsider = await candidate("Olaf");
    await mission(outsider, other);
    expect(
      await refusal(
        domain.planning.changeAssignment(agency.consultant, {
          assignmentId: moved.id!,
          version: 1,
          candidateId: outsider.id,
          shift: shift("2031-04-02", 9, 13),
        }),
      ),
    ).toMatchObject({
      key: "planning_candidate_not_found",
    });
    expect((await domain.planning.assignment(agency.consultant, moved.id!))!.candidateId).toBe(ben.id);
  });

  it("publishes: the candidate sees only published shifts, is told what changed, by mail in their language; drafts stay hidden", async () => {
    const sam = await candidate("Sam");
    const placementId = await mission(sam);
    const id = await domain.planning.planAssignment(colleague, { placementId, shift: shift("2026-12-14", 7, 16) });
    expect(await domain.planning.myShifts(sam, "2026-12-01")).toEqual([]);
    // "mine" publishes only the colleague's drafts
    await domain.planning.publishPlanning(agency.consultant, "mine");
    expect(await domain.planning.myShifts(sam, "2026-12-01")).toEqual([]);
    expect(await domain.planning.publishPreview(colleague, "mine")).toContainEqual(
      expect.objectContaining({ candidateId: sam.id, count: 1 }),
    );
    expect((await domain.planning.publishPlanning(colleague, "mine")).published).toBeGreaterThanOrEqual(1);
    expect((await domain.planning.myShifts(sam, "2026-12-01")).map((s) => [s.id, s.day, s.start, s.end])).toEqual([
      [id, "2026-12-14", "07:00", "16:00"],
    ]);
    // a draft change is not shown to the candidate until published
    await domain.planning.changeAssignment(colleague, {
      assignmentId: id,
      version: 2,
      shift: shift("2026-12-14", 9, 18),
    });
    expect((await domain.planning.myShifts(sam, "2026-12-01"))[0]!.start).toBe("07:00");
    await domain.planning.publishPlanning(colleague, "all");
    expect((await domain.planning.myShifts(sam, "2026-12-01"))[0]!.start).toBe("09:00");
    await domain.planning.confirmShift(sam, id);
    expect((await domain.planning.myShifts(sam, "2026-12-01"))[0]!.confirmed).toBe(true);
    expect(await refusal(domain.planning.confirmShift(await candidate(), id))).toMatchObject({
      key: "planning_assignment_not_found",
    });
    await notify();
    const mails = await db.sql<
      { template: string }[]
    >`select template from mail_outbox where recipient = (select email from rm_users where id = ${sam.id}) and template = 'shiftsPublished'`;
    expect(mails).toHaveLength(2);
    const [note] = await db.sql<
      { params: Record<string, unknown> }[]
    >`select params from rm_notifications where user_id = ${sam.id} and kind = 'shifts_published' limit 1`;
    expect(note).toBeTruthy();
  });

  it("routes drafts to the agency's planning room only, a publication to the candidate too", async () => {
    const [planned] = await db.sql<
      { global_position: string }[]
    >`select global_position from events where type = 'AssignmentPlanned' order by global_position desc limit 1`;
    const [published] = await db.sql<
      { global_position: string }[]
    >`select global_position from events where type = 'AssignmentPublished' order by global_position desc limit 1`;
    const read = async (pos: string) => (await domain.store.readAllByPosition(Number(pos) - 1, 1, null))[0]!;
    const routes = [planningModule.realtime!];
    const draftRooms = roomsFor(await read(planned!.global_position), routes);
    expect(draftRooms).toContain(`planning:${agency.agencyId}`);
    expect(draftRooms.filter((r) => r.startsWith("user:"))).toEqual([]);
    const pub = await read(published!.global_position);
    expect(roomsFor(pub, routes)).toContain(`user:${String(pub.data.candidateId)}`);
  });
});

describe("the app: pages, actions and sockets across agencies and roles", () => {
  const app = appHarness();
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));
  // `_data`: the answer as data, as the board's fetchers get it (a plain POST gets the page)
  const post = (cookie: string, body: Record<string, string>) =>
    fetch(`${app.url}/planification?_data=${encodeURIComponent("routes/_app+/planification")}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie },
      body: new URLSearchParams({ js: "1", ...body }),
    });
  const socketAs = async (cookie: string) => {
    const socket = connect(app.url, {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie },
    });
    sockets.push(socket);
    await new Promise<void>(
      (resolve, reject) => (socket.once("connect", () => resolve()), socket.once("connect_error", reject)),
    );
    return socket;
  };
  const ask = (s: Socket, event: string, payload: unknown) =>
    new Promise<{ ok: boolean }>((resolve) => s.emit(event, payload, resolve));

  it("staff edit, client users read only, candidates are sent away; other agencies' data refused", async () => {
    const [ge, ge2, lyon, client, cand] = await Promise.all([
      loginCookie(app.url, "consultant.ge@demo.test", false),
      loginCookie(app.url, "consultant.ge2@demo.test", false),
      loginCookie(app.url, "consultant.lyon@demo.test", false),
      loginCookie(app.url, "client@demo.test", false),
      loginCookie(app.url, "candidate@demo.test", true),
    ]);
    expect(
      (await fetch(`${app.url}/planification`, { headers: { cookie: cand }, redirect: "manual" })).headers.get(
        "location",
      ),
    ).toBe("/not-authorized");
    expect((await fetch(`${app.url}/planification`, { headers: { cookie: client } })).status).toBe(200);
    const [geAssignment] = await app.db.sql<
      { id: string; version: number; placement_id: string }[]
    >`select a.id, a.version, a.placement_id from rm_assignments a
      join rm_agencies g on g.id = a.agency_id where g.name = 'Léman Intérim SA' and not a.removing order by a.day limit 1`;
    expect(geAssignment).toBeTruthy();
    // a reason: the demo candidates' documents may have expired by 2030 (a warning to acknowledge)
    const move = {
      intent: "change",
      assignmentId: geAssignment!.id,
      version: String(geAssignment!.version),
      day: "2030-01-07",
      start: "08:00",
      end: "12:00",
      breakMinutes: "0",
      reason: "Test",
    };
    // another agency's consultant, a client user: refused; the same agency's colleague: done
    expect((await post(lyon, move)).status).toBe(404);
    expect((await post(client, move)).status).toBe(403);
    expect((await post(cand, move)).status).toBe(204); // a redirect to /not-authorized, as data
    expect(
      (
        await post(lyon, {
          intent: "create",
          placementId: geAssignment!.placement_id,
          day: "2030-01-07",
          start: "08:00",
          end: "12:00",
        })
      ).status,
    ).toBe(404);
    const bad = await (await post(ge, { ...move, end: "07:00" })).json();
    expect(bad.result.error.end).toEqual(["planning_end_before_start"]);
    const ok = await post(ge2, move);
    expect(ok.status).toBe(200);
    const stale = await (await post(ge, move)).json();
    expect(stale).toMatchObject({ ok: false, error: "planning_changed_by", changedBy: "Luca Bernasconi" });

    // who publishing would tell now, asked again by an open board: editors only; JSON, never a redirect
    const publication = (cookie: string | undefined) =>
      fetch(`${app.url}/planification/publication`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    const summary = await (await publication(ge)).json();
    expect(summary.preview.all.length).toBeGreaterThan(0);
    expect((await publication(client)).status).toBe(403);
    expect((await publication(cand)).status).toBe(403);
    expect((await publication(undefined)).status).toBe(401);
  });

  it("a changed shift is pushed whole to its agency's planning room, and only there", async () => {
    const [ge, lyon] = await Promise.all([
      loginCookie(app.url, "consultant.ge2@demo.test", false),
      loginCookie(app.url, "consultant.lyon@demo.test", false),
    ]);
    const [l, g] = await Promise.all([socketAs(lyon!), socketAs(ge!)]);
    const heardByLyon: unknown[] = [];
    l.on("planning:shift", (m) => heardByLyon.push(m));
    const [row] = await app.db.sql<
      { id: string; version: number }[]
    >`select a.id, a.version from rm_assignments a join rm_agencies g on g.id = a.agency_id
      where g.name = 'Léman Intérim SA' and not a.removing and a.status = 'draft' order by a.day desc limit 1`;
    const pushed = new Promise<{
      id: string;
      shift: { day: string; version: number; candidateName: string; startsAtMs: number } | null;
    }>((resolve) =>
      // pushes of earlier changes may still arrive: wait for this one's version
      g.on(
        "planning:shift",
        (m: { id: string; shift: { version: number } | null }) =>
          m.id === row!.id && m.shift?.version === row!.version + 1 && resolve(m as never),
      ),
    );
    const res = await post(ge, {
      intent: "change",
      assignmentId: row!.id,
      version: String(row!.version),
      day: "2030-02-04",
      start: "09:00",
      end: "13:00",
      breakMinutes: "0",
    });
    expect(res.status).toBe(200);
    const m = await pushed;
    expect(m.shift).toMatchObject({ day: "2030-02-04", version: row!.version + 1 });
    expect(m.shift!.candidateName.length).toBeGreaterThan(0);
    expect(m.shift!.startsAtMs).toBe(Date.parse("2030-02-04T08:00:00Z"));
    // removed: a shift never published is gone (pushed as null), a published one is struck through until published again
    const gone = new Promise<{ shift: { removing: boolean } | null }>((resolve) =>
      g.on(
        "planning:shift",
        (x: { id: string; shift: { removing: boolean } | null }) =>
          x.id === row!.id && (x.shift === null || x.shift.removing) && resolve(x),
      ),
    );
    expect(
      (await post(ge, { intent: "remove", assignmentId: row!.id, version: String(row!.version + 1) })).status,
    ).toBe(200);
    const [still] = await app.db.sql`select removing from rm_assignments where id = ${row!.id}`;
    expect((await gone).shift).toEqual(still ? expect.objectContaining({ removing: true }) : null);
    // the marker: a change of one of Lyon's shifts, appended after the removal; the processor
    // pushes in the log's order, so once Lyon's socket hears it, it would have heard Geneva's before
    const [mine] = await app.db.sql<
      { id: string; version: number }[]
    >`select a.id, a.version from rm_assignments a join rm_agencies g on g.id = a.agency_id
      where g.name = 'Rhône Emploi' and not a.removing order by a.day desc limit 1`;
    const marker = new Promise<void>((resolve) =>
      l.on(
        "planning:shift",
        (m: { id: string; shift: { version: number } | null }) =>
          m.id === mine!.id && m.shift?.version === mine!.version + 1 && resolve(),
      ),
    );
    expect(
      (
        await post(lyon!, {
          intent: "change",
          assignmentId: mine!.id,
          version: String(mine!.version),
          day: "2030-02-05",
          start: "09:00",
          end: "13:00",
          breakMinutes: "0",
        })
      ).status,
    ).toBe(200);
    await marker;
    // Lyon's own shifts may be pushed meanwhile (the processor still catching up on the demo seed): never Geneva's
    const heardIds = heardByLyon.map((x) => (x as { id: string }).id);
    const agencies = heardIds.length
      ? await app.db.sql<
          { name: string }[]
        >`select distinct g.name from rm_assignments a join rm_agencies g on g.id = a.agency_id where a.id in ${app.db.sql(heardIds)}`
      : [];
    expect(agencies.map((a) => a.name).filter((n) => n !== "Rhône Emploi")).toEqual([]);
    expect(heardIds).not.toContain(row!.id);
  });

  it("a socket may speak in its own agency's planning room only", async () => {
    const [ge, ge2, lyon, client] = await Promise.all(
      ["consultant.ge@demo.test", "consultant.ge2@demo.test", "consultant.lyon@demo.test", "client@demo.test"].map(
        (e) => loginCookie(app.url, e, false),
      ),
    );
    const [geneva] = await app.db.sql<{ id: string }[]>`select id from rm_agencies where name = 'Léman Intérim SA'`;
    const [a, b, l, c] = await Promise.all([socketAs(ge!), socketAs(ge2!), socketAs(lyon!), socketAs(client!)]);
    const heardByB = new Promise<{ name: string; selection: string }>((resolve) =>
      b.once("planning:presence", resolve),
    );
    const heardByLyon: unknown[] = [];
    l.on("planning:presence", (m) => heardByLyon.push(m));
    expect(await ask(a, "planning:join", geneva!.id)).toEqual({ ok: true });
    expect(await ask(l, "planning:join", geneva!.id)).toEqual({ ok: false });
    expect(await ask(c, "planning:join", geneva!.id)).toEqual({ ok: false });
    expect(await ask(l, "planning:presence", { agencyId: geneva!.id, selection: "x" })).toEqual({ ok: false });
    expect(await ask(a, "planning:presence", { agencyId: geneva!.id, selection: "a1", seq: 4 })).toEqual({ ok: true });
    // the sender's count is relayed: the adapter may deliver two messages in either order
    expect(await heardByB).toMatchObject({ name: "Camille Rochat", selection: "a1", seq: 4 });
    // the marker: a second Lyon socket speaks in Lyon's room after that; the server sends to a
    // socket in order, so once Lyon's first socket hears it, Geneva's presence would have come first
    const l2 = await socketAs(lyon!);
    const [lyonAgency] = await app.db.sql<{ id: string }[]>`select id from rm_agencies where name = 'Rhône Emploi'`;
    const marker = new Promise<unknown>((resolve) =>
      l.on("planning:presence", (m: { selection: string }) => m.selection === "marker" && resolve(m)),
    );
    expect(await ask(l2, "planning:presence", { agencyId: lyonAgency!.id, selection: "marker" })).toEqual({ ok: true });
    await marker;
    expect(heardByLyon).toEqual([expect.objectContaining({ selection: "marker", name: "Julien Perrin" })]);
  });
});
