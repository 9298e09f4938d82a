import { setMaxListeners } from "node:events";
import {
  Meilisearch,
  MeilisearchApiError,
  MeilisearchRequestError,
  type MultiSearchQuery,
  type SearchResponse,
} from "meilisearch";
import { Pool, type Dispatcher } from "undici";

export function createSearchClient(url: string, apiKey: string | undefined, { timeout = 5000 } = {}) {
  // The master key stays on the server: browsers only ever talk to our own endpoints.
  // Uncompressed answers: Meilisearch sends gzip in small chunks that stalled each reused
  // connection ~40 ms, and a search aborted by its timeout mid-answer could hang Node's fetch.
  return new Meilisearch({
    host: url,
    apiKey,
    timeout,
    httpClient: request,
    requestInit: { headers: { "Accept-Encoding": "identity" } },
  });
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

/** A request to Meilisearch and its parsed JSON answer; an error status throws the MeilisearchApiError. */
async function send(origin: string, options: Dispatcher.RequestOptions): Promise<unknown> {
  const answer = await poolFor(origin).request(options);
  // undici fails a body cut off before its length instead of handing it over short
  const text = await answer.body.text();
  const body: unknown = text === "" ? undefined : JSON.parse(text);
  if (answer.statusCode >= 200 && answer.statusCode < 300) return body;
  throw new MeilisearchApiError(new Response(text || null, { status: answer.statusCode }), body as never);
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
  if (input instanceof Request || (init.body != null && typeof init.body !== "string"))
    throw new TypeError("search client: a URL and a string body only");
  const url = new URL(input);
  // the client's task polling leaves a listener of its own on its signal per request; fetch
  // raised the limit the same way, so the warning is not a leak of ours
  if (signal) setMaxListeners(1500, signal);
  try {
    return await send(url.origin, {
      path: url.pathname + url.search,
      method: (init.method ?? "GET") as Dispatcher.HttpMethod,
      headers: Object.fromEntries(new Headers(init.headers)),
      body: init.body ?? undefined,
      signal,
    });
  } catch (error) {
    throw signal?.aborted ? signal.reason : error;
  }
}

/**
 * The job search's queries in one multi-search, as `client.multiSearch` sends them but without
 * the client's machinery around each call (a URL, Headers, an AbortController and a timer for
 * its timeout, another signal for ours): about 0.2 of the 2.5 ms of app CPU a search page's
 * data costs (issue 14). Meilisearch must answer within `timeoutMs`: its headers come once the
 * search is done, and an answer that stalls as long fails too. Fails as the client does: a
 * MeilisearchRequestError, whose cause is the MeilisearchApiError for an error status.
 */
export async function multiSearch(
  client: Meilisearch,
  queries: MultiSearchQuery[],
  timeoutMs: number,
): Promise<SearchResponse[]> {
  const { host, apiKey } = client.config;
  const url = new URL("multi-search", host.endsWith("/") ? host : `${host}/`);
  try {
    const answer = (await send(url.origin, {
      path: url.pathname,
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Accept-Encoding": "identity",
        ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
      },
      body: JSON.stringify({ queries }),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    })) as { results: SearchResponse[] };
    return answer.results;
  } catch (error) {
    throw new MeilisearchRequestError(url.href, error);
  }
}
