import type { z } from "zod";
import type { Services } from "../services";

/**
 * A job: a name, a zod payload schema checked on send and on receipt, and a handler that must be
 * idempotent (pg-boss delivers at least once and retries failures).
 */
export interface JobDefinition<S extends z.ZodTypeAny = z.ZodTypeAny> {
  name: string;
  schema: S;
  /** cron expression (UTC) for scheduled jobs */
  cron?: string;
  retryLimit?: number;
  handler(payload: z.infer<S>, services: Services, jobId: string): Promise<void>;
}

export function defineJob<S extends z.ZodTypeAny>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}
