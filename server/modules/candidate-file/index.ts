import { defineModule } from "../module";
import { candidateFileCommands } from "./commands";
import { candidateFileProjection } from "./projections";
import { candidateFileQueries, type CandidateFilePort } from "./queries";

/** What the candidate file calls of the others: the candidates module's access rule and the reads it guards. */
export interface CandidateFilePorts {
  candidates: CandidateFilePort;
}

/**
 * The candidate file (issue 28): what one agency keeps about a candidate (tags, comments, archive,
 * in `candidate-file-<agencyId>-<candidateId>`), the file page's reads and /old-cv-theque. Its
 * events carry the agency as tenant and no `userId`: they reach that agency's room only.
 */
export const candidateFileModule = defineModule({
  name: "candidateFile",
  needs: ["candidates"],
  projections: [candidateFileProjection],
  create({ sql, store, ctx }, { candidates }: CandidateFilePorts) {
    return {
      commands: candidateFileCommands({ sql, store, ctx, access: candidates }),
      queries: candidateFileQueries(sql, candidates),
    };
  },
});
