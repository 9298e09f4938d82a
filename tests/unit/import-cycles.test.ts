import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * server/ has no cycle of imports, type-only imports included (docs/architecture.md): a cycle
 * makes the load order decide which binding is still undefined, and a cycle of types is one
 * value import away from it. Parsed without type-checking (a few hundred files in about a
 * second), resolved as tsx and the `#server/*` alias resolve them.
 */
const SERVER = path.resolve("server");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [file] : [];
  });
}

/** The file an import names, or null for a package (node_modules is not ours to check). */
function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("#server/")
    ? path.join(SERVER, spec.slice("#server/".length))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  return (
    [base, `${base}.ts`, path.join(base, "index.ts")].find((f) => fs.existsSync(f) && fs.statSync(f).isFile()) ?? null
  );
}

/** Every `import … from` and `export … from` of a file (type-only ones too), resolved. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  return source.statements.flatMap((s) => {
    const spec =
      (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) &&
      s.moduleSpecifier &&
      ts.isStringLiteral(s.moduleSpecifier)
        ? s.moduleSpecifier.text
        : null;
    const to = spec === null ? null : resolve(file, spec);
    return to ? [to] : [];
  });
}

/** The cycles of a graph: its strongly connected components of more than one file, or of one importing itself (Tarjan). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe("server/ imports", () => {
  it("form no cycle", () => {
    const graph = new Map(sourceFiles(SERVER).map((f) => [f, importsOf(f)]));
    expect(graph.size).toBeGreaterThan(100);
    // each cycle as its files, and for each the imports that stay inside it
    const report = cyclesOf(graph).map((files) =>
      files.map(
        (f) =>
          `${path.relative(".", f)} → ${graph
            .get(f)!
            .filter((t) => files.includes(t))
            .map((t) => path.relative(path.dirname(f), t))
            .join(", ")}`,
      ),
    );
    expect(report).toEqual([]);
    // parsing takes about a second; the margin is for a loaded machine
  }, 20_000);

  it("are found as cycles when they form one", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(cyclesOf(graph)).toEqual([["a", "b", "c"], ["e"]]);
  });
});
