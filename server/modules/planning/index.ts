import { rooms } from "../../realtime/routing";
import { defineModule } from "../module";
import { planningCommands } from "./commands";
import { planningNotices } from "./notices";
import { assignmentsProjection } from "./projections";
import { planningQueries } from "./queries";

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
    if ((event.streamId.startsWith("assignment-") || event.streamId.startsWith("planning-")) && tenant) out.push(rooms.planning(tenant));
    if (event.type === "AssignmentPublished") out.push(rooms.user(String(event.data.candidateId)));
    return out;
  },
  create({ store, ctx, sql }) {
    const queries = planningQueries(sql);
    return { commands: planningCommands({ store, ctx }, queries), queries };
  },
});

export type PlanningApi = ReturnType<typeof planningModule.create>["commands"] & ReturnType<typeof planningModule.create>["queries"];
