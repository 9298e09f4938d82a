import type { IdentityApi } from "../identity";
import type { Actor } from "../identity/contract";
import { defineModule } from "../module";
import { agencyCommands } from "./commands";
import { inviteMember, signUpAgency, type AgencySignUp, type Invitation } from "./membership";
import { agenciesProjection } from "./projections";
import { agencyQueries } from "./queries";
import { rooms } from "../../realtime/routing";

/** Agencies, branches, client companies; agency sign-up and invitations (spec sections 1, 6, 7). */
export const agenciesModule = defineModule({
  name: "agencies",
  needs: ["identity"],
  projections: [agenciesProjection],
  // registrations and decisions: the platform admins' validation screen
  realtime: (event) => (event.type.startsWith("Agency") ? [rooms.admin] : []),
  create({ sql, store, ctx, enqueue, publicUrl }, { identity }: { identity: IdentityApi }) {
    const commands = agencyCommands({ store, ctx, enqueue, publicUrl });
    const queries = agencyQueries(sql);
    const own = { ...commands, ...queries };
    return {
      queries,
      commands: {
        ...commands,
        signUp: (input: AgencySignUp) => signUpAgency({ agencies: own, identity, newId: () => ctx.ids.uuid() }, input),
        invite: (actor: Actor, input: Invitation) => inviteMember({ agencies: own, identity }, actor, input),
      },
    };
  },
});
