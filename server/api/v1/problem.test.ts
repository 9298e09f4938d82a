import { describe, expect, it } from "vitest";
import { z } from "zod";
import { daySchema } from "../../modules/timesheets/contract";
import { zodAppError } from "./problem";

describe("a zod refusal as an invalid problem's field errors", () => {
  it("keeps the schema's keys, names a missing field required, and reads zod's own words as an invalid value", () => {
    const schema = z.object({ a: z.string(), b: z.number().max(3, "validation.number_range"), c: z.string().email() });
    const parsed = schema.safeParse({ b: 9, c: "nope" });
    const error = zodAppError(parsed.success ? (null as never) : parsed.error, "values.");
    expect(error.kind).toBe("invalid");
    expect(error.fields).toEqual([
      { field: "values.a", key: "validation.required" },
      { field: "values.b", key: "validation.number_range" },
      { field: "values.c", key: "api_invalid_value" },
    ]);
    // the first field is the error's own (the status and the detail)
    expect([error.key, error.field]).toEqual(["validation.required", "values.a"]);
  });

  it("gives the timesheet day form's keys (the same schema as the page's)", () => {
    const parsed = daySchema.safeParse({ timesheetId: "x", day: "2026-01-05", start1: "25:00", end1: "08:00" });
    expect(parsed.success).toBe(false);
    const error = zodAppError(parsed.success ? (null as never) : parsed.error);
    expect(error.fields).toContainEqual({ field: "start1", key: "timesheet_time_invalid" });
  });
});
