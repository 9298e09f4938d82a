import { defineModule } from "../module";
import { candidatesIndexer, candidatesIndexSource } from "./indexer";

export { librarySearch, type LibrarySearchService, type LibraryResult, type LibraryHit } from "./search";
export { candidateDocuments } from "./document";

/**
 * The CV library (issue 28): who appears in an agency's library (the rule is the candidates
 * module's agency-access.ts), the `candidates` index that follows the event log, and the search
 * (`librarySearch`, made by the composition root with the search client like the job search).
 */
export const libraryModule = defineModule({
  name: "library",
  create: ({ ctx }) => ({
    commands: {},
    queries: {
      /** today's date in the domain's clock: a document past it is expired */
      libraryToday: () => ctx.clock.now().toISOString().slice(0, 10),
    },
  }),
  processors: ({ search }, api) => [candidatesIndexer(search, api.libraryToday)],
  indexSources: (sql, api) => [candidatesIndexSource(sql, api.libraryToday)],
});
