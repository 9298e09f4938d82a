import { rooms } from "../../realtime/routing";
import { defineModule } from "../module";
import { PLANNING_SHIFT, type LiveShift } from "./contract";
import { planningCommands, type PlacementsPort } from "./commands";
import { planningNotices } from "./notices";
import { assignmentsProjection } from "./projections";
import { planningQueries } from "./queries";

/** What planning calls of the others: the validated missions shifts are planned on. */
export interface PlanningPorts {
  placements: PlacementsPort;
}

/**
 * Planning (spec /planification): shifts of candidates on their validated missions, drafts and
 * publications, the warnings of the board. Every assignment event goes to the agency's planning
 * room (the board's editors); a publication also reaches the candidate concerned.
 */
export const planningModule = defineModule({
  name: "planning",
  needs: ["placements"],
  projections: [assignmentsProjection],
  notices: planningNotices,
  realtime(event) {
    const tenant = event.metadata.tenant;
    const out: string[] = [];
    if ((event.streamId.startsWith("assignment-") || event.streamId.startsWith("planning-")) && tenant)
      out.push(rooms.planning(tenant));
    if (event.type === "AssignmentPublished") out.push(rooms.user(String(event.data.candidateId)));
    return out;
  },
  // the changed shifts themselves to the editors (the board patches them in: no reload per editor)
  livePush: (sql) => {
    const queries = planningQueries(sql);
    return async (events) => {
      const tenantOf = new Map<string, string>();
      for (const e of events)
        if (e.streamId.startsWith("assignment-") && e.metadata.tenant)
          tenantOf.set(e.streamId.slice("assignment-".length), e.metadata.tenant);
      if (!tenantOf.size) return [];
      const rows = new Map(
        (await queries.shiftsForPush([...tenantOf.keys()])).map(({ agencyId, ...row }) => [row.id, { agencyId, row }]),
      );
      return [...tenantOf].map(([id, tenant]) => {
        const found = rows.get(id);
        const shift = found && found.agencyId === tenant ? found.row : null;
        return { room: rooms.planning(tenant), name: PLANNING_SHIFT, data: { id, shift } satisfies LiveShift };
      });
    };
  },
  create({ store, ctx, sql }, { placements }: PlanningPorts) {
    const queries = planningQueries(sql);
    return { commands: planningCommands({ store, ctx, placements }, queries), queries };
  },
});

export type PlanningApi = ReturnType<typeof planningModule.create>["commands"] &
  ReturnType<typeof planningModule.create>["queries"];
