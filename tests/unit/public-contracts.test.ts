import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// ADR 0022: the bundler keeps a contract's files apart only while the contract is a list of
// `export *` (types aside). A constant, a schema or a named re-export written in one of these
// puts all of its files, zod and the phone number library back into the public pages.
const PUBLIC_CONTRACTS = ["identity", "missions", "applications", "candidates"];

describe("the contracts the public pages import", () => {
  for (const name of PUBLIC_CONTRACTS) {
    it(`${name}: only export * and type exports`, () => {
      const file = path.resolve("server/modules", name, "contract.ts");
      const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
      const others = source.statements.filter((s) => {
        if (ts.isExportDeclaration(s)) return !s.isTypeOnly && s.exportClause !== undefined;
        return !ts.isInterfaceDeclaration(s) && !ts.isTypeAliasDeclaration(s);
      });
      expect(others.map((s) => s.getText(source).split("\n")[0])).toEqual([]);
    });
  }
});
