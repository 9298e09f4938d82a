import type { IdentityApi } from "../identity";
import type { Actor } from "../identity/contract";
import { defineModule } from "../module";
import { agencyCommands } from "./commands";
import { inviteMember, signUpAgency, type AgencySignUp, type Invitation } from "./membership";
import { agenciesProjection } from "./projections";
import { agencyQueries } from "./queries";
import { rooms } from "../../realtime/routing";
import { isUuid } from "../../lib/contract";

/** What agencies call of the others: sign-up and invitations create the accounts. */
export interface AgenciesPorts {
  identity: Pick<IdentityApi, "credentialsByEmail" | "registerUser">;
}

/** Agencies, branches, client companies; agency sign-up and invitations (spec sections 1, 6, 7). */
export const agenciesModule = defineModule({
  name: "agencies",
  needs: ["identity"],
  projections: [agenciesProjection],
  // registrations and decisions: the platform admins' validation screen
  realtime: (event) => (event.type.startsWith("Agency") ? [rooms.admin] : []),
  create({ sql, store, ctx, enqueue, publicUrl, storage }, { identity }: AgenciesPorts) {
    const commands = agencyCommands({ store, storage, ctx, enqueue, publicUrl });
    const queries = {
      ...agencyQueries(sql),
      /** A logo's bytes, only while it is an agency's current logo: no other file of the storage is reachable this way. */
      async readLogo(fileId: string): Promise<Buffer | null> {
        if (!isUuid(fileId)) return null;
        const [current] = await sql`select 1 from rm_agencies where logo_id = ${fileId}`;
        return current ? storage.get(fileId) : null;
      },
    };
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

export type AgenciesApi = ReturnType<typeof agenciesModule.create>["commands"] &
  ReturnType<typeof agenciesModule.create>["queries"];
