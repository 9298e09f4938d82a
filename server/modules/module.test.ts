import { describe, expect, it } from "vitest";
import { createModules, defineModule, type ModuleDeps } from "./module";

const deps = {} as ModuleDeps;

describe("module manifests", () => {
  it("refuses, at type level, a command and a query of the same name", () => {
    // @ts-expect-error: `find` is both a command and a query, one would replace the other
    const clash = defineModule({
      name: "clash",
      create: () => ({ commands: { find: () => 1 }, queries: { find: () => 2 } }),
    });
    const fine = defineModule({
      name: "fine",
      create: () => ({ commands: { save: () => 1 }, queries: { find: () => 2 } }),
    });
    expect(Object.keys(createModules([fine] as const, deps).fine)).toEqual(["save", "find"]);
    expect(clash.name).toBe("clash");
  });

  it("creates modules in list order, each with the APIs before it, and refuses a list out of order", () => {
    const base = defineModule({ name: "base", create: () => ({ commands: {}, queries: { answer: () => 42 } }) });
    const user = defineModule({
      name: "user",
      needs: ["base"],
      create: (_deps, { base: port }: { base: { answer(): number } }) => ({
        commands: {},
        queries: { twice: () => port.answer() * 2 },
      }),
    });
    expect(createModules([base, user] as const, deps).user.twice()).toBe(84);
    expect(() => createModules([user, base] as const, deps)).toThrow(
      "module user needs base before it in the list of modules",
    );
    expect(() => createModules([base, base] as const, deps)).toThrow("module base is listed twice");
  });

  it("gives a late port a stand-in that reaches the module created after it, at call time only", () => {
    const early = defineModule({
      name: "early",
      late: ["later"],
      create: (_deps, { later }: { later: { answer(): number } }) => ({
        commands: {},
        queries: { asked: () => later.answer() + 1 },
      }),
    });
    const later = defineModule({ name: "later", create: () => ({ commands: {}, queries: { answer: () => 41 } }) });
    expect(createModules([early, later] as const, deps).early.asked()).toBe(42);
    expect(() => createModules([later, early] as const, deps)).toThrow(
      "module early binds later late: they must come after it in the list of modules",
    );
    const eager = defineModule({
      name: "eager",
      late: ["later"],
      create: (_deps, { later: port }: { later: { answer(): number } }) => ({
        commands: {},
        queries: { n: port.answer() },
      }),
    });
    expect(() => createModules([eager, later] as const, deps)).toThrow(
      "module eager called later (a late port) before later was created",
    );
  });

  it("refuses, at type level, ports the list's modules do not meet", () => {
    const base = defineModule({ name: "base", create: () => ({ commands: {}, queries: { answer: () => 42 } }) });
    const user = defineModule({
      name: "user",
      needs: ["base"],
      create: (_deps, { base: port }: { base: { answer(): string } }) => ({
        commands: {},
        queries: { n: () => port.answer() },
      }),
    });
    // @ts-expect-error: base's answer is a number, user's port wants a string
    expect(() => createModules([base, user] as const, deps)).not.toThrow();
  });
});
