import type { ProcessorDefinition } from "../../event-store/processor";
import type { Logger } from "../../lib/logger";
import type { EnqueueIn } from "../notifications/outbox";

export const BUILD_EXPORT_JOB = "privacy.build-data-export";

/** Every request gets its build job, enqueued with the checkpoint: exactly one per export. */
export function buildTrigger({ enqueue, logger }: { enqueue?: EnqueueIn; logger: Logger }): ProcessorDefinition {
  return {
    name: "privacy.data-export-trigger",
    transactional: true,
    batchSize: 100,
    async handle(events, tx) {
      for (const e of events) {
        if (e.type !== "DataExportRequested") continue;
        const exportId = String(e.data.exportId);
        if (!enqueue) {
          logger.warn({ exportId }, "no job queue: the data export is not built");
          continue;
        }
        await enqueue(tx, BUILD_EXPORT_JOB, { exportId }, { singletonKey: `data-export-${exportId}` });
      }
    },
  };
}
