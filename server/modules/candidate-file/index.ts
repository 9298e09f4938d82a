import { defineModule } from "../module";
import { candidateFileActions, type ProposalsPort, type TemplatesPort } from "./actions";
import { candidateFileCommands, type MergesPort } from "./commands";
import { exportCandidates, type Translate } from "./export";
import { candidateFileProjection } from "./projections";
import { candidateFileQueries, type CandidateFilePort } from "./queries";
import type { Actor } from "../identity/contract";

/** What the candidate file calls of the others: the candidates module's access rule and the reads it guards, proposals, reply templates. */
export interface CandidateFilePorts {
  candidates: CandidateFilePort;
  placements: ProposalsPort;
  applications: TemplatesPort;
  /** moved tags and comments stay in the merged-away record's stream (ADR 0039) */
  duplicates: MergesPort;
}

/**
 * The candidate file (issue 28): what one agency keeps about a candidate (tags, comments, archive,
 * deactivation for itself, mails sent, in `candidate-file-<agencyId>-<candidateId>`), the file
 * page's reads, /old-cv-theque and the library's bulk actions (CSV, propose). Its events carry the
 * agency as tenant and no `userId`: they reach that agency's room only.
 */
export const candidateFileModule = defineModule({
  name: "candidateFile",
  needs: ["candidates", "applications", "placements"],
  late: ["duplicates"],
  projections: [candidateFileProjection],
  create(
    { sql, store, ctx, enqueue, publicUrl },
    { candidates, placements, applications, duplicates }: CandidateFilePorts,
  ) {
    const access = candidates;
    return {
      commands: {
        ...candidateFileCommands({ sql, store, ctx, access, merges: duplicates }),
        ...candidateFileActions({ sql, store, ctx, access, proposals: placements, templates: applications, enqueue }),
      },
      queries: {
        ...candidateFileQueries(sql, candidates),
        /** The ticked candidates as a CSV in the reader's language (ADR 0038). */
        exportCandidates: (actor: Actor, ids: string[], t: Translate, lng: string) =>
          exportCandidates(sql, candidates, actor, ids, { t, lng, publicUrl }),
      },
    };
  },
});

/** Erasure hook (issue 30): called by the erasure module. */
export { eraseCandidateFiles } from "./erase";
