import { z } from "zod";
import type { JobDeps } from "../../jobs/deps";
import { defineJob } from "../../jobs/registry";
import { checkDocument, cleanFileName } from "../../lib/uploads";
import { defineModule } from "../module";
import { anonymousApplyCommands, type AnonymousCvPort, type AnonymousIdentityPort } from "./anonymous";
import { applicationCommands, type DeactivationPort } from "./commands";
import { applicationNotices } from "./notices";
import { applicationsProjection } from "./projections";
import { applicationQueries } from "./queries";
import { refusalRetentionQueries } from "./retention";
import { templateCommands } from "./templates-commands";
import { templatesProjection } from "./templates-projection";
import { templateQueries } from "./templates-queries";

const byId = z.object({ applicationId: z.string().uuid() }).strict();

/** What applications call of the others: applying without an account creates one, which keeps the CV sent. */
export interface ApplicationsPorts {
  identity: AnonymousIdentityPort;
  candidates: AnonymousCvPort;
  /** created later (a late port): whether the ad's agency deactivated the candidate for itself (ADR 0038) */
  candidateFile: DeactivationPort;
}

/** Applications: apply, statuses, the agency pipeline, the automatic reply, reply templates and custom emails (spec sections 3, 4, 7, 9). */
export const applicationsModule = defineModule({
  name: "applications",
  needs: ["identity", "candidates"],
  late: ["candidateFile"],
  projections: [applicationsProjection, templatesProjection],
  notices: applicationNotices,
  create({ sql, store, ctx, storage, enqueue, publicUrl }, { identity, candidates, candidateFile }: ApplicationsPorts) {
    const cv = { checkDocument, cleanFileName };
    const templates = templateCommands({ store, ctx, enqueue, publicUrl });
    const commands = applicationCommands({
      store,
      ctx,
      storage,
      enqueue,
      cv,
      refusalMail: templates.refusalMail,
      deactivations: candidateFile,
    });
    return {
      commands: {
        ...commands,
        ...templates.commands,
        sendMail: templates.mailSender(commands.recordMail),
        ...anonymousApplyCommands({ store, ctx, storage, cv, identity, candidates, applyAs: commands.applyAs }),
      },
      queries: { ...applicationQueries(sql, store, storage), ...templateQueries(sql), ...refusalRetentionQueries(sql) },
    };
  },
  jobs: (api, { logger }: JobDeps) => [
    defineJob({
      name: "applications.auto-reply",
      schema: byId,
      // one per application, due 48 hours after it arrived; a no-op once a consultant acted
      async handler({ applicationId }): Promise<void> {
        await api.autoReply(applicationId);
      },
    }),
    // a consultant's status change, once its window has passed: told unless undone or followed by another status;
    // "notify-refusal" is the name of the jobs queued before issue 27 (refusals only)
    ...["applications.notify-status", "applications.notify-refusal"].map((name) =>
      defineJob({
        name,
        schema: byId.extend({ version: z.number().int().min(1) }),
        async handler({ applicationId, version }): Promise<void> {
          await api.notifyStatus(applicationId, version);
        },
      }),
    ),
    defineJob({
      name: "applications.unanswered",
      schema: z.object({}).strict(),
      // weekday mornings (UTC 07:00 is 08:00 or 09:00 in France and Switzerland)
      cron: "0 7 * * 1-5",
      async handler(): Promise<void> {
        const flagged = await api.flagUnanswered();
        if (flagged) logger.info({ flagged }, "consultants told of unanswered applications");
      },
    }),
    defineJob({
      name: "applications.sweep",
      schema: z.object({}).strict(),
      // a safety net for automatic replies whose job was lost (restored backup, queue purged)
      cron: "*/10 * * * *",
      async handler(): Promise<void> {
        const sent = await api.sweepAutoReplies();
        if (sent) logger.info({ sent }, "automatic negative replies sent by the sweep");
      },
    }),
  ],
});

export type ApplicationsApi = ReturnType<typeof applicationsModule.create>["commands"] &
  ReturnType<typeof applicationsModule.create>["queries"];

/** Erasure hook (issue 30): called by the erasure module. */
export { eraseApplications } from "./erase";
