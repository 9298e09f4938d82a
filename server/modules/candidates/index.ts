import type { IdentityApi } from "../identity";
import { defineModule } from "../module";
import { candidateCommands } from "./commands";
import { candidatesProjection, registrationsProjection } from "./projections";
import { candidateQueries } from "./queries";

/** Candidate registration, profile and documents (spec section 3). */
export const candidatesModule = defineModule({
  name: "candidates",
  needs: ["identity"],
  projections: [registrationsProjection, candidatesProjection],
  create({ sql, store, ctx, storage }, { identity }: { identity: IdentityApi }) {
    return { commands: candidateCommands({ store, ctx, storage, identity }), queries: candidateQueries(sql) };
  },
});

// the CV rules applying shares with registration
export { checkDocument, cleanFileName } from "./documents";
