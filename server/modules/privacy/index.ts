import { z } from "zod";
import type { JobDeps } from "../../jobs/deps";
import { defineJob } from "../../jobs/registry";
import { defineModule } from "../module";
import { privacyCommands, type PrivacyPorts } from "./commands";
import { dataExportNotices } from "./notices";
import { BUILD_EXPORT_JOB, buildTrigger } from "./processors";
import { dataExportsProjection } from "./projections";
import { privacyQueries } from "./queries";

export type { PrivacyPorts };

/** Privacy: a person's own data, exported as a ZIP (issue 11; consent and erasure come later). */
export const privacyModule = defineModule({
  name: "privacy",
  needs: ["identity", "candidates", "engagement", "applications", "placements", "notifications"],
  projections: [dataExportsProjection],
  notices: dataExportNotices,
  create(deps, ports: PrivacyPorts) {
    return { commands: privacyCommands(deps, ports), queries: privacyQueries(deps) };
  },
  jobs: (api, { logger }: JobDeps) => [
    defineJob({
      name: BUILD_EXPORT_JOB,
      schema: z.object({ exportId: z.string().uuid() }).strict(),
      retryLimit: 3,
      async handler({ exportId }): Promise<void> {
        const outcome = await api.buildDataExport(exportId);
        logger.info({ exportId, outcome }, "data export built");
      },
    }),
    defineJob({
      name: "privacy.sweep-data-exports",
      schema: z.object({}).strict(),
      cron: "17 * * * *",
      async handler(): Promise<void> {
        const expired = await api.sweepDataExports();
        if (expired) logger.info({ expired }, "expired data exports removed");
      },
    }),
  ],
  processors: ({ enqueue, logger }) => [buildTrigger({ enqueue, logger })],
});

export { dataExportNotices };

/** Erasure hook (issue 30): called by the erasure module. */
export { eraseDataExports } from "./erase";
