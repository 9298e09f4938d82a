import { z } from "zod";
import type { JobDeps } from "../../jobs/deps";
import { defineJob } from "../../jobs/registry";
import { rooms } from "../../realtime/routing";
import { defineModule } from "../module";
import { placementCommands, type ApplicationsPort, type DeactivationPort } from "./commands";
import { proposalNotices } from "./notices";
import { placementsProjection, proposalsProjection } from "./projections";
import { placementQueries } from "./queries";

/** What placements call of the others: a proposal's candidates and their applications. */
export interface PlacementsPorts {
  applications: ApplicationsPort;
  /** created later (a late port): a candidate the agency deactivated for itself is proposed nothing (ADR 0038) */
  candidateFile: DeactivationPort;
}

/**
 * Placements: proposals of a mission (an ad) to candidates and the validated missions they lead
 * to (spec routes /mes-propositions and /missions-valides, section 4 status 6 "on mission").
 */
export const placementsModule = defineModule({
  name: "placements",
  needs: ["applications"],
  late: ["candidateFile"],
  projections: [proposalsProjection, placementsProjection],
  notices: proposalNotices,
  // events about all of a proposal's candidates (made, filled, closed, expired) reach each one's room
  realtime(event) {
    const d = event.data as { candidateIds?: unknown; others?: unknown };
    const ids = [d.candidateIds, d.others].flatMap((v) =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [],
    );
    return event.streamId.startsWith("proposal-") ? ids.map(rooms.user) : [];
  },
  create({ sql, store, ctx }, { applications, candidateFile }: PlacementsPorts) {
    return {
      commands: placementCommands({ store, ctx, applications, deactivations: candidateFile }),
      queries: placementQueries(sql),
    };
  },
  jobs: (api, { logger }: JobDeps) => [
    defineJob({
      name: "placements.expire-proposals",
      schema: z.object({}).strict(),
      // proposals past their expiry are closed by this sweep (answers are refused from the expiry on anyway)
      cron: "*/5 * * * *",
      async handler(): Promise<void> {
        const expired = await api.sweepExpiredProposals();
        if (expired) logger.info({ expired }, "proposals expired by the sweep");
      },
    }),
  ],
});

export type PlacementsApi = ReturnType<typeof placementsModule.create>["commands"] &
  ReturnType<typeof placementsModule.create>["queries"];
