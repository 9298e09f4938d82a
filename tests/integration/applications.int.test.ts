import { beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  ConcurrencyError,
  integrationHarness,
  notifierProcessor,
  ProcessorRunner,
  createLogger,
  SYSTEM_ACTOR,
  type Actor,
} from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { MODULES } from "../../server/modules";
import { AUTO_REPLY_AFTER_MS, STATUS, UNDO_MS, type PipelineFilters } from "../../server/modules/applications/contract";

/** Applications against the real Postgres and event store, with a clock the tests move. */
const { db, domain, clock } = integrationHarness({ clock: true, domain: { publicUrl: "https://missio.example" } });
let agency: Awaited<ReturnType<typeof agencyWithPeople>>;
let other: Awaited<ReturnType<typeof agencyWithPeople>>;
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.key : e instanceof ConcurrencyError ? "concurrency" : Promise.reject(e)),
  );

let seq = 0;
async function candidate(locale = "fr"): Promise<Actor> {
  seq++;
  const id = await domain.identity.registerUser({
    email: `apply${seq}.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName: `Noé${seq}`,
    lastName: "Favre",
    locale,
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  return { id, role: "CANDIDATE", agencyId: null, clientId: null };
}

const publish = (questions: string[] = [], owner = agency) =>
  domain.missions.createAd(owner.consultant, { fields: sampleAdFields({ questions }), publish: true });
const apply = (who: Actor, adId: number, answers: boolean[] = [], source = "S01") =>
  domain.applications.apply(who, {
    adId,
    source,
    answers,
    message: "Disponible dès lundi",
    cv: { kind: "upload", name: "cv.pdf", bytes: PDF },
  });

/** Runs the notifier over everything appended so far (the app runs it as a processor). */
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
const mailsTo = async ({ id }: Actor) =>
  db.sql<
    { template: string; params: Record<string, string> }[]
  >`select template, params from mail_outbox where recipient = (select email from rm_users where id = ${id}) order by created_at`;

beforeAll(async () => {
  agency = await agencyWithPeople(domain);
  other = await agencyWithPeople(domain);
});

describe("applying", () => {
  it("records the application once, with its source, answers and CV, and tells both sides", async () => {
    const adId = await publish(["Permis B ?"]);
    const lea = await candidate();
    const id = await apply(lea, adId, [true], "S03");
    const [row] =
      await db.sql`select status, source, answers, cv_name, auto_reply_due_at, channel from rm_applications where id = ${id}`;
    expect(row).toMatchObject({
      status: STATUS.pending,
      source: "S03",
      answers: [true],
      cv_name: "cv.pdf",
      auto_reply_due_at: null,
      channel: "signed_in",
    });
    expect(await keyOf(apply(lea, adId, [true]))).toBe("candidature_exist");
    await notify();
    expect((await mailsTo(lea)).map((m) => m.template)).toContain("applicationReceived");
    expect((await mailsTo(agency.consultant)).map((m) => m.template)).toContain("applicationNew");
    expect((await domain.applications.myApplications(lea, "pending")).map((a) => a.id)).toEqual([id]);
  });

  it("follows the candidate's notification choices: in-app only for applications means no mail", async () => {
    const adId = await publish();
    const lea = await candidate();
    await domain.notifications.saveCommunication(lea, {
      version: 0,
      channels: { applications: "in_app" },
      mailLocale: "fr",
    });
    await apply(lea, adId);
    await notify();
    expect((await mailsTo(lea)).map((m) => m.template)).not.toContain("applicationReceived");
    expect((await domain.notifications.listNotifications(lea)).map((n) => n.kind)).toContain("application_submitted");
  });

  it("refuses a deactivated candidate, an offline ad, missing answers, a wrong file and other roles", async () => {
    const adId = await publish(["Q1", "Q2"]);
    const lea = await candidate();
    expect(await keyOf(apply(lea, adId, [true]))).toBe("validation.required");
    expect(await keyOf(apply(lea, 99_999_999, []))).toBe("announcement_not_found");
    expect(
      await keyOf(
        domain.applications.apply(lea, {
          adId,
          source: "S01",
          answers: [true, true],
          message: "",
          cv: { kind: "upload", name: "cv.pdf", bytes: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]) },
        }),
      ),
    ).toBe("cv_invalid_type");
    expect(await keyOf(apply(agency.consultant, adId, [true, true]))).toBe("not_authorized");
    await domain.identity.deactivateAccount(lea, "pause");
    expect(await keyOf(apply(lea, adId, [true, true]))).toBe("account_disabled_cannot_apply");
    // nothing was stored for the refused attempts
    const [{ n }] = await db.sql<
      [{ n: number }]
    >`select count(*)::int as n from rm_applications where candidate_id = ${lea.id}`;
    expect(n).toBe(0);
  });

  it("sends the registration CV by default, none when there is none", async () => {
    const adId = await publish();
    const lea = await candidate();
    const id = await domain.applications.apply(lea, {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "registered" },
    });
    expect(await domain.applications.applicationCv(agency.consultant, id)).toBeNull();
  });
});

describe("statuses", () => {
  it("follows the transition table; rejected and on-mission are final", async () => {
    const adId = await publish();
    const lea = await candidate();
    const id = await apply(lea, adId);
    await domain.applications.changeStatus(agency.consultant, id, { to: STATUS.retained });
    await domain.applications.changeStatus(agency.consultant, id, { to: STATUS.pending });
    expect(await keyOf(domain.applications.changeStatus(agency.consultant, id, { to: STATUS.mission }))).toBe(
      "failed_operation_update_status",
    );
    await domain.applications.changeStatus(agency.consultant, id, { to: STATUS.rejected, reason: "position_filled" });
    expect(await keyOf(domain.applications.changeStatus(agency.consultant, id, { to: STATUS.retained }))).toBe(
      "failed_operation_update_status",
    );
    expect((await domain.applications.myApplications(lea, "refused")).map((a) => a.id)).toEqual([id]);
    const details = await domain.applications.applicationDetails(agency.consultant, id);
    expect(details!.timeline.map((e) => [e.kind, e.status ?? null])).toEqual([
      ["submitted", 3],
      ["status", 2],
      ["status", 3],
      ["status", 1],
    ]);
    expect(details!.timeline[1]).toMatchObject({
      byKind: "consultant",
      by: expect.stringContaining("ADMIN_CONSULTANT"),
    });
    expect(details!.timeline[0]).toMatchObject({ byKind: "candidate", by: null });
  });

  it("keeps another agency, a client user and other candidates out, as not found", async () => {
    const adId = await publish();
    const lea = await candidate();
    const id = await apply(lea, adId);
    expect(await keyOf(domain.applications.changeStatus(other.consultant, id, { to: STATUS.retained }))).toBe(
      "application_not_found",
    );
    expect(await keyOf(domain.applications.changeStatus(agency.client, id, { to: STATUS.retained }))).toBe(
      "not_authorized",
    );
    expect(await keyOf(domain.applications.withdraw(await candidate(), id))).toBe("application_not_found");
    expect(await domain.applications.applicationDetails(other.consultant, id)).toBeNull();
    expect(await domain.applications.applicationCv(other.consultant, id)).toBeNull();
    expect(await domain.applications.applicationCv(await candidate(), id)).toBeNull();
    expect(await domain.applications.applicationCv(lea, id)).toMatchObject({ name: "cv.pdf" });
    expect(
      (await domain.applications.pipeline(other.consultant, filters(), clock.now())).rows.map((r) => r.id),
    ).not.toContain(id);
    expect(
      await keyOf(domain.applications.changeStatus(agency.consultant, "not-a-uuid", { to: STATUS.retained })),
    ).toBe("application_not_found");
  });

  it("tells the second of two consultants acting on what they saw that it changed", async () => {
    const adId = await publish();
    const id = await apply(await candidate(), adId);
    const [{ version }] = await db.sql<[{ version: number }]>`select version from rm_applications where id = ${id}`;
    await domain.applications.changeStatus(agency.consultant, id, { to: STATUS.retained, version });
    expect(await keyOf(domain.applications.changeStatus(agency.consultant, id, { to: STATUS.rejected, version }))).toBe(
      "concurrency",
    );
  });

  it("lets the candidate withdraw a pending application only, and apply again after", async () => {
    const adId = await publish();
    const lea = await candidate();
    const id = await apply(lea, adId);
    await domain.applications.withdraw(lea, id);
    expect((await domain.applications.myApplications(lea, "refused")).map((a) => a.id)).toEqual([id]);
    expect(await keyOf(domain.applications.changeStatus(agency.consultant, id, { to: STATUS.retained }))).toBe(
      "failed_operation_update_status",
    );
    expect(await apply(lea, adId)).toBe(id);
    await domain.applications.changeStatus(agency.consultant, id, { to: STATUS.retained });
    expect(await keyOf(domain.applications.withdraw(lea, id))).toBe("failed_operation_update_status");
  });
});

describe("the automatic negative reply", () => {
  it("rejects 48 hours after a NO unless a consultant acted first, once", async () => {
    const adId = await publish(["Permis C ?"]);
    const [lea, noe] = [await candidate("de"), await candidate()];
    const first = await apply(lea, adId, [false]);
    const second = await apply(noe, adId, [false]);
    await domain.applications.changeInterest(agency.consultant, second, "maybe");
    clock.advance(AUTO_REPLY_AFTER_MS - 60_000);
    expect(await domain.applications.sweepAutoReplies()).toBe(0);
    clock.advance(120_000);
    expect(await domain.applications.autoReply(first)).toBe(true);
    expect(await domain.applications.autoReply(first)).toBe(false);
    expect(await domain.applications.sweepAutoReplies()).toBe(0);
    const [a, b] = await db.sql<
      { status: number }[]
    >`select status from rm_applications where id in (${first}, ${second}) order by id = ${first} desc`;
    expect([a!.status, b!.status]).toEqual([STATUS.rejected, STATUS.pending]);
    await notify();
    expect((await mailsTo(lea)).map((m) => m.template)).toContain("applicationRefused");
    expect(await keyOf(domain.applications.changeStatus(agency.consultant, first, { to: STATUS.retained }))).toBe(
      "failed_operation_update_status",
    );
  });
});

describe("bulk changes", () => {
  it("changes each row on its own, says which were refused and why, and undoes within the window", async () => {
    const adId = await publish();
    const ids = [
      await apply(await candidate(), adId),
      await apply(await candidate(), adId),
      await apply(await candidate(), adId),
    ];
    await domain.applications.changeStatus(agency.consultant, ids[2]!, { to: STATUS.rejected });
    const foreign = await apply(await candidate(), await publish([], other));
    const { batchId, results } = await domain.applications.bulkChangeStatus(agency.consultant, [...ids, foreign], {
      to: STATUS.retained,
    });
    expect(results.map((r) => r.error)).toEqual([
      null,
      null,
      "failed_operation_update_status",
      "application_not_found",
    ]);
    expect(await domain.applications.undoBulk(agency.consultant, batchId, ids)).toEqual({ undone: 2 });
    const statuses = await db.sql<
      { status: number }[]
    >`select status from rm_applications where id in ${db.sql(ids.slice(0, 2))}`;
    expect(statuses.map((s) => s.status)).toEqual([STATUS.pending, STATUS.pending]);

    const again = await domain.applications.bulkChangeStatus(agency.consultant, ids.slice(0, 2), {
      to: STATUS.rejected,
      reason: "profile_mismatch",
    });
    clock.advance(UNDO_MS + 1000);
    expect(await keyOf(domain.applications.undoBulk(agency.consultant, again.batchId, ids.slice(0, 2)))).toBe(
      "undo_expired",
    );
    expect(
      await keyOf(
        domain.applications.bulkChangeStatus(
          agency.consultant,
          Array.from({ length: 501 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`),
          { to: STATUS.retained },
        ),
      ),
    ).toBe("bulk_too_many");
  });

  it("tells the refusal only after its window, and not at all when it was undone", async () => {
    const adId = await publish();
    const lea = await candidate();
    const id = await apply(lea, adId);
    await domain.applications.changeStatus(agency.consultant, id, { to: STATUS.rejected });
    const [{ version }] = await db.sql<[{ version: number }]>`select version from rm_applications where id = ${id}`;
    // a stale job (the version it was planned for was followed by another change) does nothing
    expect(await domain.applications.notifyStatus(id, version - 1)).toBe(false);
    expect(await domain.applications.notifyStatus(id, version)).toBe(true);
    expect(await domain.applications.notifyStatus(id, version)).toBe(false);
  });
});

describe("the pipeline", () => {
  it("filters by ad, status, interest, unanswered and text, and counts for the dashboard", async () => {
    const adId = await publish();
    const lea = await candidate();
    const id = await apply(lea, adId, [], "S05");
    await domain.applications.changeInterest(agency.consultant, id, "interesting");
    const list = (f: Partial<PipelineFilters>) =>
      domain.applications
        .pipeline(agency.consultant, { ...filters(), ...f }, clock.now())
        .then((r) => r.rows.map((x) => x.id));
    expect(await list({ adId })).toEqual([id]);
    expect(await list({ adId, interest: "interesting", source: "S05" })).toEqual([id]);
    expect(await list({ adId, interest: "maybe" })).toEqual([]);
    expect(await list({ adId, status: STATUS.retained })).toEqual([]);
    expect(await list({ q: "Noé" + seq })).toEqual([id]);
    const stale = await apply(await candidate(), adId);
    clock.advance(4 * 24 * 3600 * 1000);
    expect(await list({ adId, unanswered: true })).toEqual([stale]);
    const stats = await domain.applications.agencyStats(agency.consultant, clock.now());
    expect(stats.unanswered).toBeGreaterThanOrEqual(1);
    expect(
      await domain.applications.pipeline(SYSTEM_ACTOR, { ...filters(), adId }, clock.now()).then((r) => r.total),
    ).toBe(2);
  });

  it("tells each consultant once a day how many applications wait for an answer", async () => {
    expect(await domain.applications.flagUnanswered()).toBeGreaterThanOrEqual(1);
    expect(await domain.applications.flagUnanswered()).toBe(0);
    await notify();
    const notes = await domain.notifications.listNotifications(agency.consultant);
    expect(notes.find((n) => n.kind === "applications_unanswered")).toMatchObject({
      link: `/candidatures?unanswered=1&consultantId=${agency.consultant.id}`,
    });
  });
});

describe("who may do what", () => {
  it("agency staff act on their agency's; clients read their company's; admins all; candidates and other agencies nothing", async () => {
    const adId = await domain.missions.createAd(agency.consultant, {
      fields: sampleAdFields({ questions: [] }),
      clientId: agency.clientId,
      publish: true,
    });
    const lea = await candidate();
    const id = await apply(lea, adId);
    const collaborator: Actor = {
      id: agency.consultant.id,
      role: "COLLABORATOR",
      agencyId: agency.agencyId,
      clientId: null,
    };
    const seen = async (who: Actor) =>
      (await domain.applications.pipeline(who, { ...filters(), adId }, clock.now())).rows.map((r) => r.id);
    const table: [string, Actor, boolean, string | null][] = [
      // who, may read it, refusal when changing it
      ["consultant", agency.consultant, true, null],
      ["collaborator", collaborator, true, null],
      ["platform admin", SYSTEM_ACTOR, true, null],
      ["client manager of the ad's company", agency.manager, true, "not_authorized"],
      ["client user of the ad's company", agency.client, true, "not_authorized"],
      ["other agency's consultant", other.consultant, false, "application_not_found"],
      ["other agency's client manager", other.manager, false, "not_authorized"],
      ["the candidate", lea, false, "not_authorized"],
    ];
    for (const [label, who, reads, refusal] of table) {
      expect(await seen(who), label).toEqual(reads ? [id] : []);
      expect(Boolean(await domain.applications.applicationDetails(who, id)), label).toBe(reads);
      expect(await keyOf(domain.applications.changeInterest(who, id, "maybe")), label).toBe(refusal);
    }
    // the CV: the agency's staff and the candidate, not the client's users
    expect(await domain.applications.applicationCv(agency.manager, id)).toBeNull();
    expect(await domain.applications.applicationCv(collaborator, id)).not.toBeNull();
  });

  it("the agency's notes, interest and mail bodies reach its staff and admins, never the client's users (ADR 0028)", async () => {
    const adId = await domain.missions.createAd(agency.consultant, {
      fields: sampleAdFields({ questions: [] }),
      clientId: agency.clientId,
      publish: true,
    });
    const id = await apply(await candidate(), adId);
    await domain.applications.addNote(agency.consultant, id, "Secret note: salary expectations too high");
    await domain.applications.changeInterest(agency.consultant, id, "maybe");
    const mail = {
      purpose: "custom",
      subject: "Votre candidature",
      body: "Secret body: we keep you for another client",
    };
    await domain.applications.recordMail(agency.consultant, id, mail, async () => "mail-id");
    const byInterest = { ...filters(), adId, interest: "none" as const };
    const views: [string, Actor, boolean][] = [
      // who, reads the agency's own
      ["consultant", agency.consultant, true],
      ["platform admin", SYSTEM_ACTOR, true],
      ["client manager of the ad's company", agency.manager, false],
      ["client user of the ad's company", agency.client, false],
    ];
    for (const [label, who, internal] of views) {
      const details = (await domain.applications.applicationDetails(who, id))!;
      const kinds = details.timeline.map((e) => e.kind);
      const text = JSON.stringify(details);
      expect(details.interest, label).toBe(internal ? "maybe" : null);
      expect(kinds.includes("note"), label).toBe(internal);
      expect(kinds.includes("interest"), label).toBe(internal);
      expect(kinds.includes("mail"), label).toBe(true);
      expect(text.includes("Secret note"), label).toBe(internal);
      expect(text.includes("Secret body"), label).toBe(internal);
      const [row] = (await domain.applications.pipeline(who, { ...filters(), adId }, clock.now())).rows;
      expect(row?.interest, label).toBe(internal ? "maybe" : null);
      // nor told by filtering: a client's interest filter is ignored
      expect((await domain.applications.pipeline(who, byInterest, clock.now())).total, label).toBe(internal ? 0 : 1);
    }
  });
});

function filters(): PipelineFilters {
  return {
    adId: null,
    status: null,
    interest: null,
    consultantId: "",
    branchId: "",
    clientId: "",
    source: "",
    from: "",
    to: "",
    q: "",
    unanswered: false,
    sort: "newest",
    page: 1,
  };
}
