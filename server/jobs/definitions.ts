import { z } from "zod";
import { defineJob } from "./registry";

/** Every job of the product. Modules add theirs here. */
export const JOBS = [
  defineJob({
    name: "sessions.purge-expired",
    schema: z.object({}).strict(),
    cron: "*/15 * * * *",
    async handler(_payload, services) {
      const ended = await services.sessions.purgeExpired();
      services.logger.info({ ended }, "expired sessions purged");
    },
  }),
];
