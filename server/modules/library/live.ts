/**
 * The socket message the CV library's indexer sends once Meilisearch holds a change (ADR 0036):
 * the ids of the candidates that moved, to the rooms of the agencies that may see them (before or
 * after the change). Nothing personal: an open result list reloads its data.
 */
export const LIBRARY_MOVED = "library:moved";
export interface LibraryMoved {
  ids: string[];
}
