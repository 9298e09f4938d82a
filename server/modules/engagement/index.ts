import { z } from "zod";
import type { JobDeps } from "../../jobs/deps";
import { defineJob } from "../../jobs/registry";
import type { Actor } from "../identity/contract";
import { defineModule, type Idempotent } from "../module";
import { engagementNotices, searchAlerts } from "./alerts";
import { engagementCommands } from "./commands";
import { engagementProjection } from "./projections";
import { engagementQueries } from "./queries";

/** Favourites, hidden ads, saved searches and job alerts (spec sections 2, 7). */
export const engagementModule = defineModule({
  name: "engagement",
  projections: [engagementProjection],
  notices: engagementNotices,
  create({ sql, store, ctx, once }) {
    const commands = engagementCommands({ store, ctx });
    return {
      commands: {
        ...commands,
        ...searchAlerts({ store, ctx }),
        saveSearch: (actor: Actor, input: Parameters<typeof commands.saveSearch>[1] & Idempotent) =>
          once(input.idempotencyKey, actor.id, () => commands.saveSearch(actor, input)),
      },
      queries: engagementQueries(sql),
    };
  },
  jobs: (api, { logger, adSearch, adFits }: JobDeps) => [
    defineJob({
      name: "engagement.search-alerts",
      schema: z.object({}).strict(),
      // at most one digest per saved search and day; searching often catches the day's new ads early
      cron: "*/15 * * * *",
      async handler(): Promise<void> {
        const run = await api.sendSearchAlerts(adSearch, adFits);
        // search down: nothing was recorded, the next run tries again
        if (run.unavailable) logger.warn(run, "job alerts postponed: search unavailable");
        else if (run.sent) logger.info(run, "job alerts sent");
      },
    }),
  ],
});

/** Erasure hook (issue 30): called by the erasure module. */
export { eraseEngagement } from "./erase";
