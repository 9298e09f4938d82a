import { z } from "zod";
import { defineJob } from "../../jobs/registry";
import type { IdentityApi } from "../identity";
import { defineModule } from "../module";
import { candidateCommands } from "./commands";
import { PARSE_CV_JOB, cvCommands, cvParseTrigger } from "./cv-commands";
import { cvSuggestionsProjection } from "./cv-projection";
import { cvQueries } from "./cv-queries";
import { candidatesProjection, registrationsProjection } from "./projections";
import { candidateQueries } from "./queries";

/** Candidate registration, profile and documents (spec section 3), and CV parsing (issue 11). */
export const candidatesModule = defineModule({
  name: "candidates",
  needs: ["identity"],
  projections: [registrationsProjection, candidatesProjection, cvSuggestionsProjection],
  jobs: [
    defineJob({
      name: PARSE_CV_JOB,
      schema: z.object({ documentId: z.string().uuid() }).strict(),
      // a bad file is recorded as CvParsingFailed, not thrown: retries are for the database or storage
      retryLimit: 3,
      async handler({ documentId }, services): Promise<void> {
        const outcome = await services.candidates.parseCv(documentId);
        services.logger.info({ documentId, outcome }, "CV parsed");
      },
    }),
  ],
  create({ sql, store, ctx, storage }, { identity }: { identity: IdentityApi }) {
    return {
      commands: { ...candidateCommands({ store, ctx, storage, identity }), ...cvCommands({ sql, store, ctx, storage }) },
      queries: { ...candidateQueries(sql), ...cvQueries(sql) },
    };
  },
  processors: ({ enqueue, logger }) => [cvParseTrigger({ enqueue, logger })],
});

// the CV rules applying shares with registration
export { checkDocument, cleanFileName } from "./documents";
