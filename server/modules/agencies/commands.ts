import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import { agencyDecider, type AgencyCommand } from "./decider";
import { agencyStream, type Country } from "./events";

type Without<C, K extends string> = C extends unknown ? Omit<C, K> : never;

export function agencyCommands(store: EventStore, ctx: DecideContext) {
  const run = (command: AgencyCommand, actor: string) =>
    handleCommand(store, agencyDecider, agencyStream(command.agencyId), command, ctx, { actor, tenant: command.agencyId });
  return {
    async registerAgency(input: { name: string; country: Country; city: string; approved: boolean }, actor = "system") {
      const agencyId = ctx.ids.uuid();
      await run({ type: "RegisterAgency", agencyId, ...input }, actor);
      return agencyId;
    },
    async openBranch(input: Without<Extract<AgencyCommand, { type: "OpenBranch" }>, "type" | "branchId">, actor: string) {
      const branchId = ctx.ids.uuid();
      await run({ type: "OpenBranch", branchId, ...input }, actor);
      return branchId;
    },
    async addClientCompany(input: Without<Extract<AgencyCommand, { type: "AddClientCompany" }>, "type" | "clientId">, actor: string) {
      const clientId = ctx.ids.uuid();
      await run({ type: "AddClientCompany", clientId, ...input }, actor);
      return clientId;
    },
  };
}
