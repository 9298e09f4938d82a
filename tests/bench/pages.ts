/**
 * 10. The JavaScript a public page makes a phone download (issue 14, item 3): from the production
 * build's manifest, the entry and every chunk the page's routes (the route and its layouts up to
 * the root) import, each gzipped as the app serves them. No server is needed.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT } from "../../server/lib/root";
import type { Section } from "./report";
import { ensureBuild } from "./search";
import { fmtInt } from "./stats";

const TARGET_KB = 150;
const PAGES: [string, string][] = [
  ["/login", "routes/_public+/login"],
  ["/register/user", "routes/_public+/register.user"],
  ["/register/agency", "routes/_public+/register.agency"],
  ["/forgot-password", "routes/_public+/forgot-password"],
  ["/rechercher-un-emploi", "routes/rechercher-un-emploi"],
  ["an ad's page (/annonce/{id}/{source})", "routes/annonce.$id.$source"],
  ["applying without an account (/apply/annonce/{id}/{source})", "routes/apply.annonce.$id.$source"],
];

interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { parentId?: string; module: string; imports?: string[] }>;
}

export function benchPageWeight(say: (s: string) => void): Section {
  ensureBuild(say);
  const dir = path.join(ROOT, "public/build");
  const file = fs.readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("no manifest in public/build");
  const source = fs.readFileSync(path.join(dir, file), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
  const sizes = new Map<string, { raw: number; gzip: number; br: number }>();
  const sizeOf = (url: string) => {
    let size = sizes.get(url);
    if (!size) {
      const bytes = fs.readFileSync(path.join(ROOT, "public", url));
      // brotli as the app serves the build (server/lib/precompressed-assets.ts)
      const br = zlib.brotliCompressSync(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }).length;
      size = { raw: bytes.length, gzip: zlib.gzipSync(bytes).length, br };
      sizes.set(url, size);
    }
    return size;
  };
  const rows = PAGES.map(([page, leaf]) => {
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (let id: string | undefined = leaf; id; id = manifest.routes[id]?.parentId) {
      const route = manifest.routes[id];
      if (!route) throw new Error(`route ${id} is not in the build`);
      files.add(route.module);
      route.imports?.forEach((f) => files.add(f));
    }
    const total = [...files].reduce(
      (t, f) => ({ raw: t.raw + sizeOf(f).raw, gzip: t.gzip + sizeOf(f).gzip, br: t.br + sizeOf(f).br }),
      { raw: 0, gzip: 0, br: 0 },
    );
    const kb = total.gzip / 1024;
    return { page, files: files.size, raw: total.raw / 1024, kb, br: total.br / 1024, ok: kb <= TARGET_KB };
  });
  return {
    title: "10. Public pages' JavaScript",
    method:
      "The production build's manifest: for each public page, the client entry and every module and chunk its route and layouts import, gzipped (level 6; the target is on this size), and in brotli at quality 11, as the app serves them to browsers that accept it (compressed once per build, server/lib/precompressed-assets.ts). What a phone downloads before the page is interactive, without the CSS.",
    headers: ["page", "files", "KB (raw)", "KB (gzip)", "KB (brotli, served)", "target", "result"],
    rows: rows.map((r) => [
      r.page,
      r.files,
      fmtInt(r.raw),
      r.kb.toFixed(1),
      r.br.toFixed(1),
      `<= ${TARGET_KB} KB`,
      r.ok ? "pass" : "FAIL",
    ]),
    verdict: rows.every((r) => r.ok) ? "pass" : "FAIL",
    notes: [
      "The signed-in shell (menu, live connection, toasts) loads lazily, only for people signed in (search page 218 -> 176 KB, ad page 202 -> 159 KB); its live provider, with the Socket.IO client, is part of that lazy shell (13 KB off the search, ad and applying pages).",
      "ADR 0022: the public forms (login, forgotten password, both registrations, applying) check on the server; the loader sends the fields' constraints. The registration forms load their browser-side check (zod and the schemas) once the page is interactive. zod (15 KB), conform's zod adapter and libphonenumber-js's metadata (35 KB, the candidates' profile schemas) left these pages.",
      "package.json `sideEffects` and contracts made of `export *` lines let the bundler take only the contract files a page uses; schemas live in files of their own. The job search takes ErrorList without conform (11 KB). What every page still carries is React, Remix, i18next and tailwind-merge, about 115 KB.",
    ],
  };
}
