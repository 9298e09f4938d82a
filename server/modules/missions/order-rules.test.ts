import { describe, expect, it } from "vitest";
import { orderFormSchema } from "./order-rules";

const valid = {
  title: "Renfort",
  professionId: "packer",
  places: "3",
  startDate: "2027-01-10",
  endDate: "2027-02-10",
  placeText: "Genève",
  description: "",
};
const errorsOf = (input: Record<string, string>, staff = false) => {
  const r = orderFormSchema(staff).safeParse(input);
  return r.success ? {} : r.error.flatten().fieldErrors;
};

describe("the order form", () => {
  it("accepts a valid order and reads its numbers", () => {
    expect(orderFormSchema(false).parse(valid)).toMatchObject({ places: 3, startDate: "2027-01-10" });
  });

  it("reports a wrong number of places together with crossed dates, each on its field", () => {
    expect(errorsOf({ ...valid, places: "0", startDate: "2027-03-01" })).toEqual({
      places: ["validation.number_range"],
      endDate: ["validation.end_after_start"],
    });
    expect(errorsOf({ ...valid, places: "" })).toEqual({ places: ["validation.required"] });
  });

  it("needs real days and, for staff, the client company", () => {
    expect(errorsOf({ ...valid, startDate: "2027-02-30x", endDate: "" })).toEqual({
      startDate: ["validation.date"],
      endDate: ["validation.required"],
    });
    expect(errorsOf(valid, true)).toEqual({ clientId: ["validation.required"] });
    expect(errorsOf({ ...valid, consultantId: "1; drop table" })).toEqual({
      consultantId: ["validation.invalid_choice"],
    });
  });
});
