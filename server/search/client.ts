import http from "node:http";
import https from "node:https";
import { setMaxListeners } from "node:events";
import { Meilisearch, MeilisearchApiError, MeilisearchRequestError } from "meilisearch";

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

const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/**
 * The client's requests over node:http on kept-alive connections: Node's fetch (web streams, a
 * Request and a Response per call) cost the app more CPU per search than Meilisearch spent
 * answering it (issue 14). Answers as the client's own fetch gives them: the parsed JSON, and
 * the abort signal's reason when it fires (the client's timeout recognises its own). The client
 * wraps what this throws in a MeilisearchRequestError: an error status reaches callers as one
 * whose cause is the MeilisearchApiError (see `apiErrorOf`).
 */
function request(input: string | URL | Request, init: RequestInit = {}): Promise<unknown> {
  const signal = init.signal ?? undefined;
  // the client passes a URL and a string body (JSON); anything else would be sent wrong
  if (input instanceof Request || (init.body != null && typeof init.body !== "string")) return Promise.reject(new TypeError("search client: a URL and a string body only"));
  const url = new URL(input);
  return new Promise((resolve, reject) => {
    // the abort listener goes when the request settles (the client polls tasks with one signal)
    const settle = <T>(done: (value: T) => void) => (value: T) => {
      signal?.removeEventListener("abort", abort);
      done(value);
    };
    const fail = settle((error: unknown) => reject(signal?.aborted ? signal.reason : error));
    const succeed = settle(resolve);
    const req = (url.protocol === "https:" ? https : http).request(
      url,
      { method: init.method ?? "GET", headers: Object.fromEntries(new Headers(init.headers)), agent: agents[url.protocol as keyof typeof agents] },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", fail);
        res.on("close", () => (res.complete ? undefined : fail(new Error("search client: the answer was cut off"))));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown;
          try {
            body = text === "" ? undefined : JSON.parse(text);
          } catch (error) {
            return fail(error);
          }
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) succeed(body);
          else fail(new MeilisearchApiError(new Response(text || null, { status, statusText: res.statusMessage }), body as never));
        });
      },
    );
    const abort = () => req.destroy();
    if (signal?.aborted) abort();
    else if (signal) {
      // the client's task polling leaves a listener of its own on its signal per request; fetch
      // raised the limit the same way, so the warning is not a leak of ours
      setMaxListeners(1500, signal);
      signal.addEventListener("abort", abort, { once: true });
    }
    req.on("error", fail);
    req.end(init.body ?? undefined);
  });
}
