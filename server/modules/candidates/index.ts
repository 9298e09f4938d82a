import { z } from "zod";
import type { JobDeps } from "../../jobs/deps";
import { defineJob } from "../../jobs/registry";
import { defineModule } from "../module";
import { candidateCommands, type IdentityPort } from "./registration/commands";
import { agencyAccess, type DealingsPort } from "./documents/agency-access";
import { documentCommands, type CvUsePort } from "./documents/commands";
import { documentNotices } from "./documents/notices";
import { candidateDocumentsProjection } from "./documents/projections";
import { documentQueries } from "./documents/queries";
import { profileCommands } from "./profile/commands";
import { profilesProjection } from "./profile/projections";
import { agencyProfileQueries, profileQueries } from "./profile/queries";
import { OCR_CV_JOB, PARSE_CV_JOB, cvCommands, cvParseTrigger } from "./cv/commands";
import { cvSuggestionsProjection } from "./cv/projections";
import { cvQueries } from "./cv/queries";
import { cvApply, type CvPlacesPort } from "./cv/apply";
import { candidatesProjection, registrationsProjection } from "./registration/projections";
import { candidateQueries } from "./registration/queries";

/** What candidates call of the others; applications is created after candidates (a late port). */
export interface CandidatesPorts {
  identity: IdentityPort;
  reference: CvPlacesPort;
  applications: CvUsePort & DealingsPort;
}

/**
 * Candidate registration, profile and documents (spec section 3), and CV parsing (issue 11): four
 * aggregates, each a sub-folder with a module's anatomy (registration/, profile/, documents/, cv/),
 * composed here into the one candidates API.
 */
export const candidatesModule = defineModule({
  name: "candidates",
  needs: ["reference", "identity"],
  late: ["applications"],
  projections: [
    registrationsProjection,
    candidatesProjection,
    candidateDocumentsProjection,
    profilesProjection,
    cvSuggestionsProjection,
  ],
  notices: documentNotices,
  create({ sql, store, ctx, storage }, ports: CandidatesPorts) {
    const profile = profileCommands({ store, ctx });
    const profileReads = profileQueries(sql, store);
    const cv = cvCommands({ sql, store, ctx, storage });
    // the unchecked reads and the record of an agency's look serve only the access rule, never the API
    const { recordDocumentsView, ...documents } = documentCommands({
      sql,
      store,
      ctx,
      storage,
      cvUse: ports.applications,
    });
    const { documentsOfCandidate, documentFileOfCandidate, ...documentReads } = documentQueries(
      sql,
      storage,
      ctx.clock,
    );
    const { profileOfCandidate } = agencyProfileQueries(sql);
    const access = agencyAccess({
      sql,
      guarded: { documentsOfCandidate, documentFileOfCandidate, recordDocumentsView, profileOfCandidate },
      dealings: ports.applications,
    });
    return {
      commands: {
        ...candidateCommands({ store, ctx, storage, identity: ports.identity }),
        ...documents,
        openCandidateDocuments: access.openCandidateDocuments,
        openCandidateDocumentFile: access.openCandidateDocumentFile,
        ...profile,
        ...cv,
        ...cvApply({
          sql,
          myProfile: profileReads.myProfile,
          saveProfile: profile.saveProfile,
          accept: cv.acceptCvSuggestion,
          places: ports.reference,
        }),
      },
      queries: {
        ...candidateQueries(sql),
        ...documentReads,
        openCandidateProfile: access.openCandidateProfile,
        ...profileReads,
        ...cvQueries(sql, profileReads),
      },
    };
  },
  jobs: (api, { logger, send }: JobDeps) => [
    defineJob({
      name: "candidates.document-reminders",
      schema: z.object({}).strict(),
      // every morning (UTC 06:00 is 07:00 or 08:00 in France and Switzerland); once a day per candidate whatever the runs
      cron: "0 6 * * *",
      async handler(): Promise<void> {
        const sent = await api.remindExpiringDocuments();
        if (sent) logger.info({ sent }, "document expiry reminders sent");
      },
    }),
    defineJob({
      name: PARSE_CV_JOB,
      schema: z.object({ documentId: z.string().uuid() }).strict(),
      // a bad file is recorded as CvParsingFailed, not thrown: retries are for the database or storage
      retryLimit: 3,
      // each file has its own child and limits (cv/sandbox.ts): a bomb holds one slot for seconds, not the queue
      concurrency: 2,
      async handler({ documentId }): Promise<void> {
        const outcome = await api.parseCv(documentId);
        if (outcome === "ocr") await send(OCR_CV_JOB, { documentId }, { singletonKey: `ocr-cv-${documentId}` });
        logger.info({ documentId, outcome }, "CV parsed");
      },
    }),
    defineJob({
      name: OCR_CV_JOB,
      schema: z.object({ documentId: z.string().uuid() }).strict(),
      retryLimit: 3,
      async handler({ documentId }): Promise<void> {
        const outcome = await api.ocrCv(documentId);
        logger.info({ documentId, outcome }, "CV read by OCR");
      },
    }),
  ],
  processors: ({ enqueue, logger }) => [cvParseTrigger({ enqueue, logger })],
});

export type { CandidateDocument, DocumentFile } from "./documents/queries";
export type { AgencyProfileView } from "./profile/queries";
export { inLibraries, libraryCountry, libraryStandings, type LibraryStanding } from "./documents/agency-access";

/** Erasure hook (issue 30): called by the erasure module. */
export { eraseCandidate } from "./erase";
