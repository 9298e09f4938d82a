import { defineModule } from "../module";
import { agencyDocumentCommands } from "./commands";
import { agencyDocumentsProjection } from "./projections";
import { agencyDocumentQueries, type AgencyDocumentsPorts } from "./queries";

/** Agency documents shared with candidates (spec sections 2, 3); who may see a candidate's own documents is the candidates module's rule. */
export const agencyDocumentsModule = defineModule({
  name: "agencyDocuments",
  needs: ["agencies", "applications"],
  projections: [agencyDocumentsProjection],
  create(deps, ports: AgencyDocumentsPorts) {
    return { commands: agencyDocumentCommands(deps, ports), queries: agencyDocumentQueries(deps, ports) };
  },
});

export type AgencyDocumentsApi = ReturnType<typeof agencyDocumentCommands> & ReturnType<typeof agencyDocumentQueries>;
export type { AgencyDocumentRow, AgencyDocumentsPorts } from "./queries";
