import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's folder (where package.json is), found from this file: the same whether the
 * server runs from its sources (tsx) or from the compiled bundle in build/ (server/cli/build-server.ts),
 * whose files sit at another depth. Paths to public/, migrations/ and the builds start here.
 */
export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** public/locales/<language>/<namespace>.json */
export const localeFile = (language: string, namespace: string) =>
  path.join(ROOT, "public/locales", language, `${namespace}.json`);

/** The service worker of this build (server/cli/build-service-worker.ts writes it, the server serves it as /sw.js). */
export const SERVICE_WORKER_FILE = path.join(ROOT, "build/sw/sw.js");
