import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp } from "../../server/app";
import { loadEnv } from "../../server/env";
import { createLogger } from "../../server/lib/logger";
import { ensureBuild } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

/**
 * The job search with Meilisearch away (a port nobody listens on): the page says so with the
 * search kept, and answers 503 as when the database is away (connection-loss.int.test.ts).
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Awaited<ReturnType<typeof startApp>>;

/** A local port that refuses connections: taken, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  ensureBuild();
  db = await createTestDatabase();
  const env = loadEnv({ NODE_ENV: "production", ROLE: "web", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" });
  app = await startApp({
    env,
    logger: createLogger("silent"),
    infra: {
      databaseUrl: db.url,
      meiliUrl: `http://127.0.0.1:${await closedPort()}`,
      meiliKey: "none",
      sessionSecret: "search-outage-secret-0123456789ab",
      secureCookies: false,
    },
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.drop();
}, 30_000);

describe("the job search while Meilisearch is away", () => {
  it("answers 503 with its notice and the search kept", async () => {
    const page = await fetch(`${app.url}/rechercher-un-emploi?q=soudeur&lng=en`);
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain('data-testid="search-unavailable"');
    expect(html).toContain('value="soudeur"');
  });
});

describe("the API's job search while Meilisearch is away", () => {
  it("answers 503 as a problem, translated", async () => {
    const res = await fetch(`${app.url}/api/v1/jobs?q=soudeur`, { headers: { "accept-language": "en" } });
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(await res.json()).toMatchObject({
      status: 503,
      key: "api_search_unavailable",
      detail: "Search is unavailable for a moment.",
    });
  });
});
