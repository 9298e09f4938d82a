import { z } from "zod";
import { defineJob } from "../../jobs/registry";
import { defineModule } from "../module";
import { privacyCommands, type Ports } from "./commands";
import { dataExportNotices } from "./notices";
import { BUILD_EXPORT_JOB, buildTrigger } from "./processors";
import { dataExportsProjection } from "./projections";
import { privacyQueries } from "./queries";

/** Privacy: a person's own data, exported as a ZIP (issue 11; consent and erasure come later). */
export const privacyModule = defineModule({
  name: "privacy",
  needs: ["identity", "candidates", "engagement", "applications", "placements", "notifications"],
  projections: [dataExportsProjection],
  notices: dataExportNotices,
  jobs: [
    defineJob({
      name: BUILD_EXPORT_JOB,
      schema: z.object({ exportId: z.string().uuid() }).strict(),
      retryLimit: 3,
      async handler({ exportId }, services): Promise<void> {
        const outcome = await services.privacy.buildDataExport(exportId);
        services.logger.info({ exportId, outcome }, "data export built");
      },
    }),
    defineJob({
      name: "privacy.sweep-data-exports",
      schema: z.object({}).strict(),
      cron: "17 * * * *",
      async handler(_payload, services): Promise<void> {
        const expired = await services.privacy.sweepDataExports();
        if (expired) services.logger.info({ expired }, "expired data exports removed");
      },
    }),
  ],
  create(deps, ports: Ports) {
    return { commands: privacyCommands(deps, ports), queries: privacyQueries(deps) };
  },
  processors: ({ enqueue, logger }) => [buildTrigger({ enqueue, logger })],
});

export { dataExportNotices };
