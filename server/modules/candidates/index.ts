import type { IdentityApi } from "../identity";
import { defineModule } from "../module";
import { candidateCommands } from "./commands";
import { profileCommands } from "./profile-commands";
import { profilesProjection } from "./profile-projection";
import { profileQueries } from "./profile-queries";
import { candidatesProjection, registrationsProjection } from "./projections";
import { candidateQueries } from "./queries";

/** Candidate registration, profile and documents (spec section 3). */
export const candidatesModule = defineModule({
  name: "candidates",
  needs: ["identity"],
  projections: [registrationsProjection, candidatesProjection, profilesProjection],
  create({ sql, store, ctx, storage }, { identity }: { identity: IdentityApi }) {
    return {
      commands: { ...candidateCommands({ store, ctx, storage, identity }), ...profileCommands({ store, ctx }) },
      queries: { ...candidateQueries(sql), ...profileQueries(sql, store) },
    };
  },
});

// the CV rules applying shares with registration
export { checkDocument, cleanFileName } from "./documents";
