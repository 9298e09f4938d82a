import http from "node:http";
import type { AddressInfo } from "node:net";
import { MeilisearchApiError, MeilisearchRequestError, MeilisearchRequestTimeOutError } from "meilisearch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorOf, createSearchClient, multiSearch } from "./client";

// The client's transport against a server that misbehaves on purpose (the real Meilisearch is
// exercised by the search integration tests): what the app sees when Meilisearch is slow,
// refuses, or drops an answer halfway.
let server: http.Server;
let base: string;
const seen: { method?: string; auth?: string; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ method: req.method, auth: req.headers.authorization, body });
      // a multi-search goes where its first query's index would
      const index =
        req.url === "/multi-search"
          ? (JSON.parse(body) as { queries: { indexUid: string }[] }).queries[0]!.indexUid
          : req.url?.split("/")[2];
      if (index === "slow") return; // never answers
      if (index === "missing") {
        res.writeHead(404, { "content-type": "application/json" });
        return res.end(
          JSON.stringify({
            message: "Index `missing` not found.",
            code: "index_not_found",
            type: "invalid_request",
            link: "",
          }),
        );
      }
      if (index === "cut") {
        res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
        res.write('{"hits":[');
        return setTimeout(() => res.destroy(), 20);
      }
      const result = {
        hits: [{ id: "a" }],
        query: "x",
        processingTimeMs: 0,
        limit: 20,
        offset: 0,
        estimatedTotalHits: 1,
      };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(req.url === "/multi-search" ? { results: [{ indexUid: index, ...result }] } : result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the search client's transport", () => {
  it("sends the query with the key and reads the answer", async () => {
    const result = await createSearchClient(base, "secret").index("ads").search("x", { limit: 20 });
    expect(result.hits).toEqual([{ id: "a" }]);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: "POST", auth: "Bearer secret" });
    expect(JSON.parse(last.body)).toMatchObject({ q: "x", limit: 20 });
  });

  it("gives Meilisearch's own error for an error status", async () => {
    const error = await createSearchClient(base, "k")
      .index("missing")
      .search("x")
      .catch((e: unknown) => e);
    expect(apiErrorOf(error)).toBeInstanceOf(MeilisearchApiError);
    expect(apiErrorOf(error)?.cause?.code).toBe("index_not_found");
    expect(apiErrorOf(error)?.response.status).toBe(404);
  });

  it("stops waiting when the caller's signal fires", async () => {
    const started = Date.now();
    const error = await createSearchClient(base, "k")
      .index("slow")
      .search("x", {}, { signal: AbortSignal.timeout(100) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeilisearchRequestError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("stops waiting at the client's own timeout", async () => {
    const error = await createSearchClient(base, "k", { timeout: 100 })
      .index("slow")
      .search("x")
      .catch((e: unknown) => e);
    // as with the client's fetch: a request error whose cause is the timeout
    expect((error as MeilisearchRequestError).cause).toBeInstanceOf(MeilisearchRequestTimeOutError);
  });

  it("fails an answer cut off halfway instead of hanging", async () => {
    const error = await createSearchClient(base, "k")
      .index("cut")
      .search("x")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeilisearchRequestError);
  });
});

describe("the job search's multi-search", () => {
  const search = (index: string, timeout = 2000) =>
    multiSearch(createSearchClient(base, "secret"), [{ indexUid: index, q: "x", limit: 20 }], timeout);

  it("sends the queries with the key and gives their results", async () => {
    const results = await search("ads");
    expect(results.map((r) => r.hits)).toEqual([[{ id: "a" }]]);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: "POST", auth: "Bearer secret" });
    expect(JSON.parse(last.body)).toEqual({ queries: [{ indexUid: "ads", q: "x", limit: 20 }] });
  });

  it("fails as the client does: Meilisearch's own error for an error status", async () => {
    const error = await search("missing").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeilisearchRequestError);
    expect(apiErrorOf(error)?.cause?.code).toBe("index_not_found");
    expect(apiErrorOf(error)?.response.status).toBe(404);
  });

  it("stops waiting at its timeout, and on an answer cut off halfway", async () => {
    const started = Date.now();
    expect(await search("slow", 100).catch((e: unknown) => e)).toBeInstanceOf(MeilisearchRequestError);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await search("cut").catch((e: unknown) => e)).toBeInstanceOf(MeilisearchRequestError);
  });

  it("fails when nothing listens", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await multiSearch(
      createSearchClient(`http://127.0.0.1:${port}`, "k"),
      [{ indexUid: "ads", q: "x" }],
      500,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeilisearchRequestError);
    expect(apiErrorOf(error)).toBeUndefined();
  });
});
