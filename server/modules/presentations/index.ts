import { defineModule } from "../module";
import { presentationCommands } from "./commands";
import type { PresentationCandidatePort } from "./data";
import { presentationNotices } from "./notices";
import { presentationProjection } from "./projections";
import { presentationQueries } from "./queries";

/** What the dossiers call of the others: the candidates module's access rule. */
export interface PresentationsPorts {
  candidates: PresentationCandidatePort;
}

/**
 * Presentation dossiers (issue 29, ADR 0044): an agency's candidates presented to one of its
 * client companies in `presentation-<id>`, as a PDF and a login-free link where the client
 * answers. Events carry the agency as tenant (its staff's room, where the dossier's page listens);
 * the owner hears of an answer through a notification.
 */
export const presentationsModule = defineModule({
  name: "presentations",
  needs: ["candidates"],
  projections: [presentationProjection],
  notices: presentationNotices,
  create({ sql, store, ctx, enqueue, publicUrl, storage }, { candidates }: PresentationsPorts) {
    return {
      commands: presentationCommands({ sql, store, ctx, access: candidates, enqueue, publicUrl }),
      queries: presentationQueries(sql, candidates, ctx.clock, (id) => storage.get(id)),
    };
  },
});
export { erasePresentationMembers } from "./erase";
