import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createDomain,
  createLogger,
  createSessions,
  jobDefinitions,
  logContext,
  startJobs,
  integrationHarness,
  type JobDeps,
  type Jobs,
} from "../support/harness";
import { waitFor } from "../support/wait";

const logger = createLogger("silent");
const { db } = integrationHarness();
let jobs: Jobs;
/** when each job's handler started working, by job id */
const started = new Map<string, number>();

beforeAll(async () => {
  jobs = await startJobs(db.url, logger, { work: true });
  const sessions = createSessions(db.sql, "0123456789abcdef0123456789abcdef", false);
  // the real jobs and the deps they use, with a probe noting when a handler starts
  const probed = {
    ...sessions,
    purgeExpired() {
      const jobId = logContext.getStore()?.jobId;
      if (jobId) started.set(jobId, Date.now());
      return sessions.purgeExpired();
    },
  };
  // no job alerts run here: they go without the job search
  const deps: JobDeps = {
    sql: db.sql,
    logger,
    send: jobs.send,
    sessions: probed,
    mailTransport: null,
    vapid: undefined as never,
    adSearch: undefined as never,
    librarySearch: undefined as never,
    adFits: undefined as never,
  };
  await jobs.define(jobDefinitions(createDomain(db.sql), deps));
  await jobs.work();
});
afterAll(async () => {
  await jobs?.stop();
});

const state = async (name: string, id: string) => (await jobs.boss.getJobById(name, id))?.state;

it("refuses to send an unknown job or an invalid payload", async () => {
  await expect(jobs.send("no.such-job", {})).rejects.toThrow(/Unknown job/);
  await expect(jobs.send("sessions.purge-expired", { unexpected: true })).rejects.toThrow();
  await expect(jobs.send("mail.send", { outboxId: "not-a-uuid" })).rejects.toThrow();
  await expect(jobs.send("mail.send", {})).rejects.toThrow();
  const queued =
    await db.sql`select id from pgboss.job where name in ('no.such-job', 'mail.send') or data ? 'unexpected'`;
  expect(queued).toHaveLength(0);
});

it("a sent job is picked up by a worker and purges expired sessions for real", async () => {
  await db.sql`insert into sessions (id, data, expires_at) values
    ('expired', '{}', now() - interval '1 minute'),
    ('fresh', '{}', now() + interval '1 day')`;
  await db.sql`insert into sessions (id, data, last_seen_at, expires_at) values
    ('idle', '{}', now() - interval '13 hours', now() + interval '1 day')`;

  const id = await jobs.send("sessions.purge-expired", {});
  expect(id).toBeTruthy();
  await waitFor(() => started.get(id!), { timeout: 30_000, message: "the job to start" });

  await waitFor(async () => (await state("sessions.purge-expired", id!)) === "completed", {
    message: "the job to complete",
  });
  expect((await db.sql<{ id: string }[]>`select id from sessions order by id`).map((r) => r.id)).toEqual(["fresh"]);
});

it("a worker refuses a payload that did not come through send, without running the handler", async () => {
  const id = await jobs.boss.send("sessions.purge-expired", { smuggled: "x" });
  expect(id).toBeTruthy();
  await waitFor(async () => ["retry", "failed"].includes((await state("sessions.purge-expired", id!)) ?? ""), {
    message: "the job to fail",
  });
  expect(started.has(id!)).toBe(false);
});
