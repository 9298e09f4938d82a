import { createRequire } from "node:module";
import PgBoss from "pg-boss";
import type { Tx } from "../event-store/types";
import type { Logger } from "../lib/logger";
import { logContext } from "../lib/logger";
import type { JobDefinition } from "./registry";

export type Jobs = Awaited<ReturnType<typeof startJobs>>;

/**
 * pg-boss 10 marks a worked job complete (or failed) without awaiting it (timgit/pg-boss#577):
 * with the database away that rejection is unhandled and ends the process. Its error goes to
 * pg-boss's own "error" event instead; the job, still active, is retried once it expires.
 */
const Manager = createRequire(import.meta.url)("pg-boss/src/manager.js") as {
  prototype: Record<string, (...args: unknown[]) => Promise<unknown>> & { emit(event: string, e: unknown): void };
};
for (const name of ["complete", "fail"]) {
  const original = Manager.prototype[name]!;
  Manager.prototype[name] = function (this: { emit(event: string, e: unknown): void }, ...args: unknown[]) {
    return original.apply(this, args).catch((err: unknown) => this.emit("error", err));
  };
}

/**
 * Creates a job's queue unless it exists. Processes that start together on a new database (web
 * processes, or web and worker containers) create the same queues at once, which PostgreSQL can
 * end as a deadlock: the one that lost tries again and finds the queue there.
 */
async function createQueue(boss: PgBoss, job: JobDefinition, attempts = 5) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await boss.createQueue(job.name, {
        name: job.name,
        retryLimit: job.retryLimit ?? 5,
        retryBackoff: true,
        ...(job.policy ? { policy: job.policy } : {}),
      });
    } catch (error) {
      if ((error as { code?: string }).code !== "40P01" || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
    }
  }
}

/**
 * pg-boss on the app's database. Every role can send; "worker" and "all" also work the queues.
 * Polling every 0.5 s (pg-boss' minimum) so interactive jobs start within a second. The jobs are
 * defined once the modules exist (their handlers call the modules' APIs, which enqueue through
 * this queue): `define` before anything is sent.
 */
export async function startJobs(databaseUrl: string, logger: Logger, opts: { work: boolean }) {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: "pgboss", max: 4, application_name: "missio-jobs" });
  // pg-boss reconnects by itself (its pool opens new connections); while the database is away
  // every poll fails: one error line per 30 s, the repeats at debug
  let lastErrorLog = 0;
  boss.on("error", (err) => {
    const now = Date.now();
    if (now - lastErrorLog > 30_000) {
      lastErrorLog = now;
      logger.error({ err, component: "pg-boss" }, "job queue error");
    } else logger.debug({ err, component: "pg-boss" }, "job queue error");
  });
  await boss.start();
  const byName = new Map<string, JobDefinition>();

  return {
    boss,
    /** Creates the jobs' queues (unless they exist) and knows their payloads from then on. */
    async define(jobs: JobDefinition[]) {
      for (const job of jobs) {
        await createQueue(boss, job);
        byName.set(job.name, job);
      }
    },
    /** Validate then enqueue. Returns the job id (null when deduplicated by singletonKey). */
    async send(name: string, payload: unknown, options: PgBoss.SendOptions = {}) {
      const job = byName.get(name);
      if (!job) throw new Error(`Unknown job ${name}`);
      return boss.send(name, job.schema.parse(payload) as object, options);
    },
    /** Enqueue inside the caller's transaction: the job exists only if that transaction commits. */
    async sendIn(tx: Tx, name: string, payload: unknown, options: PgBoss.SendOptions = {}) {
      const job = byName.get(name);
      if (!job) throw new Error(`Unknown job ${name}`);
      // pg-boss passes undefined for unset options, which postgres.js refuses: send NULL
      const db = {
        executeSql: async (text: string, values: unknown[]) => ({
          rows: await tx.unsafe(text, values.map((v) => v ?? null) as never[]),
        }),
      };
      return boss.send(name, job.schema.parse(payload) as object, { ...options, db });
    },
    async work() {
      if (!opts.work) return;
      for (const job of byName.values()) {
        // one worker per slot: each fetches and works one job at a time
        for (let slot = 0; slot < (job.concurrency ?? 1); slot++)
          await boss.work(job.name, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([raw]) => {
            if (!raw) return;
            await logContext.run({ jobId: raw.id }, async () => {
              const payload = job.schema.parse(raw.data);
              await job.handler(payload, raw.id);
            });
          });
        if (job.cron) await boss.schedule(job.name, job.cron, {});
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
