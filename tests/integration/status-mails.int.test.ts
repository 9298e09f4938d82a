import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
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
import { STATUS, UNDO_MS } from "../../server/modules/applications/contract";
import type { JobDefinition } from "../../server/jobs/registry";

/**
 * Issue 27: what the candidate is told of a consultant's status changes, through the real job
 * queue (pg-boss, not worked here: the tests run the queued jobs once their window "has passed"),
 * the real notifier and the real mail outbox.
 */
const { db, clock } = integrationHarness({ clock: true });
const logger = createLogger("silent");
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
let jobs: Jobs;
let domain: ReturnType<typeof createDomain>;
let definitions: JobDefinition[];
let agency: Awaited<ReturnType<typeof agencyWithPeople>>;

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
  agency = await agencyWithPeople(domain);
}, 60_000);
afterAll(async () => {
  await jobs?.stop();
});

let seq = 0;
async function application(): Promise<{ candidate: Actor; id: string }> {
  seq++;
  const userId = await domain.identity.registerUser({
    email: `told${seq}.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName: `Léa${seq}`,
    lastName: "Favre",
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  const candidate: Actor = { id: userId, role: "CANDIDATE", agencyId: null, clientId: null };
  const adId = await domain.missions.createAd(agency.consultant, {
    fields: sampleAdFields({ questions: [] }),
    publish: true,
  });
  const id = await domain.applications.apply(candidate, {
    adId,
    source: "S01",
    answers: [],
    message: "",
    cv: { kind: "upload", name: "cv.pdf", bytes: PDF },
  });
  return { candidate, id };
}

/** The window has passed: runs the status-notice jobs queued so far (each once), as a worker would. */
async function windowPasses() {
  const queued = await db.sql<{ id: string; name: string; data: unknown; held: boolean }[]>`
    select id, name, data, start_after > now() + ${`${UNDO_MS} milliseconds`}::interval as held
    from pgboss.job where name like 'applications.notify-%' and state = 'created' order by created_on`;
  for (const job of queued) {
    // held past the undo window, so an undo is always in time to cancel it
    expect(job.held).toBe(true);
    await definitions.find((d) => d.name === job.name)!.handler(job.data as never, job.id);
    await db.sql`delete from pgboss.job where id = ${job.id}`;
  }
}

/** Runs the notifier over everything appended so far (the app runs it as a processor). */
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

/** The status mails in the outbox for this candidate: the template and the status (or "refused"). */
async function statusMails({ id }: Actor) {
  await notify();
  const rows = await db.sql<{ template: string; params: Record<string, string> }[]>`
    select template, params from mail_outbox where recipient = (select email from rm_users where id = ${id})
      and template in ('applicationStatus', 'applicationRefused', 'customEmail') order by created_at`;
  return rows.map((r) => (r.template === "applicationStatus" ? r.params.status : "refused"));
}

describe("a consultant's status change is told once its window has passed", () => {
  it("a refusal followed by an internal note within the window is still mailed", async () => {
    const { candidate, id } = await application();
    await domain.applications.changeStatus(agency.consultant, id, { to: STATUS.rejected, reason: "position_filled" });
    await domain.applications.addNote(agency.consultant, id, "Profil intéressant pour une autre annonce");
    await domain.applications.changeInterest(agency.consultant, id, "maybe");
    expect(await statusMails(candidate)).toEqual([]);
    await windowPasses();
    expect(await statusMails(candidate)).toEqual(["refused"]);
  });

  it("a status followed by another within the window: only the last, true one is mailed", async () => {
    const { candidate, id } = await application();
    await domain.applications.changeStatus(agency.consultant, id, { to: STATUS.retained });
    await domain.applications.changeStatus(agency.consultant, id, { to: STATUS.rejected });
    await windowPasses();
    expect(await statusMails(candidate)).toEqual(["refused"]);

    const other = await application();
    await domain.applications.changeStatus(agency.consultant, other.id, { to: STATUS.retained });
    await domain.applications.addNote(agency.consultant, other.id, "Entretien jeudi");
    await windowPasses();
    expect(await statusMails(other.candidate)).toEqual(["retained"]);
  });

  it("a bulk change undone within seconds mails nobody; one not undone mails each candidate once", async () => {
    const [a, b] = [await application(), await application()];
    const retained = await domain.applications.bulkChangeStatus(agency.consultant, [a.id, b.id], {
      to: STATUS.retained,
    });
    clock.advance(3000);
    expect(await domain.applications.undoBulk(agency.consultant, retained.batchId, [a.id, b.id])).toEqual({
      undone: 2,
    });
    const refused = await domain.applications.bulkChangeStatus(agency.consultant, [a.id], { to: STATUS.rejected });
    await domain.applications.undoBulk(agency.consultant, refused.batchId, [a.id]);
    await windowPasses();
    expect(await statusMails(a.candidate)).toEqual([]);
    expect(await statusMails(b.candidate)).toEqual([]);

    await domain.applications.bulkChangeStatus(agency.consultant, [a.id, b.id], { to: STATUS.retained });
    await windowPasses();
    expect(await statusMails(a.candidate)).toEqual(["retained"]);
    expect(await statusMails(b.candidate)).toEqual(["retained"]);
  });
});
