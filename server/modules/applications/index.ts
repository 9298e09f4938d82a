import { z } from "zod";
import { defineJob } from "../../jobs/registry";
import { checkDocument, cleanFileName } from "../../lib/uploads";
import { defineModule } from "../module";
import { anonymousApplyCommands, type AnonymousIdentityPort } from "./anonymous";
import { applicationCommands } from "./commands";
import { applicationNotices } from "./notices";
import { applicationsProjection } from "./projections";
import { applicationQueries } from "./queries";
import { templateCommands } from "./templates-commands";
import { templatesProjection } from "./templates-projection";
import { templateQueries } from "./templates-queries";

const byId = z.object({ applicationId: z.string().uuid() }).strict();

/** Applications: apply, statuses, the agency pipeline, the automatic reply, reply templates and custom emails (spec sections 3, 4, 7, 9). */
export const applicationsModule = defineModule({
  name: "applications",
  needs: ["identity", "candidates", "missions"],
  projections: [applicationsProjection, templatesProjection],
  notices: applicationNotices,
  jobs: [
    defineJob({
      name: "applications.auto-reply",
      schema: byId,
      // one per application, due 48 hours after it arrived; a no-op once a consultant acted
      async handler({ applicationId }, services): Promise<void> {
        await services.applications.autoReply(applicationId);
      },
    }),
    defineJob({
      name: "applications.notify-refusal",
      schema: byId.extend({ version: z.number().int().min(1) }),
      // the refusal's window has passed: the mail goes unless it was undone or followed by a change
      async handler({ applicationId, version }, services): Promise<void> {
        await services.applications.notifyRefusal(applicationId, version);
      },
    }),
    defineJob({
      name: "applications.unanswered",
      schema: z.object({}).strict(),
      // weekday mornings (UTC 07:00 is 08:00 or 09:00 in France and Switzerland)
      cron: "0 7 * * 1-5",
      async handler(_payload, services): Promise<void> {
        const flagged = await services.applications.flagUnanswered();
        if (flagged) services.logger.info({ flagged }, "consultants told of unanswered applications");
      },
    }),
    defineJob({
      name: "applications.sweep",
      schema: z.object({}).strict(),
      // a safety net for automatic replies whose job was lost (restored backup, queue purged)
      cron: "*/10 * * * *",
      async handler(_payload, services): Promise<void> {
        const sent = await services.applications.sweepAutoReplies();
        if (sent) services.logger.info({ sent }, "automatic negative replies sent by the sweep");
      },
    }),
  ],
  create({ sql, store, ctx, storage, enqueue, publicUrl }, { identity }: { identity: AnonymousIdentityPort }) {
    const cv = { checkDocument, cleanFileName };
    const templates = templateCommands({ store, ctx, enqueue, publicUrl });
    const commands = applicationCommands({ store, ctx, storage, enqueue, cv, refusalMail: templates.refusalMail });
    return {
      commands: {
        ...commands,
        ...templates.commands,
        sendMail: templates.mailSender(commands.recordMail),
        ...anonymousApplyCommands({ store, ctx, storage, cv, identity, applyAs: commands.applyAs }),
      },
      queries: { ...applicationQueries(sql, store, storage), ...templateQueries(sql) },
    };
  },
});

export type ApplicationsApi = ReturnType<typeof applicationsModule.create>["commands"] & ReturnType<typeof applicationsModule.create>["queries"];
