import { agenciesModule } from "./agencies";
import { agencyDocumentsModule } from "./agency-documents";
import { applicationsModule } from "./applications";
import { candidatesModule } from "./candidates";
import { engagementModule } from "./engagement";
import { identityModule } from "./identity";
import { libraryModule } from "./library";
import { librarySearchesModule } from "./library-searches";
import { missionsModule } from "./missions";
import { notificationsModule } from "./notifications";
import { placementsModule } from "./placements";
import { planningModule } from "./planning";
import { timesheetsModule } from "./timesheets";
import { candidateFileModule } from "./candidate-file";
import { duplicatesModule } from "./duplicates";
import { foldersModule } from "./folders";
import { activitiesModule } from "./activities";
import { presentationsModule } from "./presentations";
import { privacyModule } from "./privacy";
import { referenceModule } from "./reference";
import { statisticsModule } from "./statistics";
import { erasureModule } from "./erasure";
import { supportModule } from "./support";

/**
 * Every module of the product, in creation order (a module's ports are the modules before it).
 * Adding a module is one line here; the composition root, processors, jobs, realtime routing
 * and search reindex all read this list.
 */
export const MODULES = [
  referenceModule,
  identityModule,
  agenciesModule,
  candidatesModule,
  missionsModule,
  engagementModule,
  applicationsModule,
  placementsModule,
  planningModule,
  timesheetsModule,
  candidateFileModule,
  duplicatesModule,
  foldersModule,
  activitiesModule,
  presentationsModule,
  agencyDocumentsModule,
  notificationsModule,
  privacyModule,
  libraryModule,
  librarySearchesModule,
  statisticsModule,
  supportModule,
  erasureModule,
] as const;
