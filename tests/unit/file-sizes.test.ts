import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Sizes that keep the app readable as it grows (docs/architecture.md, "A route"): a route module
 * of more than 200 lines moves its loader and action to a sibling `route.server.ts` and parts of
 * its page to `app/components/<feature>/`; a component file of more than 400 lines is split into
 * a folder of its parts and hooks (as app/components/planning/board/).
 */
const ROUTE_MAX = 200;
const COMPONENT_MAX = 400;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Lines as `wc -l` counts them, a last line without its newline included. */
function linesOf(file: string): number {
  const text = fs.readFileSync(file, "utf8");
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

const over = (files: string[], max: number) =>
  files
    .map((file) => ({ file: file.split(path.sep).join("/"), lines: linesOf(file) }))
    .filter((f) => f.lines > max)
    .map((f) => `${f.file}: ${f.lines} lines`);

const isCode = (f: string) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f);

describe("file sizes", () => {
  it(`keeps every route module (app/routes/**) at ${ROUTE_MAX} lines or fewer`, () => {
    const routes = filesUnder("app/routes").filter(isCode);
    expect(routes.length).toBeGreaterThan(50);
    expect(over(routes, ROUTE_MAX)).toEqual([]);
  });

  it(`keeps every component file (app/components/**, and any .tsx in app/) at ${COMPONENT_MAX} lines or fewer`, () => {
    const components = filesUnder("app").filter(
      (f) =>
        isCode(f) &&
        !f.startsWith(path.join("app", "routes")) &&
        (f.endsWith(".tsx") || f.startsWith(path.join("app", "components"))),
    );
    expect(components.length).toBeGreaterThan(50);
    expect(over(components, COMPONENT_MAX)).toEqual([]);
  });
});
