import { z } from "zod";
import { defineJob } from "../../jobs/registry";
import type { Actor } from "../identity/contract";
import { defineModule, type Idempotent } from "../module";
import type { LogActivityInput } from "./forms";
import { activityCommands, REMIND_JOB, type ActivityCandidatePort } from "./commands";
import { activityNotices } from "./notices";
import { activitiesProjection, calendarFeedsProjection } from "./projections";
import { activityQueries } from "./queries";

/** What activities call of the others: the candidates module's access rule, for a linked candidate. */
export interface ActivitiesPorts {
  candidates: ActivityCandidatePort;
}

/**
 * An agency's activities (issue 29, ADR 0042): calls, meetings, e-mails, tasks and notes linked to
 * its candidates, client companies, ads and orders, in `activity-<id>`; tasks' reminders through a
 * pg-boss job at the due time; each person's calendar feed behind a secret link. Events carry the
 * agency as tenant and no `userId` nor `clientId`: they reach that agency's room only.
 */
export const activitiesModule = defineModule({
  name: "activities",
  needs: ["candidates"],
  projections: [activitiesProjection, calendarFeedsProjection],
  notices: activityNotices,
  create({ sql, store, ctx, enqueue, once }, { candidates }: ActivitiesPorts) {
    const commands = activityCommands({ sql, store, ctx, enqueue, candidates });
    return {
      commands: {
        ...commands,
        // a retried form logs the activity once
        logActivity: (actor: Actor, input: LogActivityInput & Idempotent) =>
          once(input.idempotencyKey, actor.id, () => commands.logActivity(actor, input)),
      },
      queries: activityQueries(sql, ctx.clock),
    };
  },
  jobs: (api) => [
    defineJob({
      name: REMIND_JOB,
      schema: z.object({ activityId: z.string().uuid(), dueAt: z.string().datetime() }),
      // queued at the due time; the decider tells once per due time, so a retry or a stale job is a no-op
      async handler({ activityId, dueAt }): Promise<void> {
        await api.remindActivity(activityId, dueAt);
      },
    }),
  ],
});

/** Erasure hook (issue 30): called by the erasure module. */
export { eraseActivities } from "./erase";
