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
 * A Meilisearch of the test file's own, with our indexes: ad numbers repeat across test
 * databases and the shared instance has one `ads` index. It can be stopped and started again on
 * the same port and data, for outage tests; `close()` stops it and removes its data.
 */
export async function startOwnMeilisearch(
  name: string,
): Promise<{ client: Meilisearch; stop(): Promise<void>; start(): Promise<void>; close(): Promise<void> }> {
  const dir = path.resolve(`.data-test/${name}-${process.pid}-${Date.now()}`);
  const port = await freePort();
  const quiet = createLogger("silent");
  let meili = await startEmbeddedMeilisearch(dir, port, quiet);
  const client = createSearchClient(meili.url, meili.masterKey);
  await bootstrapIndexes(client);
  return {
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
