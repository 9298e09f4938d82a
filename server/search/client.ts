import { Meilisearch } from "meilisearch";

export function createSearchClient(url: string, apiKey: string | undefined) {
  // The master key stays on the server: browsers only ever talk to our own endpoints.
  // Uncompressed answers: Meilisearch sends gzip in small chunks that stalled each reused
  // connection ~40 ms, and a search aborted by its timeout mid-answer could hang Node's fetch.
  return new Meilisearch({ host: url, apiKey, timeout: 5000, requestInit: { headers: { "Accept-Encoding": "identity" } } });
}
