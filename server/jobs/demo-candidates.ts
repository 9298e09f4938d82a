import { z } from "zod";
import { DEMO_PASSWORD } from "../../db/seed/password";
import { demoCandidatesResumeAt, seedDemoCandidateRange } from "../../db/seed/demo-candidates";
import type { JobDeps } from "./deps";
import { defineJob } from "./registry";

export const DEMO_CANDIDATES_JOB = "demo.candidates";
/** one chain of batches at a time (the queue's stately policy keeps one waiting and one running per key) */
const SINGLETON = { singletonKey: "demo-candidates" };

type Domain = Parameters<typeof seedDemoCandidateRange>[0];

/**
 * The generated demo candidates (DEMO_CANDIDATES, about 2,000) as a resumable job: a batch of
 * `batch` candidates by index, idempotent, which queues the next batch when it is done. A batch
 * that fails (the database went away) is retried by pg-boss; a start finds where the seeding
 * stopped and queues it again (resumeDemoCandidates), so it always finishes.
 */
export function demoCandidateJobs(domain: Domain, { logger, send }: Pick<JobDeps, "logger" | "send">, batch = 50) {
  return [
    defineJob({
      name: DEMO_CANDIDATES_JOB,
      schema: z.object({ from: z.number().int().min(1), total: z.number().int().min(1).max(100_000) }).strict(),
      retryLimit: 20,
      policy: "stately",
      async handler({ from, total }) {
        const to = Math.min(total, from + batch - 1);
        const created = await seedDemoCandidateRange(domain, DEMO_PASSWORD, from, to);
        logger.info({ from, to, total, created }, "demo candidates seeded");
        if (to < total) await send(DEMO_CANDIDATES_JOB, { from: to + 1, total }, SINGLETON);
      },
    }),
  ];
}

/** At start: queues the seeding from where it stopped, unless all `total` candidates exist. Returns that index. */
export async function resumeDemoCandidates(domain: Domain, send: JobDeps["send"], total: number) {
  const from = await demoCandidatesResumeAt(domain, total);
  if (from !== null) await send(DEMO_CANDIDATES_JOB, { from, total }, SINGLETON);
  return from;
}
