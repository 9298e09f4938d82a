import { z } from "zod";
import type { JobDeps } from "../../jobs/deps";
import { defineJob } from "../../jobs/registry";
import { rooms } from "../../realtime/routing";
import { defineModule } from "../module";
import { erasureCommands, type ErasurePorts } from "./commands";
import { erasureRequestsProjection } from "./projections";
import { erasureQueries } from "./queries";

export type { ErasurePorts };

/** Erasure (issue 30, ADR 0048): a person's data destroyed on request, after a grace period or at once by an admin. */
export const erasureModule = defineModule({
  name: "erasure",
  needs: ["identity", "applications", "support"],
  projections: [erasureRequestsProjection],
  // an erased person's open file or lists degrade at once in every agency (staff join their
  // country's library room); admins see the pending list move. The event names nobody.
  realtime: (e) =>
    e.type === "PersonErased"
      ? [rooms.library("CH"), rooms.library("FR"), rooms.admin]
      : e.type.startsWith("Erasure")
        ? [rooms.admin]
        : [],
  create(deps, ports: ErasurePorts) {
    return {
      commands: erasureCommands(deps, ports),
      queries: erasureQueries(deps.sql, deps.ctx.clock, ports.applications),
    };
  },
  jobs: (api, { logger }: JobDeps) => [
    // before the carry-out (03:40): warns 30 days ahead those a retention rule catches (ADR 0048)
    defineJob({
      name: "erasure.retention",
      schema: z.object({}).strict(),
      cron: "10 3 * * *",
      async handler(): Promise<void> {
        const { warned, anonymised } = await api.applyRetention();
        if (warned || anonymised) logger.info({ warned, anonymised }, "retention applied");
      },
    }),
    defineJob({
      name: "erasure.carry-out-due",
      schema: z.object({}).strict(),
      cron: "40 3 * * *",
      async handler(): Promise<void> {
        const erased = await api.carryOutDueErasures();
        if (erased) logger.info({ erased }, "due erasures carried out");
      },
    }),
  ],
});
