import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Tx } from "../../event-store/types";
import type { rmAgencies, rmUsers } from "../../../db/schema";
import type { Cols } from "../../lib/rows";
import { queueMail, type EnqueueIn } from "../notifications/outbox";
import { agencyDecider, type AgencyCommand } from "./decider";
import { agencyStream, type Country } from "./events";

type Without<C, K extends string> = C extends unknown ? Omit<C, K> : never;

export interface AgencyDeps {
  store: EventStore;
  ctx: DecideContext;
  enqueue?: EnqueueIn;
  publicUrl: string;
}

export function agencyCommands({ store, ctx, enqueue, publicUrl }: AgencyDeps) {
  const run = (command: AgencyCommand, actor: string, inTransaction?: (tx: Tx) => Promise<void>) =>
    handleCommand(store, agencyDecider, agencyStream(command.agencyId), command, ctx, { actor, tenant: command.agencyId }, { inTransaction });

  /** The agency's admins hear about the decision by mail, in their language, with the decision's transaction. */
  const mailAdmins = (agencyId: string, template: "agencyApproved" | "agencyRejected", reason = "") => async (tx: Tx) => {
    const [agency] = await tx<Cols<typeof rmAgencies, "name">[]>`select name from rm_agencies where id = ${agencyId}`;
    const admins = await tx<Cols<typeof rmUsers, "email" | "firstName" | "locale">[]>`
      select email, first_name as "firstName", locale from rm_users where agency_id = ${agencyId} and role = 'ADMIN_CONSULTANT'`;
    for (const a of admins) {
      await queueMail(tx, { to: a.email, locale: a.locale, template, params: { name: a.firstName, agency: agency?.name ?? "", reason, link: `${publicUrl}/login` } }, enqueue);
    }
  };

  return {
    async registerAgency(input: { name: string; country: Country; city: string; approved: boolean }, actor = "system", agencyId = ctx.ids.uuid()) {
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
    /** Platform admin decisions (spec section 6: agencies need administrator validation). */
    async approveAgency(agencyId: string, by: string) {
      await run({ type: "ApproveAgency", agencyId, by }, by, mailAdmins(agencyId, "agencyApproved"));
    },
    async rejectAgency(agencyId: string, by: string, reason: string) {
      await run({ type: "RejectAgency", agencyId, by, reason }, by, mailAdmins(agencyId, "agencyRejected", reason.trim()));
    },
  };
}
