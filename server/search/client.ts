import { Meilisearch, MeilisearchApiError, MeilisearchRequestError } from "meilisearch";
import { Pool, type Dispatcher } from "undici";

export function createSearchClient(url: string, apiKey: string | undefined, { timeout = 5000 } = {}) {
  // The master key stays on the server: browsers only ever talk to our own endpoints.
  // Uncompressed answers: Meilisearch sends gzip in small chunks that stalled each reused
  // connection ~40 ms, and a search aborted by its timeout mid-answer could hang Node's fetch.
  return new Meilisearch({ host: url, apiKey, timeout, httpClient: request, requestInit: { headers: { "Accept-Encoding": "identity" } } });
}

/** Meilisearch's answer to a request it refused, however the client wrapped it. */
export function apiErrorOf(error: unknown): MeilisearchApiError | undefined {
  if (error instanceof MeilisearchApiError) return error;
  if (error instanceof MeilisearchRequestError && error.cause instanceof MeilisearchApiError) return error.cause;
  return undefined;
}

/** One pool of kept-alive connections per Meilisearch (its origin), for the process's life. */
const pools = new Map<string, Pool>();
function poolFor(origin: string): Pool {
  let pool = pools.get(origin);
  if (!pool) pools.set(origin, (pool = new Pool(origin, { connections: 64 })));
  return pool;
}

/**
 * The client's requests through undici's request API on kept-alive connections. Node's fetch
 * (web streams, a Request and a Response per call) cost the app more CPU per search than
 * Meilisearch spent answering it, and node:http about 40 % more than this (issue 14, a search of
 * 20 hits: ~470 against ~280 µs of process CPU). Answers as the client's own fetch gives them: the
 * parsed JSON, and the abort signal's reason when it fires (the client's timeout recognises its
 * own). The client wraps what this throws in a MeilisearchRequestError: an error status reaches
 * callers as one whose cause is the MeilisearchApiError (see `apiErrorOf`).
 */
async function request(input: string | URL | Request, init: RequestInit = {}): Promise<unknown> {
  const signal = init.signal ?? undefined;
  // the client passes a URL and a string body (JSON); anything else would be sent wrong
  if (input instanceof Request || (init.body != null && typeof init.body !== "string")) throw new TypeError("search client: a URL and a string body only");
  const url = new URL(input);
  let text: string;
  let status: number;
  try {
    const answer = await poolFor(url.origin).request({
      path: url.pathname + url.search,
      method: (init.method ?? "GET") as Dispatcher.HttpMethod,
      headers: Object.fromEntries(new Headers(init.headers)),
      body: init.body ?? undefined,
      signal,
    });
    status = answer.statusCode;
    // undici fails a body cut off before its length instead of handing it over short
    text = await answer.body.text();
  } catch (error) {
    throw signal?.aborted ? signal.reason : error;
  }
  const body: unknown = text === "" ? undefined : JSON.parse(text);
  if (status >= 200 && status < 300) return body;
  throw new MeilisearchApiError(new Response(text || null, { status }), body as never);
}
