/**
 * Compiles the server (server/ and db/, from server/start.ts) into ES modules under build/node,
 * which `npm start` and the production image run with plain node: importing the app through tsx
 * took 13.6-19.8 s and about 50 MB more per process than a bundle (ADR 0027). The contracts are
 * entry points too, sharing chunks with the server: the Remix build imports `#server/.../contract`,
 * which package.json maps to them under the `missio-compiled` condition, so app/ and the modules
 * share one AppError class (`instanceof` holds). Packages stay in node_modules (their patches
 * apply as before). Skipped when newer than every source, unless `--force`. tsx stays for
 * development, tests and CLIs.
 */
import fs from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";
import { ROOT } from "../lib/root";

const OUT_DIR = path.join(ROOT, "build/node");
export const SERVER_BUNDLE = path.join(OUT_DIR, "server/start.js");
/** node's arguments to run the compiled server as `npm start` does */
export const COMPILED_START_ARGS = ["--conditions=missio-compiled", "--enable-source-maps", SERVER_BUNDLE];
const SOURCES = ["server", "db", "package.json", "package-lock.json"].map((p) => path.join(ROOT, p));

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...fs.readdirSync(p).map((f) => newestMtime(path.join(p, f))));
}

/** The `contract.ts` files app/ imports at run time (`#server/lib/contract` and every module's). */
function contracts(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? contracts(p) : e.name === "contract.ts" ? [p] : [];
  });
}

export function buildServer({ force = false } = {}): boolean {
  const built = fs.existsSync(SERVER_BUNDLE) ? fs.statSync(SERVER_BUNDLE).mtimeMs : 0;
  if (!force && built && !SOURCES.some((s) => newestMtime(s) > built)) return false;
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  buildSync({
    entryPoints: [
      path.join(ROOT, "server/start.ts"),
      // the child process that reads untrusted CVs (cv/sandbox.ts forks it)
      path.join(ROOT, "server/modules/candidates/cv/extract-child.ts"),
      ...contracts(path.join(ROOT, "server")),
    ],
    outdir: OUT_DIR,
    outbase: ROOT,
    chunkNames: "chunks/[name]-[hash]",
    splitting: true,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const built = buildServer({ force: process.argv.includes("--force") });
  if (built)
    process.stdout.write(`server compiled to ${path.relative(ROOT, SERVER_BUNDLE)} in ${Date.now() - started} ms\n`);
}
