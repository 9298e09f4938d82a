import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/** The seam between app/ and server/ (DESIGN section 2, ADR 0009), proven on the real lint config. */
describe("app/ imports the backend only through contracts", () => {
  const APP = "app/routes/_app+/probe.tsx";
  const IN_MISSIONS = "server/modules/missions/probe.ts";
  const refused: [code: string, why: string][] = [
    [
      'import { AppError } from "../../../server/lib/errors";\nexport const x = AppError;',
      "relative path into server/",
    ],
    [
      'import { adsProjection } from "#server/modules/missions/projections";\nexport const x = adsProjection;',
      "a module's internals",
    ],
    ['import { createDomain } from "#server/services";\nexport const x = createDomain;', "the composition root"],
    ['import postgres from "postgres";\nexport const x = postgres;', "a database driver"],
    ['import { rmAds } from "#db/schema/missions";\nexport const x = rmAds;', "the database schema"],
  ];
  const accepted = [
    'import { AD_STATES } from "#server/modules/missions/contract";\nexport const x = AD_STATES;',
    'import { isUuid } from "#server/lib/contract";\nexport const x = isUuid;',
    'import type { Services } from "#server/services";\nexport type X = Services;',
  ];
  const modules = {
    otherInternals: 'import { verifyPassword } from "../identity/passwords";\nexport const x = verifyPassword;',
    otherContract: 'import { isAgencyStaff } from "../identity/contract";\nexport const x = isAgencyStaff;',
    otherIndex: 'import { verifyPassword } from "../identity";\nexport const x = verifyPassword;',
    ownFile: 'import { adsProjection } from "./projections";\nexport const x = adsProjection;',
    // from another module, a part's files are internals too: the module's contract.ts lists what it shares
    otherPartInternals: 'import { MAIN_PROFILE } from "../candidates/profile/events";\nexport const x = MAIN_PROFILE;',
  };
  // a part of a module in a sub-folder (candidates/profile/)
  const IN_PART = "server/modules/candidates/profile/probe.ts";
  const parts = {
    siblingPart: 'import { MAX_DESIRED_JOBS } from "../registration/events";\nexport const x = MAX_DESIRED_JOBS;',
    otherContract: 'import { isAgencyStaff } from "../../identity/contract";\nexport const x = isAgencyStaff;',
    otherInternals: 'import { verifyPassword } from "../../identity/passwords";\nexport const x = verifyPassword;',
  };
  const probes: [code: string, file: string][] = [
    ...refused.map(([code]) => [code, APP] as [string, string]),
    ...accepted.map((code) => [code, APP] as [string, string]),
    ...Object.values(modules).map((code) => [code, IN_MISSIONS] as [string, string]),
    ...Object.values(parts).map((code) => [code, IN_PART] as [string, string]),
  ];

  // ESLint is booted and run once, in the hook (a cold start of its config and the TypeScript
  // parser takes seconds on a loaded machine): the tests below only read what it said
  const found = new Map<string, string[]>();
  const key = (code: string, file: string) => `${file}\n${code}`;
  beforeAll(async () => {
    const eslint = new ESLint({ cwd: path.resolve(".") });
    for (const [code, file] of probes) {
      const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
      found.set(
        key(code, file),
        result!.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message),
      );
    }
  }, 120_000);
  const lint = (code: string, file = APP) => {
    const messages = found.get(key(code, file));
    if (!messages) throw new Error(`not linted in beforeAll: ${file}: ${code}`);
    return messages;
  };

  it.each(refused)("refuses %s (%s)", (code) => {
    expect(lint(code)).toHaveLength(1);
  });

  it.each(accepted)("accepts %s", (code) => {
    expect(lint(code)).toEqual([]);
  });

  it("keeps modules apart: another module's internals are refused, its contract and index are not", () => {
    expect(lint(modules.otherInternals, IN_MISSIONS)).toHaveLength(1);
    expect(lint(modules.otherContract, IN_MISSIONS)).toEqual([]);
    expect(lint(modules.otherIndex, IN_MISSIONS)).toEqual([]);
    expect(lint(modules.otherPartInternals, IN_MISSIONS)).toHaveLength(1);
  });

  it("lets a module's part in a sub-folder reach its sibling parts, and other modules only by their contract or index", () => {
    expect(lint(parts.siblingPart, IN_PART)).toEqual([]);
    expect(lint(parts.otherContract, IN_PART)).toEqual([]);
    expect(lint(parts.otherInternals, IN_PART)).toHaveLength(1);
  });

  it("leaves server/ free to import its own modules", () => {
    expect(lint(modules.ownFile, IN_MISSIONS)).toEqual([]);
  });
});

describe("contracts are pure", () => {
  // what a contract may reach, file by file: its own pure files, zod, and type-only imports
  const FORBIDDEN =
    /^(node:|postgres$|pg$|pg-boss$|meilisearch$|drizzle-orm|socket\.io|nodemailer$|i18next|sanitize-html$|@node-rs\/|file-type$)/;
  // a module's own contract and its parts' (candidates/profile/contract.ts)
  const modules = fs.readdirSync("server/modules").filter((m) => fs.statSync(`server/modules/${m}`).isDirectory());
  const parts = modules.flatMap((m) =>
    fs
      .readdirSync(`server/modules/${m}`)
      .filter((p) => fs.statSync(`server/modules/${m}/${p}`).isDirectory())
      .map((p) => `${m}/${p}`),
  );
  const contracts = [
    "server/lib/contract.ts",
    ...[...modules, ...parts].map((m) => `server/modules/${m}/contract.ts`).filter((f) => fs.existsSync(f)),
  ];

  function reach(file: string, seen = new Set<string>()): { file: string; spec: string }[] {
    if (seen.has(file)) return [];
    seen.add(file);
    const code = fs.readFileSync(file, "utf8");
    const out: { file: string; spec: string }[] = [];
    // value imports and re-exports (type-only ones vanish at run time)
    for (const [, kind, spec] of Array.from(
      code.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gms),
      (m) => [m[0], m[1], m[2]!] as const,
    )) {
      if (kind) continue;
      if (spec.startsWith(".")) out.push(...reach(path.join(path.dirname(file), spec) + ".ts", seen));
      else out.push({ file, spec });
    }
    return out;
  }

  it("every module has a contract", () => {
    for (const m of modules) expect(fs.existsSync(`server/modules/${m}/contract.ts`), m).toBe(true);
  });

  it.each(contracts)("%s reaches no driver, file system or service", (contract) => {
    expect(reach(contract).filter((i) => FORBIDDEN.test(i.spec))).toEqual([]);
  });
});
