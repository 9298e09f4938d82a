import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Meilisearch } from "meilisearch";
import { startEmbeddedMeilisearch } from "../../server/infra/embedded-meilisearch";
import { createLogger } from "../../server/lib/logger";
import { createSearchClient } from "../../server/search/client";
import { bootstrapIndexes } from "../../server/search/indexes";

/** A port nothing listens on now (for a server to start there, or for a refused connection). */
export async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A Meilisearch of the test file's own, with our indexes: the app's index names are fixed (`ads`,
 * `candidates`) and test files run side by side, so no two files may share one. It can be stopped
 * and started again on the same port and data, for outage tests; `close()` stops it and removes its data.
 */
export async function startOwnMeilisearch(name: string): Promise<{
  url: string;
  key: string;
  client: Meilisearch;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}> {
  const dir = path.resolve(`.data-test/${name}-${process.pid}-${Date.now()}`);
  const port = await freePort();
  const quiet = createLogger("silent");
  let meili = await startEmbeddedMeilisearch(dir, port, quiet);
  const client = createSearchClient(meili.url, meili.masterKey);
  await bootstrapIndexes(client);
  return {
    url: meili.url,
    key: meili.masterKey,
    client,
    stop: () => meili.stop(),
    async start() {
      meili = await startEmbeddedMeilisearch(dir, port, quiet);
    },
    async close() {
      await meili.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type OwnMeilisearch = Awaited<ReturnType<typeof startOwnMeilisearch>>;
