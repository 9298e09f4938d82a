import { Meilisearch } from "meilisearch";

export function createSearchClient(url: string, apiKey: string | undefined) {
  // The master key stays on the server: browsers only ever talk to our own endpoints.
  return new Meilisearch({ host: url, apiKey, timeout: 5000 });
}
