import { z } from "zod";
import type { JobDeps } from "../../jobs/deps";
import { defineJob } from "../../jobs/registry";
import { defineModule } from "../module";
import { inAppNotifications } from "./in-app";
import { dispatchMail, keptMails, MAX_MAIL_ATTEMPTS, strandedMails } from "./outbox";
import { notifierProcessor, type RecipientPort } from "./notifier";
import { notificationsProjection } from "./projections";
import { communicationCommands, communicationProjection } from "./communication";
import { deliverPush, MAX_PUSH_ATTEMPTS, PUSH_JOB, pushDevices, type Vapid } from "./push";

// Mails carrying a single-use link are queued in the command's own transaction (the token
// exists only there, never in an event): the one function other modules call (ADR 0009).
export { queueMail, type EnqueueIn } from "./outbox";
// a mail telling of a notice, queued by its module in its own transaction (the library's alert
// digest holds names its event does not): decided by the same rules as the notifier's
export { queueNoticeMail } from "./notice-mail";
export { choicesOf as communicationChoicesOf } from "./communication";

/** What notifications read of the others: the recipients' accounts (its notifier). */
export interface NotificationsPorts {
  identity: RecipientPort;
}

/** In-app notifications and the mail outbox (spec sections 7, 9). */
export const notificationsModule = defineModule({
  name: "notifications",
  projections: [notificationsProjection, communicationProjection],
  needs: ["identity"],
  create({ sql, store, ctx, publicUrl }, { identity }: NotificationsPorts) {
    const { listNotifications, unreadNotifications, ...commands } = inAppNotifications({ store, ctx });
    const { myCommunication, unsubscribeLink, ...communication } = communicationCommands({ sql, store, ctx });
    const { myPushDevices, ...devices } = pushDevices(sql);
    return {
      commands: {
        ...commands,
        ...communication,
        ...devices,
        /** the push.send job's work (it needs the recipients' accounts, which this module reaches) */
        deliverPush: (job: { subscriptionId: string; notificationId: string }, vapid: Vapid) =>
          deliverPush(sql, job, { vapid, recipients: identity, publicUrl }),
      },
      queries: {
        myPushDevices,
        keptMails: () => keptMails(sql),
        listNotifications,
        unreadNotifications,
        myCommunication,
        unsubscribeLink,
      },
    };
  },
  jobs: (api, { logger, sql, send, mailTransport, vapid }: JobDeps) => [
    defineJob({
      name: PUSH_JOB,
      schema: z.object({ subscriptionId: z.string().uuid(), notificationId: z.string().uuid() }).strict(),
      retryLimit: MAX_PUSH_ATTEMPTS - 1,
      async handler(job): Promise<void> {
        const outcome = await api.deliverPush(job, vapid);
        logger.info({ subscriptionId: job.subscriptionId, outcome }, "push dispatched");
      },
    }),
    defineJob({
      name: "mail.send",
      schema: z.object({ outboxId: z.string().uuid() }).strict(),
      retryLimit: MAX_MAIL_ATTEMPTS - 1,
      async handler({ outboxId }): Promise<void> {
        const outcome = await dispatchMail(sql, outboxId, mailTransport);
        logger.info({ outboxId, outcome }, "mail dispatched");
      },
    }),
    defineJob({
      name: "mail.sweep",
      schema: z.object({}).strict(),
      cron: "* * * * *",
      async handler(): Promise<void> {
        for (const outboxId of await strandedMails(sql))
          await send("mail.send", { outboxId }, { singletonKey: outboxId });
      },
    }),
    defineJob({
      name: "notifications.purge",
      schema: z.object({}).strict(),
      // spec section 9: older than 90 days, every 15 minutes (as when the job alerts ran it)
      cron: "*/15 * * * *",
      async handler(): Promise<void> {
        const purged = await api.purgeOldNotifications();
        if (purged) logger.info({ purged }, "notifications older than 90 days deleted");
      },
    }),
  ],
  // after create: typed from it
  processors: ({ store, notices, enqueue, logger, publicUrl }, _api, { identity }) => [
    notifierProcessor({
      store,
      sources: notices,
      recipients: identity,
      enqueue,
      logger,
      publicUrl,
    }),
  ],
});

/** Erasure hook (issue 30): called by the erasure module. */
export { eraseNotifications } from "./erase";
