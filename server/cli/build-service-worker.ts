/**
 * Builds the service worker (app/service-worker, issue 31): esbuild bundles it for the browser,
 * then Serwist writes into it the precache list of this build (the scripts and styles of the
 * signed-in shell and of the candidate's key pages, with their revisions), so every build gives
 * a new /sw.js and the phones update. Run after `remix build` (`npm run build`, and `npm start`
 * when it builds the app).
 */
import fs from "node:fs";
import path from "node:path";
import { injectManifest } from "@serwist/build";
import { buildSync } from "esbuild";
import { ROOT, SERVICE_WORKER_FILE } from "../lib/root";

const BUNDLE = path.join(ROOT, "build/sw/sw.bundle.js");

/** The build's files a candidate needs offline: the shell, and the key pages' route modules. */
const PRECACHE = [
  "entry.client-*.js",
  "manifest-*.js",
  "root-*.js",
  "_shared/**/*.js",
  "_assets/*.css",
  "routes/_app+/_layout-*.js",
  "routes/_app+/{tableau-de-bord,missions-valides,fiches-horaires,fiches-horaires_.$id,mes-propositions,hors-ligne}-*.js",
  "routes/_app+/candidatures-{en-attente,retenues,refusees}-*.js",
];

export async function buildServiceWorker(): Promise<{ count: number; size: number }> {
  fs.mkdirSync(path.dirname(BUNDLE), { recursive: true });
  buildSync({
    entryPoints: [path.join(ROOT, "app/service-worker/index.ts")],
    outfile: BUNDLE,
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  const { count, size, warnings } = await injectManifest({
    swSrc: BUNDLE,
    swDest: SERVICE_WORKER_FILE,
    globDirectory: path.join(ROOT, "public/build"),
    globPatterns: PRECACHE,
    modifyURLPrefix: { "": "/build/" },
    // the names carry the content's hash: no revision needed
    dontCacheBustURLsMatching: /-[A-Z0-9]{8}\.(js|css)$/,
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  });
  for (const warning of warnings) process.stderr.write(`service worker: ${warning}\n`);
  fs.rmSync(BUNDLE, { force: true });
  return { count, size };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { count, size } = await buildServiceWorker();
  process.stdout.write(`service worker built: ${count} files precached (${Math.round(size / 1024)} KiB)\n`);
}
