import { describe, expect, it } from "vitest";
import { keepingBuiltins } from "./keep-builtins";

describe("keepingBuiltins", () => {
  it("puts back the built-ins a load replaced and keeps what it added", async () => {
    const stringify = JSON.stringify;
    const push = Array.prototype.push;
    const result = await keepingBuiltins(async () => {
      JSON.stringify = () => "polyfilled";
      Object.defineProperty(Array.prototype, "push", { value: () => 0, writable: true, configurable: true });
      (Promise as unknown as { addedByTest: () => number }).addedByTest = () => 1;
      return 42;
    });
    try {
      expect(result).toBe(42);
      expect(JSON.stringify).toBe(stringify);
      expect(Array.prototype.push).toBe(push);
      expect(Object.getOwnPropertyDescriptor(Array.prototype, "push")?.enumerable).toBe(false);
      expect([1].push(2)).toBe(2);
      expect((Promise as unknown as { addedByTest: () => number }).addedByTest()).toBe(1);
    } finally {
      delete (Promise as unknown as { addedByTest?: unknown }).addedByTest;
    }
  });

  it("puts them back when the load fails too", async () => {
    const parse = JSON.parse;
    await expect(
      keepingBuiltins(async () => {
        JSON.parse = () => "polyfilled";
        throw new Error("load failed");
      }),
    ).rejects.toThrow("load failed");
    expect(JSON.parse).toBe(parse);
  });
});
