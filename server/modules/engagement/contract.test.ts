import { describe, expect, it } from "vitest";
import { renameSearchSchema, saveSearchSchema } from "./contract";

describe("saved search names", () => {
  it("refuse a NUL as a field error (PostgreSQL would fail the write)", () => {
    const saved = saveSearchSchema.safeParse({ intent: "save", name: "Cuisine\u0000", query: "q=chef" });
    expect(saved.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", "validation.control_characters"],
    ]);
    const renamed = renameSearchSchema.safeParse({
      intent: "rename",
      searchId: "0b7a1c52-7d0c-4a8e-9d3b-1f2a3b4c5d6e",
      name: "\u0000x",
    });
    expect(renamed.error?.issues.map((i) => i.message)).toEqual(["validation.control_characters"]);
    expect(saveSearchSchema.safeParse({ intent: "save", name: "Cuisine", query: "q=chef" }).success).toBe(true);
  });
});
