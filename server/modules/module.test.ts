import { describe, expect, it } from "vitest";
import { createModules, defineModule, type ModuleDeps } from "./module";

const deps = {} as ModuleDeps;

describe("module manifests", () => {
  it("refuses, at type level, a command and a query of the same name", () => {
    // @ts-expect-error: `find` is both a command and a query, one would replace the other
    const clash = defineModule({ name: "clash", create: () => ({ commands: { find: () => 1 }, queries: { find: () => 2 } }) });
    const fine = defineModule({ name: "fine", create: () => ({ commands: { save: () => 1 }, queries: { find: () => 2 } }) });
    expect(Object.keys(createModules([fine] as const, deps).fine)).toEqual(["save", "find"]);
    expect(clash.name).toBe("clash");
  });

  it("creates modules in list order, each with the APIs before it, and refuses a list out of order", () => {
    const base = defineModule({ name: "base", create: () => ({ commands: {}, queries: { answer: () => 42 } }) });
    const user = defineModule({
      name: "user",
      needs: ["base"],
      create: (_deps, { base: port }: { base: { answer(): number } }) => ({ commands: {}, queries: { twice: () => port.answer() * 2 } }),
    });
    expect(createModules([base, user] as const, deps).user.twice()).toBe(84);
    expect(() => createModules([user, base] as const, deps)).toThrow("module user needs base before it in the list of modules");
    expect(() => createModules([base, base] as const, deps)).toThrow("module base is listed twice");
  });
});
