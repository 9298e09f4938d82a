import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  createDomain,
  createLogger,
  createSessions,
  integrationHarness,
  jobDefinitions,
  notifierProcessor,
  ProcessorRunner,
  startJobs,
  type Actor,
  type JobDeps,
  type Jobs,
} from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { MODULES } from "../../server/modules";
import type { JobDefinition } from "../../server/jobs/registry";
import { localTimeValue } from "../../server/modules/activities/contract";

/**
 * Activities (issue 29) against the real database, job queue (pg-boss, not worked: the test runs
 * the queued reminder as a worker would, once its time has come on the harness's clock) and
 * notifier: links and ids of another agency, client users and candidates find nothing; the
 * reminder is told once at its time and moves with it; the calendar feed answers its token only.
 */
const { db, clock } = integrationHarness({ clock: "2026-11-27T09:00:00Z" });
const logger = createLogger("silent");
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
let jobs: Jobs;
let domain: ReturnType<typeof createDomain>;
let definitions: JobDefinition[];
let a: Awaited<ReturnType<typeof agencyWithPeople>>;
let b: Awaited<ReturnType<typeof agencyWithPeople>>;
let candidate: Actor;
let applicationId: string;
let adId: number;

beforeAll(async () => {
  jobs = await startJobs(db.url, logger, { work: false });
  domain = createDomain(db.sql, { clock, enqueue: jobs.sendIn, publicUrl: "https://missio.example" });
  const deps: JobDeps = {
    sql: db.sql,
    logger,
    send: jobs.send,
    sessions: createSessions(db.sql, "0123456789abcdef0123456789abcdef", false),
    mailTransport: null,
    vapid: undefined as never,
    adSearch: undefined as never,
    librarySearch: undefined as never,
    adFits: undefined as never,
  };
  definitions = jobDefinitions(domain, deps);
  await jobs.define(definitions);
  [a, b] = [await agencyWithPeople(domain), await agencyWithPeople(domain)];
  const userId = await domain.identity.registerUser({
    email: `activities.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName: "Léa",
    lastName: "Favre",
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  candidate = { id: userId, role: "CANDIDATE", agencyId: null, clientId: null };
  adId = await domain.missions.createAd(a.consultant, { fields: sampleAdFields({ questions: [] }), publish: true });
  applicationId = await domain.applications.apply(candidate, {
    adId,
    source: "S01",
    answers: [],
    message: "",
    cv: { kind: "upload", name: "cv.pdf", bytes: PDF },
  });
}, 60_000);
afterAll(async () => {
  await jobs?.stop();
});

const refusal = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (e) {
    if (e instanceof AppError) return `${e.kind}:${e.key}${e.field ? `@${e.field}` : ""}`;
    throw e;
  }
  return "accepted";
};
/** "in n minutes" as the form sends it (wall-clock time in Geneva). */
const inMinutes = (n: number) => localTimeValue(new Date(clock.now().getTime() + n * 60_000));

describe("logging an activity", () => {
  it("links the agency's own records only; a client user, a candidate or another agency finds nothing", async () => {
    const call = { type: "call" as const, subject: "Suivi" };
    expect(
      await refusal(() => domain.activities.logActivity(a.consultant, { ...call, candidateId: candidate.id })),
    ).toBe("accepted");
    // agency B: the candidate, A's company, A's ad are not B's
    expect(
      await refusal(() => domain.activities.logActivity(b.consultant, { ...call, candidateId: candidate.id })),
    ).toBe("invalid:errors.linkNotFound@candidateId");
    expect(await refusal(() => domain.activities.logActivity(b.consultant, { ...call, companyId: a.clientId }))).toBe(
      "invalid:errors.linkNotFound@companyId",
    );
    expect(await refusal(() => domain.activities.logActivity(b.consultant, { ...call, adId }))).toBe(
      "invalid:errors.linkNotFound@adId",
    );
    // a task for a colleague of another agency
    expect(
      await refusal(() =>
        domain.activities.logActivity(a.consultant, {
          type: "task",
          subject: "Rappeler",
          companyId: a.clientId,
          dueAt: inMinutes(60),
          assigneeId: b.consultant.id,
        }),
      ),
    ).toBe("invalid:errors.assigneeNotFound@assigneeId");
    for (const who of [a.client, a.manager, candidate])
      expect(await refusal(() => domain.activities.logActivity(who, { ...call, companyId: a.clientId }))).toBe(
        "not_found:errors.activityNotFound",
      );
  });

  it("done and undone by the agency; another agency's consultant, a client user, a foreign id find nothing", async () => {
    const id = await domain.activities.logActivity(a.consultant, {
      type: "note",
      subject: "Note",
      companyId: a.clientId,
    });
    for (const who of [b.consultant, a.client, candidate])
      expect(await refusal(() => domain.activities.completeActivity(who, id)), who.role).toBe(
        "not_found:errors.activityNotFound",
      );
    expect(
      await refusal(() => domain.activities.completeActivity(a.consultant, "00000000-0000-4000-8000-00000000dead")),
    ).toBe("not_found:errors.activityNotFound");
    await domain.activities.completeActivity(a.consultant, id);
    expect(
      (await domain.activities.activityList(a.consultant, listQuery({ status: "done" }))).rows.map((r) => r.id),
    ).toContain(id);
    await domain.activities.reopenActivity(a.consultant, id);
    expect(
      (await domain.activities.activityList(a.consultant, listQuery({ status: "done" }))).rows.map((r) => r.id),
    ).not.toContain(id);
    // B's list and a client's hold none of A's activities
    expect((await domain.activities.activityList(b.consultant, listQuery({}))).total).toBe(0);
    expect((await domain.activities.activityList(a.client, listQuery({}))).total).toBe(0);
  });

  it("shows on the candidate's file timeline for this agency, with the template e-mails in the list", async () => {
    await domain.activities.logActivity(a.consultant, {
      type: "meeting",
      subject: "Entretien",
      candidateId: candidate.id,
      dueAt: inMinutes(120),
    });
    const file = await domain.candidateFile.candidateFile(a.consultant, candidate.id);
    expect(file!.timeline.filter((e) => e.type === "ActivityLogged").length).toBeGreaterThanOrEqual(2);
    expect(file!.activities.map((x) => x.subject)).toContain("Entretien");
    await domain.applications.sendMail(a.consultant, applicationId, { subject: "Votre candidature", body: "Bonjour" });
    const mails = await domain.activities.activityList(
      a.consultant,
      listQuery({ type: "email", candidateId: candidate.id }),
    );
    expect(mails.rows.map((r) => [r.source, r.kind, r.subject, r.candidateName])).toEqual([
      ["mail", "email", "custom", "Léa Favre"],
    ]);
    expect((await domain.activities.activitiesOf(a.consultant, { adId })).some((r) => r.source === "mail")).toBe(true);
    expect(await domain.activities.activitiesOf(b.consultant, { adId })).toEqual([]);
  });
});

function listQuery(q: Partial<Parameters<typeof domain.activities.activityList>[1]>) {
  return { period: "any" as const, status: "all" as const, page: 1, ...q };
}

/** The reminder jobs queued for an activity: their due payload and when pg-boss may start them. */
const queued = (activityId: string) =>
  db.sql<{ id: string; data: { activityId: string; dueAt: string }; startAfter: Date }[]>`
    select id, data, start_after as "startAfter" from pgboss.job
    where name = 'activities.remind' and data->>'activityId' = ${activityId} order by created_on`;
/** Runs a queued job as a worker would (and as a retry would, when run again). */
const work = (job: { id: string; data: unknown }) =>
  definitions.find((d) => d.name === "activities.remind")!.handler(job.data as never, job.id);
async function notify() {
  const runner = new ProcessorRunner(
    domain.store,
    notifierProcessor({
      store: domain.store,
      sources: MODULES.flatMap((m) => (m.notices ? [m.notices] : [])),
      recipients: domain.identity,
      logger,
      publicUrl: "https://missio.example",
    }),
    logger,
    100,
  );
  while (await runner.runOnce());
}
const reminders = (userId: string) =>
  db.sql<
    { kind: string; link: string }[]
  >`select kind, link from rm_notifications where user_id = ${userId} and kind like 'activity_due_%'`;

describe("reminders", () => {
  it("fire once at the due time, to the assignee; a moved task is told at its new time only", async () => {
    const colleague = await colleagueOfA();
    const id = await domain.activities.logActivity(a.consultant, {
      type: "task",
      subject: "Rappeler le client",
      companyId: a.clientId,
      dueAt: inMinutes(30),
      assigneeId: colleague.id,
    });
    const [first] = await queued(id);
    expect(first!.startAfter.toISOString()).toBe(new Date(clock.now().getTime() + 30 * 60_000).toISOString());
    // moved an hour later before it was due: the first job tells nobody, a second is queued for the new time
    await domain.activities.rescheduleActivity(a.consultant, id, inMinutes(90));
    const jobsNow = await queued(id);
    expect(jobsNow).toHaveLength(2);
    clock.advance(30 * 60_000);
    await work(first!);
    await notify();
    expect(await reminders(colleague.id)).toEqual([]);
    clock.advance(60 * 60_000);
    await work(jobsNow[1]!);
    await work(jobsNow[1]!); // a retry
    await notify();
    expect(await reminders(colleague.id)).toEqual([
      { kind: "activity_due_task", link: `/activites-generales#activity-${id}` },
    ]);
    // on "my day" as overdue once its time has passed
    clock.advance(60_000);
    const day = await domain.activities.myDay(a.consultant, colleague.id);
    expect(day.overdue.map((r) => r.id)).toContain(id);
  });

  it("tell nobody of a task done before its time", async () => {
    const id = await domain.activities.logActivity(a.consultant, {
      type: "task",
      subject: "Relancer",
      companyId: a.clientId,
      dueAt: inMinutes(10),
      assigneeId: a.consultant.id,
    });
    await domain.activities.completeActivity(a.consultant, id);
    const [job] = await queued(id);
    clock.advance(10 * 60_000);
    await work(job!);
    await notify();
    expect((await reminders(a.consultant.id)).filter((r) => r.link.endsWith(id))).toEqual([]);
  });
});

let colleagueSeq = 0;
async function colleagueOfA(): Promise<Actor> {
  colleagueSeq++;
  const id = await domain.identity.registerUser({
    email: `colleague${colleagueSeq}.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName: "Noé",
    lastName: "Rossi",
    locale: "fr",
    role: "COLLABORATOR",
    country: null,
    agencyId: a.agencyId,
    clientId: null,
    verified: true,
  });
  return { id, role: "COLLABORATOR", agencyId: a.agencyId, clientId: null };
}

const LINK = "https://missio.example/activites-generales";
describe("the calendar feed", () => {
  it("answers the current token only: a tampered, replaced or revoked one finds nothing", async () => {
    await domain.activities.logActivity(a.consultant, {
      type: "meeting",
      subject: "Visite chantier",
      companyId: a.clientId,
      dueAt: inMinutes(24 * 60),
    });
    const token = await domain.activities.issueCalendarFeed(a.consultant);
    const ics = await domain.activities.calendarFeed(token, LINK);
    expect(ics).toContain("SUMMARY:Visite chantier");
    expect(ics).toContain("BEGIN:VCALENDAR\r\n");
    // only the owner's: B's consultant's feed has none of A's meetings
    const other = await domain.activities.issueCalendarFeed(b.consultant);
    expect(await domain.activities.calendarFeed(other, LINK)).not.toContain("Visite chantier");
    const tampered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect(await domain.activities.calendarFeed(tampered, LINK)).toBeNull();
    expect(await domain.activities.calendarFeed("", LINK)).toBeNull();
    const renewed = await domain.activities.issueCalendarFeed(a.consultant);
    expect(await domain.activities.calendarFeed(token, LINK)).toBeNull();
    expect(await domain.activities.calendarFeed(renewed, LINK)).toContain("Visite chantier");
    await domain.activities.revokeCalendarFeed(a.consultant);
    expect(await domain.activities.calendarFeed(renewed, LINK)).toBeNull();
    expect(await refusal(() => domain.activities.issueCalendarFeed(a.client))).toBe(
      "not_found:errors.activityNotFound",
    );
    // only the token's hash is kept
    const [row] = await db.sql`select count(*)::int as n from events where data::text like ${`%${renewed}%`}`;
    expect(row!.n).toBe(0);
  });
});
