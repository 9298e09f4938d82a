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
  // the library has no commands or queries of its own yet: its search needs the search client
  create: () => ({ commands: {}, queries: {} }),
  processors: ({ search }) => [candidatesIndexer(search)],
  indexSources: (sql) => [candidatesIndexSource(sql)],
});
