import { describe, expect, it } from "vitest";
import { z } from "zod";
import { required, text } from "./form-fields";
import { adFormSchema } from "./ad-form-schema";

describe("text fields refuse NUL (PostgreSQL would fail the write)", () => {
  it("a NUL anywhere is a field error, other text passes", () => {
    const schema = z.object({ a: text(50), b: required(50) });
    const refused = schema.safeParse({ a: "x\u0000y", b: "\u0000" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["a", "validation.control_characters"],
      ["b", "validation.control_characters"],
    ]);
    expect(schema.safeParse({ a: " tab\tand\nlines ", b: "ok" })).toMatchObject({
      success: true,
      data: { a: "tab\tand\nlines", b: "ok" },
    });
  });

  it("the ad form reports it on the title and the description", () => {
    const result = adFormSchema.safeParse({ title: "Cuisinier\u0000", description: "Le\u0000 poste" });
    expect(result.success).toBe(false);
    const keys = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(keys.title).toBe("validation.control_characters");
    expect(keys.description).toBe("validation.control_characters");
  });
});
