/**
 * A sheet's days (pure): as the candidate entered them, the hours worked and paid after a
 * client's reductions, the forms that change them, and a client company's settings.
 */
import { z } from "zod";
import { breakShortOf, type Country } from "./pay-rules";
import type { DayReduction } from "./workflow";

export const COMMENT_MAX = 1000;
export const NOTE_MAX = 500;
export const MONEY_MAX = 100_000; // in cents: 1,000.00 per line and day
export const MILEAGE_MAX = 2000;

/** One day as the candidate entered it: wall-clock ranges (an end at or before the start ends the next day), break, costs (cents), extra hours, site, notes. */
export type DayEntry = {
  day: string;
  ranges: { startMin: number; endMin: number }[];
  breakMin: number;
  mealFees: number;
  miscCosts: number;
  parking: number;
  mileageKm: number;
  travelFees: number;
  trainingMin: number;
  travelMin: number;
  site: string;
  notes: string;
};
export const emptyDay = (day: string): DayEntry => ({
  day,
  ranges: [],
  breakMin: 0,
  mealFees: 0,
  miscCosts: 0,
  parking: 0,
  mileageKm: 0,
  travelFees: 0,
  trainingMin: 0,
  travelMin: 0,
  site: "",
  notes: "",
});

/** A day as a page or a device holds it (the `expected` of a save), checked before it is compared. */
export const dayEntrySchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  ranges: z.array(z.object({ startMin: z.number().int(), endMin: z.number().int() })).max(2),
  breakMin: z.number().int(),
  mealFees: z.number().int(),
  miscCosts: z.number().int(),
  parking: z.number().int(),
  mileageKm: z.number().int(),
  travelFees: z.number().int(),
  trainingMin: z.number().int(),
  travelMin: z.number().int(),
  site: z.string(),
  notes: z.string(),
}) satisfies z.ZodType<DayEntry>;

/** Whether two entries of a day say the same (key order aside: rows and events come back from jsonb). */
export function sameDay(a: DayEntry, b: DayEntry): boolean {
  const canon = (d: DayEntry) =>
    JSON.stringify(d, Object.keys({ ...emptyDay(""), ...d }).sort()) +
    JSON.stringify(d.ranges.map((r) => [r.startMin, r.endMin]));
  return canon(a) === canon(b);
}

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "timesheet_time_invalid");
const minutesOfTime = (v: string) => Number(v.slice(0, 2)) * 60 + Number(v.slice(3, 5));
const optionalTime = z.preprocess((v) => (v === "" ? undefined : v), time.optional());
/** An amount typed as 12.50 or 12,50: kept in cents. */
const money = z.preprocess(
  (v) => (v === "" || v === undefined ? 0 : typeof v === "string" ? Math.round(Number(v.replace(",", ".")) * 100) : v),
  z
    .number({ invalid_type_error: "timesheet_amount_invalid" })
    .int("timesheet_amount_invalid")
    .min(0, "timesheet_amount_invalid")
    .max(MONEY_MAX, "timesheet_amount_invalid"),
);
const minutes = (max: number) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? 0 : v),
    z.coerce
      .number({ invalid_type_error: "timesheet_minutes_invalid" })
      .int("timesheet_minutes_invalid")
      .min(0, "timesheet_minutes_invalid")
      .max(max, "timesheet_minutes_invalid"),
  );

/** The day form (one per day, saved as the person types). Two ranges at most: a split shift. */
export const daySchema = z
  .object({
    timesheetId: z.string(),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "timesheet_day_invalid"),
    start1: optionalTime,
    end1: optionalTime,
    start2: optionalTime,
    end2: optionalTime,
    breakMin: minutes(600),
    mealFees: money,
    miscCosts: money,
    parking: money,
    mileageKm: minutes(MILEAGE_MAX),
    travelFees: money,
    trainingMin: minutes(24 * 60),
    travelMin: minutes(24 * 60),
    site: z.string().trim().max(200, "validation.too_long").optional(),
    notes: z.string().trim().max(NOTE_MAX, "validation.too_long").optional(),
  })
  .superRefine((v, ctx) => {
    for (const n of [1, 2] as const) {
      const [s, e] = [v[`start${n}`], v[`end${n}`]];
      if (Boolean(s) !== Boolean(e))
        ctx.addIssue({ code: "custom", path: [s ? `end${n}` : `start${n}`], message: "timesheet_range_incomplete" });
      else if (s && e && s === e) ctx.addIssue({ code: "custom", path: [`end${n}`], message: "timesheet_range_empty" });
    }
  });
export type DayForm = z.infer<typeof daySchema>;
export const dayOfForm = (v: DayForm): DayEntry => ({
  day: v.day,
  ranges: (
    [
      [v.start1, v.end1],
      [v.start2, v.end2],
    ] as const
  )
    .filter(([s, e]) => s && e)
    .map(([s, e]) => ({ startMin: minutesOfTime(s!), endMin: minutesOfTime(e!) })),
  breakMin: v.breakMin,
  mealFees: v.mealFees,
  miscCosts: v.miscCosts,
  parking: v.parking,
  mileageKm: v.mileageKm,
  travelFees: v.travelFees,
  trainingMin: v.trainingMin,
  travelMin: v.travelMin,
  site: v.site ?? "",
  notes: v.notes ?? "",
});

const DAY = 24 * 60;
const spanOf = (r: { startMin: number; endMin: number }) =>
  r.endMin > r.startMin ? r.endMin - r.startMin : r.endMin + DAY - r.startMin;
/** Minutes worked on a day: its ranges less the break (never below zero). */
export const workedMinutes = (d: Pick<DayEntry, "ranges" | "breakMin">) =>
  Math.max(0, d.ranges.reduce((n, r) => n + spanOf(r), 0) - d.breakMin);

/**
 * The day as paid after a reduction: minutes taken from the end of its last ranges. A reduction
 * is at most the worked minutes (the decider checks), so the break still fits what is left.
 */
export function reducedDay(d: DayEntry, minutes: number): DayEntry {
  let left = minutes;
  const ranges = d.ranges.map((r) => ({ ...r }));
  for (let i = ranges.length - 1; i >= 0 && left > 0; i--) {
    const r = ranges[i]!;
    const cut = Math.min(left, spanOf(r));
    left -= cut;
    if (cut === spanOf(r)) ranges.splice(i, 1);
    else r.endMin = (((r.endMin - cut) % DAY) + DAY) % DAY;
  }
  return { ...d, ranges, breakMin: ranges.length ? d.breakMin : 0 };
}
/** The days as paid: entered, less the client's reductions. */
export const paidDays = (days: readonly DayEntry[], reductions: readonly DayReduction[]) =>
  days.map((d) => {
    const cut = reductions.find((r) => r.day === d.day)?.minutes ?? 0;
    return cut ? reducedDay(d, cut) : d;
  });

/**
 * What is impossible in a day (refused, on its field) and what only deserves a warning. Ranges
 * are on one timeline from the day's midnight (an end at or before the start is the next day).
 */
export function dayProblems(
  d: DayEntry,
  country: Country,
): { refused: { key: string; field: string }[]; warnings: string[] } {
  const refused: { key: string; field: string }[] = [];
  const spans = d.ranges.map((r) => ({ s: r.startMin, e: r.startMin + spanOf(r) })).sort((a, b) => a.s - b.s);
  for (let i = 1; i < spans.length; i++)
    if (spans[i]!.s < spans[i - 1]!.e) refused.push({ key: "timesheet_ranges_overlap", field: "start2" });
  const total = spans.reduce((n, x) => n + (x.e - x.s), 0);
  if (total > DAY) refused.push({ key: "timesheet_day_over_24h", field: "end2" });
  if (d.ranges.length && d.breakMin >= total) refused.push({ key: "timesheet_break_too_long", field: "breakMin" });
  if (!d.ranges.length && d.breakMin > 0) refused.push({ key: "timesheet_break_without_hours", field: "breakMin" });
  // a long day needs a break, entered or between two ranges (CH LTr 15, FR L3121-16): a warning, not a refusal;
  // its key names the break the country asks for (timesheet_break_needed_20 in France, _15, _30 or _60 in Switzerland)
  const gaps = spans.slice(1).map((x, i) => x.s - spans[i]!.e);
  const short = breakShortOf(country, total - d.breakMin, d.breakMin, gaps);
  const warnings = short ? [`timesheet_break_needed_${short}`] : [];
  return { refused, warnings };
}

/** A comment (verification) or a reason (cancelled, not performed): required. */
export const reasonSchema = z.object({
  timesheetId: z.string(),
  version: z.coerce.number().int().min(1),
  reason: z
    .string({ required_error: "timesheet_reason_required" })
    .trim()
    .min(1, "timesheet_reason_required")
    .max(COMMENT_MAX, "validation.too_long"),
});
export const actionSchema = z.object({ timesheetId: z.string(), version: z.coerce.number().int().min(1) });

/** A client's reduction: hours taken off some days (typed as 1:30 or 1.5), with the comment the candidate sees. */
const hoursToMinutes = (v: unknown) => {
  if (v === "" || v === undefined || v === null) return 0;
  const s = String(v).trim().replace(",", ".");
  const hm = /^(\d{1,2}):([0-5]\d)$/.exec(s);
  if (hm) return Number(hm[1]) * 60 + Number(hm[2]);
  return /^\d+(\.\d+)?$/.test(s) ? Math.round(Number(s) * 60) : Number.NaN;
};
export const reductionSchema = reasonSchema.extend({
  cut: z
    .record(
      z.preprocess(
        hoursToMinutes,
        z
          .number({ invalid_type_error: "timesheet_reduction_invalid" })
          .int()
          .min(0, "timesheet_reduction_invalid")
          .max(DAY, "timesheet_reduction_invalid"),
      ),
    )
    .optional(),
});
export const reductionsOf = (cut: Record<string, number> | undefined): DayReduction[] =>
  Object.entries(cut ?? {})
    .filter(([day, minutes]) => /^\d{4}-\d{2}-\d{2}$/.test(day) && minutes > 0)
    .map(([day, minutes]) => ({ day, minutes }))
    .sort((a, b) => a.day.localeCompare(b.day));

/**
 * An agency's options for one client company. Deadlines: days after the week's end before the
 * planned hours are submitted for a candidate who entered nothing, and after the agency's
 * validation before a sheet is deemed validated (by the system). Pay rules: the collective
 * agreement's name and what it changes from the country's defaults (null: the default).
 */
export const SETTINGS_DAYS_MAX = 60;
export const OVERTIME_RATE_CHOICES = [125, 140, 150] as const;
export const NIGHT_RATE_CHOICES = [110, 125] as const;
export type ClientPayRules = {
  agreement: string;
  region: string | null;
  weeklyHours: number | null;
  overtimePct: number | null;
  nightPct: number | null;
  nightStartMin: number | null;
  nightEndMin: number | null;
  sundayPct: number | null;
};
export type ClientTimesheetSettings = {
  plannedHoursAfterDays: number | null;
  deemedValidatedAfterDays: number | null;
  rules: ClientPayRules;
};
export const noClientRules: ClientPayRules = {
  agreement: "",
  region: null,
  weeklyHours: null,
  overtimePct: null,
  nightPct: null,
  nightStartMin: null,
  nightEndMin: null,
  sundayPct: null,
};

const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);
const optionalInt = (min: number, max: number, key: string) =>
  z.preprocess(
    blankToNull,
    z.coerce.number({ invalid_type_error: key }).int(key).min(min, key).max(max, key).nullable(),
  );
const optionalChoice = (choices: readonly number[], key: string) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ invalid_type_error: key })
      .refine((n) => choices.includes(n), key)
      .nullable(),
  );
export const clientSettingsSchema = z
  .object({
    clientId: z.string().uuid(),
    version: z.coerce.number().int().min(0),
    plannedHoursAfterDays: optionalInt(1, SETTINGS_DAYS_MAX, "timesheet_days_invalid"),
    deemedValidatedAfterDays: optionalInt(1, SETTINGS_DAYS_MAX, "timesheet_days_invalid"),
    agreement: z.string().trim().max(120, "validation.too_long").optional(),
    region: z.preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .regex(/^[A-Z0-9]{1,3}$/i, "timesheet_region_invalid")
        .nullable(),
    ),
    weeklyHours: optionalInt(1, 60, "timesheet_hours_invalid"),
    overtimePct: optionalChoice(OVERTIME_RATE_CHOICES, "timesheet_rate_invalid"),
    nightPct: optionalChoice(NIGHT_RATE_CHOICES, "timesheet_rate_invalid"),
    nightStart: optionalTime,
    nightEnd: optionalTime,
    sundayPct: optionalInt(100, 300, "timesheet_rate_invalid"),
  })
  .superRefine((v, ctx) => {
    if (Boolean(v.nightStart) !== Boolean(v.nightEnd))
      ctx.addIssue({
        code: "custom",
        path: [v.nightStart ? "nightEnd" : "nightStart"],
        message: "timesheet_range_incomplete",
      });
  });
export const settingsOfForm = (v: z.infer<typeof clientSettingsSchema>): ClientTimesheetSettings => ({
  plannedHoursAfterDays: v.plannedHoursAfterDays,
  deemedValidatedAfterDays: v.deemedValidatedAfterDays,
  rules: {
    agreement: v.agreement ?? "",
    region: v.region ? v.region.toUpperCase() : null,
    weeklyHours: v.weeklyHours,
    overtimePct: v.overtimePct,
    nightPct: v.nightPct,
    nightStartMin: v.nightStart ? minutesOfTime(v.nightStart) : null,
    nightEndMin: v.nightEnd ? minutesOfTime(v.nightEnd) : null,
    sundayPct: v.sundayPct,
  },
});
