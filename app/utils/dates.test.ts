import { describe, expect, it } from "vitest";
import { formatDateAs, formatPeriod } from "./dates";

describe("dates as precise as they are known (issue 27)", () => {
  it.each([
    ["2019", undefined, "2019"],
    ["2019-03", undefined, "03/2019"],
    ["2019-03-15", undefined, "15/03/2019"],
    ["2019-01-01", "year", "2019"],
    ["2019-03-01", "month", "03/2019"],
    ["2019-03-15", "day", "15/03/2019"],
  ] as const)("%s (%s) reads %s", (value, precision, text) => {
    expect(formatDateAs(value, precision)).toBe(text);
  });
  it("a period: years stay years; an entry saved before precisions shows its days", () => {
    expect(
      formatPeriod({ startDate: "2019-01-01", endDate: "2021-01-01", startPrecision: "year", endPrecision: "year" }),
    ).toBe("2019 – 2021");
    expect(formatPeriod({ startDate: "2019-03-01", startPrecision: "month" })).toBe("03/2019 – …");
    expect(formatPeriod({ startDate: "2019-03-04", endDate: "2020-05-06" })).toBe("04/03/2019 – 06/05/2020");
  });
});
