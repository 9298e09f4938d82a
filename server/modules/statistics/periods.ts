import { DateTime } from "luxon";
import { z } from "zod";
import { isUuid } from "../../lib/contract";

/**
 * The statistics' filters (pure): a period, chosen by a preset or as a custom range of days, and the
 * period before it that the page shows beside it; a branch and a consultant. Days are calendar days
 * in Switzerland and France (one time zone).
 */
export const STATS_ZONE = "Europe/Zurich";
export const PERIOD_PRESETS = [
  "this_month",
  "last_month",
  "last_30_days",
  "this_quarter",
  "this_year",
  "last_year",
  "custom",
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
/** A custom range covers at most this many days (the bench's year of data, and the previous one). */
export const PERIOD_MAX_DAYS = 731;

/** Inclusive days, YYYY-MM-DD; `step` is how the previous period is found. */
export interface Period {
  from: string;
  to: string;
  step: "month" | "quarter" | "year" | "days";
}

const day = (d: DateTime) => d.toISODate()!;
const parse = (s: string) => DateTime.fromISO(s, { zone: STATS_ZONE });

/** Today in the statistics' zone. */
export const statsToday = (now: Date) => day(DateTime.fromJSDate(now, { zone: STATS_ZONE }));

/** A preset's days, up to today for the running ones. */
export function presetPeriod(preset: Exclude<PeriodPreset, "custom">, today: string): Period {
  const t = parse(today);
  switch (preset) {
    case "this_month":
      return { from: day(t.startOf("month")), to: today, step: "month" };
    case "last_month": {
      const m = t.minus({ months: 1 });
      return { from: day(m.startOf("month")), to: day(m.endOf("month")), step: "month" };
    }
    case "last_30_days":
      return { from: day(t.minus({ days: 29 })), to: today, step: "days" };
    case "this_quarter":
      return { from: day(t.startOf("quarter")), to: today, step: "quarter" };
    case "this_year":
      return { from: day(t.startOf("year")), to: today, step: "year" };
    case "last_year": {
      const y = t.minus({ years: 1 });
      return { from: day(y.startOf("year")), to: day(y.endOf("year")), step: "year" };
    }
  }
}

/** Days from `from` to `to`, both counted. */
export const periodDays = (p: Pick<Period, "from" | "to">) =>
  Math.round(parse(p.to).diff(parse(p.from), "days").days) + 1;

/**
 * The period before: the same days of the previous month, quarter or year (1–27 November → 1–27
 * October; a whole month → the whole month before, its last day whatever its length), or as many
 * days just before a custom range.
 */
export function previousPeriod(p: Period): Period {
  if (p.step === "days") {
    const n = periodDays(p);
    return { from: day(parse(p.from).minus({ days: n })), to: day(parse(p.from).minus({ days: 1 })), step: "days" };
  }
  const by = p.step === "month" ? { months: 1 } : p.step === "quarter" ? { months: 3 } : { years: 1 };
  const from = parse(p.from).minus(by);
  const to = parse(p.to);
  // a period that ends on a month's last day ends on the last day of the month before
  const prevTo = to.hasSame(to.endOf("month"), "day") ? to.minus(by).endOf("month") : to.minus(by);
  return { from: day(from), to: day(prevTo), step: p.step };
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const optionalDay = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || (isoDay.test(v) && parse(v).isValid), "statistics_day_invalid");
const optionalId = z
  .string()
  .optional()
  .transform((v) => (isUuid(v) ? v : undefined));

/** The page's GET form (also the CSV export's query): the errors are keys of the statistics namespace, on their field. */
export const statsFilterSchema = z
  .object({
    period: z.enum(PERIOD_PRESETS).default("this_month"),
    from: optionalDay,
    to: optionalDay,
    branch: optionalId,
    consultant: optionalId,
  })
  .superRefine((v, ctx) => {
    if (v.period !== "custom") return;
    if (!v.from) ctx.addIssue({ code: "custom", path: ["from"], message: "statistics_day_required" });
    if (!v.to) ctx.addIssue({ code: "custom", path: ["to"], message: "statistics_day_required" });
    if (!v.from || !v.to) return;
    if (v.to < v.from) ctx.addIssue({ code: "custom", path: ["to"], message: "statistics_range_order" });
    else if (periodDays({ from: v.from, to: v.to }) > PERIOD_MAX_DAYS)
      ctx.addIssue({ code: "custom", path: ["to"], message: "statistics_range_too_long" });
  });
export type StatsFilterInput = z.input<typeof statsFilterSchema>;
export type StatsFilterValue = z.output<typeof statsFilterSchema>;

/** What the queries take: the period and the one before it, and the optional branch and consultant. */
export interface StatsFilters {
  period: Period;
  previous: Period;
  branchId?: string;
  consultantId?: string;
}

export function statsFiltersOf(v: StatsFilterValue, today: string): StatsFilters {
  const period =
    v.period === "custom" ? { from: v.from!, to: v.to!, step: "days" as const } : presetPeriod(v.period, today);
  return { period, previous: previousPeriod(period), branchId: v.branch, consultantId: v.consultant };
}

/** The change from the previous period, in percent (null when there was nothing before). */
export const changePct = (current: number, previous: number) =>
  previous === 0 ? null : Math.round(((current - previous) / previous) * 100);
