import { z } from "zod";
import { MAX_MAIL_ATTEMPTS, dispatchMail, strandedMails } from "../modules/notifications/outbox";
import { defineJob } from "./registry";

/** Every job of the product. Modules add theirs here. */
export const JOBS = [
  defineJob({
    name: "sessions.purge-expired",
    schema: z.object({}).strict(),
    cron: "*/15 * * * *",
    async handler(_payload, services) {
      const ended = await services.sessions.purgeExpired();
      // finished rate-limit windows too (their counters no longer count)
      await services.sql`delete from rate_limits where expire is not null and expire < ${Date.now()}`;
      services.logger.info({ ended }, "expired sessions purged");
    },
  }),
  defineJob({
    name: "mail.send",
    schema: z.object({ outboxId: z.string().uuid() }).strict(),
    retryLimit: MAX_MAIL_ATTEMPTS - 1,
    async handler({ outboxId }, services) {
      const outcome = await dispatchMail(services.sql, outboxId, services.mailTransport);
      services.logger.info({ outboxId, outcome }, "mail dispatched");
    },
  }),
  defineJob({
    name: "mail.sweep",
    schema: z.object({}).strict(),
    cron: "* * * * *",
    async handler(_payload, services) {
      for (const outboxId of await strandedMails(services.sql)) await services.jobs.send("mail.send", { outboxId }, { singletonKey: outboxId });
    },
  }),
  defineJob({
    name: "missions.expire",
    schema: z.object({}).strict(),
    // ads and orders go offline the day after their end date (spec section 4)
    cron: "*/10 * * * *",
    async handler(_payload, services) {
      const expired = await services.missions.expireDueAds();
      if (expired.ads || expired.orders) services.logger.info(expired, "ads and orders expired");
    },
  }),
  defineJob({
    name: "engagement.search-alerts",
    schema: z.object({}).strict(),
    // at most one digest per saved search and day; searching often catches the day's new ads early
    cron: "*/15 * * * *",
    async handler(_payload, services) {
      const run = await services.engagement.sendSearchAlerts(services.adSearch);
      // search down: nothing was recorded, the next run tries again
      if (run.unavailable) services.logger.warn(run, "job alerts postponed: search unavailable");
      else if (run.sent) services.logger.info(run, "job alerts sent");
      const purged = await services.notifications.purgeOldNotifications();
      if (purged) services.logger.info({ purged }, "notifications older than 90 days deleted");
    },
  }),
];
