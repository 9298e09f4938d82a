import { z } from "zod";
import type { JobDeps } from "../../jobs/deps";
import { defineJob } from "../../jobs/registry";
import type { Actor } from "../identity/contract";
import { defineModule, type Idempotent } from "../module";
import { libraryAlertNotices, libraryAlerts } from "./alerts";
import { librarySearchCommands } from "./commands";
import { librarySearchesProjection } from "./projections";
import { librarySearchQueries } from "./queries";

/**
 * Saved CV library searches and their daily alerts of new matching candidates (issue 28, ADR
 * 0037): a consultant's own, in `library-searches-<userId>`, valid in the agency they were saved in.
 */
export const librarySearchesModule = defineModule({
  name: "librarySearches",
  projections: [librarySearchesProjection],
  notices: libraryAlertNotices,
  create({ sql, store, ctx, once, enqueue, publicUrl }) {
    const commands = librarySearchCommands({ store, ctx });
    return {
      commands: {
        ...commands,
        ...libraryAlerts({ store, ctx, enqueue, publicUrl }),
        saveLibrarySearch: (actor: Actor, input: { name: string; query: string } & Idempotent) =>
          once(input.idempotencyKey, actor.id, () => commands.saveLibrarySearch(actor, input)),
      },
      queries: librarySearchQueries(sql),
    };
  },
  jobs: (api, { logger, librarySearch }: JobDeps) => [
    defineJob({
      name: "library.search-alerts",
      schema: z.object({}).strict(),
      // one digest per search and day; running often tells the day's new candidates early
      cron: "*/15 * * * *",
      async handler(): Promise<void> {
        const run = await api.sendLibraryAlerts(librarySearch);
        // search down: nothing was recorded for the searches left, the next run tries again
        if (run.unavailable) logger.warn(run, "library alerts postponed: search unavailable");
        else if (run.sent) logger.info(run, "library alerts sent");
      },
    }),
  ],
});

/** Erasure hook (issue 30): called by the erasure module. */
export { eraseLibrarySearchMarks } from "./erase";
