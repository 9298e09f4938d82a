import { describe, expect, it } from "vitest";
import { emptyDay } from "../timesheets/contract";
import {
  changePct,
  periodDays,
  presetPeriod,
  previousPeriod,
  statsFilterSchema,
  statsFiltersOf,
  statsToday,
} from "./periods";
import { sheetTotals } from "./rules";

const errors = (input: Record<string, string>) => {
  const r = statsFilterSchema.safeParse(input);
  return r.success ? {} : r.error.flatten().fieldErrors;
};

describe("statistics periods", () => {
  it("takes today in Switzerland and France, not in UTC", () => {
    expect(statsToday(new Date("2026-11-30T23:30:00Z"))).toBe("2026-12-01");
  });

  it("gives each preset its days, up to today for the running ones", () => {
    const today = "2026-11-27";
    expect(presetPeriod("this_month", today)).toEqual({ from: "2026-11-01", to: today, step: "month" });
    expect(presetPeriod("last_month", today)).toEqual({ from: "2026-10-01", to: "2026-10-31", step: "month" });
    expect(presetPeriod("last_30_days", today)).toEqual({ from: "2026-10-29", to: today, step: "days" });
    expect(presetPeriod("this_quarter", today)).toEqual({ from: "2026-10-01", to: today, step: "quarter" });
    expect(presetPeriod("this_year", today)).toEqual({ from: "2026-01-01", to: today, step: "year" });
    expect(presetPeriod("last_year", today)).toEqual({ from: "2025-01-01", to: "2025-12-31", step: "year" });
  });

  it("compares with the same days of the month, quarter or year before, a whole month with the whole month before", () => {
    expect(previousPeriod({ from: "2026-11-01", to: "2026-11-27", step: "month" })).toMatchObject({
      from: "2026-10-01",
      to: "2026-10-27",
    });
    expect(previousPeriod({ from: "2026-03-01", to: "2026-03-31", step: "month" })).toMatchObject({
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(previousPeriod({ from: "2026-03-01", to: "2026-03-30", step: "month" })).toMatchObject({
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(previousPeriod({ from: "2026-10-01", to: "2026-11-27", step: "quarter" })).toMatchObject({
      from: "2026-07-01",
      to: "2026-08-27",
    });
    expect(previousPeriod({ from: "2026-01-01", to: "2026-11-27", step: "year" })).toMatchObject({
      from: "2025-01-01",
      to: "2025-11-27",
    });
    expect(previousPeriod({ from: "2024-01-01", to: "2024-12-31", step: "year" })).toMatchObject({
      from: "2023-01-01",
      to: "2023-12-31",
    });
  });

  it("compares a custom range with as many days just before it", () => {
    const previous = previousPeriod({ from: "2026-11-10", to: "2026-11-19", step: "days" });
    expect(previous).toEqual({ from: "2026-10-31", to: "2026-11-09", step: "days" });
    expect(periodDays(previous)).toBe(10);
  });

  it("refuses a custom range without its days, backwards, too long or with an impossible day, on the field", () => {
    expect(errors({ period: "custom" })).toEqual({
      from: ["statistics_day_required"],
      to: ["statistics_day_required"],
    });
    expect(errors({ period: "custom", from: "2026-11-10", to: "2026-11-01" })).toEqual({
      to: ["statistics_range_order"],
    });
    expect(errors({ period: "custom", from: "2023-01-01", to: "2026-01-01" })).toEqual({
      to: ["statistics_range_too_long"],
    });
    expect(errors({ period: "custom", from: "2026-02-30", to: "2026-03-01" })).toEqual({
      from: ["statistics_day_invalid"],
    });
    expect(errors({ period: "yesterday" })).toHaveProperty("period");
    expect(errors({ period: "custom", from: "2026-11-01", to: "2026-11-10" })).toEqual({});
  });

  it("turns the form into the period, the one before and the filters; a malformed id filters nothing", () => {
    const v = statsFilterSchema.parse({ period: "custom", from: "2026-11-01", to: "2026-11-10", consultant: "nope" });
    expect(statsFiltersOf(v, "2026-11-27")).toEqual({
      period: { from: "2026-11-01", to: "2026-11-10", step: "days" },
      previous: { from: "2026-10-22", to: "2026-10-31", step: "days" },
      branchId: undefined,
      consultantId: undefined,
    });
    expect(statsFiltersOf(statsFilterSchema.parse({}), "2026-11-27").period.from).toBe("2026-11-01");
  });

  it("says the change in percent, none without a previous figure", () => {
    expect(changePct(15, 10)).toBe(50);
    expect(changePct(5, 10)).toBe(-50);
    expect(changePct(3, 0)).toBeNull();
  });
});

describe("a validated sheet's totals", () => {
  it("counts the paid minutes less the client's reductions, and the expenses in cents", () => {
    const monday = {
      ...emptyDay("2026-11-23"),
      ranges: [{ startMin: 480, endMin: 1020 }],
      breakMin: 60,
      mealFees: 1500,
      parking: 250,
    };
    const tuesday = {
      ...emptyDay("2026-11-24"),
      ranges: [{ startMin: 480, endMin: 720 }],
      travelFees: 1000,
      miscCosts: 5,
    };
    expect(sheetTotals([monday, tuesday], [])).toEqual({ minutes: 480 + 240, amountCents: 2755 });
    expect(sheetTotals([monday, tuesday], [{ day: "2026-11-24", minutes: 30 }])).toEqual({
      minutes: 480 + 210,
      amountCents: 2755,
    });
  });
});
