import type { z } from "zod";

/**
 * A job: a name, a zod payload schema checked on send and on receipt, and a handler that must be
 * idempotent (pg-boss delivers at least once and retries failures). A module's manifest makes its
 * jobs from its own API and the JobDeps they use (server/jobs/deps.ts), so the handler takes only
 * the payload and the job's id.
 */
export interface JobDefinition<S extends z.ZodTypeAny = z.ZodTypeAny> {
  name: string;
  schema: S;
  /** cron expression (UTC) for scheduled jobs */
  cron?: string;
  retryLimit?: number;
  /** pg-boss's queue policy (default standard); `stately`: one waiting and one running job per singletonKey */
  policy?: "standard" | "short" | "singleton" | "stately";
  /** jobs of this queue worked at once in each process (1 by default) */
  concurrency?: number;
  handler(payload: z.infer<S>, jobId: string): Promise<void>;
}

export function defineJob<S extends z.ZodTypeAny>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}
