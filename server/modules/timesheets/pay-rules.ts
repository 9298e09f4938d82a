/**
 * The vocabulary of pay (pure, no luxon or date-holidays, so the contract can re-export it): the
 * rules of a mission's country, the rates the spec names, the categories of paid minutes, the
 * keys naming the rule behind each pay line and the problems a timesheet can have.
 */
import { ZONES } from "../planning/contract";

export type Country = "CH" | "FR";

/** Minutes past `fromHours` worked hours in the week are paid at `ratePct`. */
export interface OvertimeTier {
  fromHours: number;
  ratePct: number;
}

export interface PayRules {
  country: Country;
  /** IANA zone of the mission: "Europe/Zurich" | "Europe/Paris" */
  zone: string;
  /** Swiss canton code ("GE", "VD", "ZH") or French department/region as date-holidays knows it; null or unknown: national holidays only */
  region: string | null;
  /** contractual weekly hours before overtime */
  weeklyHours: number;
  /** tiers over the week's worked hours; none: no overtime is paid */
  overtime: OvertimeTier[];
  /** wall-clock window (minutes from local midnight; start after end wraps midnight; start = end: no night window) */
  night: { startMin: number; endMin: number; ratePct: number };
  sundayPct: number;
  holidayPct: number;
}

/** Rates (percent of the base hourly wage) the spec names. */
export const BASE_PCT = 100;
export const OVERTIME_PCT = { plus25: 125, plus40: 140, plus50: 150 } as const;
export const NIGHT_PCT = { plus10: 110, plus25: 125 } as const;
export const SUNDAY_PCT = 150;
/** Public holidays are paid like Sundays (CH: LTr 20a assimilates them to Sundays). */
export const HOLIDAY_PCT = 150;
/**
 * Night compensation in rest time, not pay (e.g. LTr 17b al. 2: 10 % for regular night work):
 * exposed for the timesheets module, the pay engine does not use it.
 */
export const NIGHT_COMPENSATION_PCT = { ten: 10, twenty: 20 } as const;

/** FR legal week (L3121-27), tiers of L3121-36: hours 36–43 at +25 %, from hour 44 at +50 %. */
export const FR_WEEKLY_HOURS = 35;
export const FR_OVERTIME_SECOND_TIER_HOURS = 43;
/** CH weekly maximum of LTr 9 al. 1 let. a (industry, offices, retail chains), used as the default contractual week. */
export const CH_WEEKLY_HOURS = 45;

/** Defaults by country; a mission's agreement may override any field. */
export function defaultPayRules(country: Country, region: string | null = null): PayRules {
  if (country === "FR")
    return {
      country,
      zone: ZONES.FR,
      region,
      weeklyHours: FR_WEEKLY_HOURS,
      overtime: [
        { fromHours: FR_WEEKLY_HOURS, ratePct: OVERTIME_PCT.plus25 },
        { fromHours: FR_OVERTIME_SECOND_TIER_HOURS, ratePct: OVERTIME_PCT.plus50 },
      ],
      // 21:00–06:00 is the period L3122-20 applies without an agreement; the +10 % is agreed, not legal
      night: { startMin: 21 * 60, endMin: 6 * 60, ratePct: NIGHT_PCT.plus10 },
      sundayPct: SUNDAY_PCT,
      holidayPct: HOLIDAY_PCT,
    };
  return {
    country,
    zone: ZONES.CH,
    region,
    weeklyHours: CH_WEEKLY_HOURS,
    overtime: [{ fromHours: CH_WEEKLY_HOURS, ratePct: OVERTIME_PCT.plus25 }], // CO 321c
    night: { startMin: 23 * 60, endMin: 6 * 60, ratePct: NIGHT_PCT.plus25 }, // LTr 10 window, LTr 17b al. 1 (occasional)
    sundayPct: SUNDAY_PCT, // LTr 19 al. 3
    holidayPct: HOLIDAY_PCT,
  };
}

/**
 * A client's (or its collective agreement's) rules over the country's defaults; a null field
 * keeps the default. A different contractual week moves the first overtime tier with it (France's
 * second tier stays at 43 h when it is still above); `overtimePct` is the first tier's rate.
 */
export function clientPayRules(
  country: Country,
  own: {
    region: string | null;
    weeklyHours: number | null;
    overtimePct: number | null;
    nightPct: number | null;
    nightStartMin: number | null;
    nightEndMin: number | null;
    sundayPct: number | null;
  } | null,
): PayRules {
  const base = defaultPayRules(country, own?.region ?? null);
  if (!own) return base;
  const weeklyHours = own.weeklyHours ?? base.weeklyHours;
  const [first, ...rest] = base.overtime;
  const overtime = first
    ? [
        { fromHours: weeklyHours, ratePct: own.overtimePct ?? first.ratePct },
        ...rest.filter((t) => t.fromHours > weeklyHours),
      ]
    : [];
  const window =
    own.nightStartMin !== null && own.nightEndMin !== null
      ? { startMin: own.nightStartMin, endMin: own.nightEndMin }
      : base.night;
  return {
    ...base,
    weeklyHours,
    overtime,
    night: { ...window, ratePct: own.nightPct ?? base.night.ratePct },
    sundayPct: own.sundayPct ?? base.sundayPct,
  };
}

export const PAY_CATEGORIES = ["normal", "night", "sunday", "holiday", "overtime"] as const;
export type PayCategory = (typeof PAY_CATEGORIES)[number];

/**
 * Stable keys naming the rule behind a pay line (payroll exports and translations key on them):
 * - `base`: normal hours at 100 %;
 * - `fr.overtime.36-43`, `fr.overtime.44+` (L3121-36), `ch.overtime.co321c` (CO 321c): overtime
 *   tiers; a custom tier is keyed by the hours it covers, `<cc>.overtime.<first>-<last>` or
 *   `<cc>.overtime.<first>+` (Switzerland's first tier is always `ch.overtime.co321c`);
 * - `ch.night.ltr17b`, `ch.sunday.ltr19`: the Swiss law; `fr.night.agreed`, `fr.sunday.agreed`:
 *   French premiums set by agreement (the Code du travail sets no rate);
 * - `holiday.<slug>`: a public holiday, slug of its English name ("holiday.christmas-day").
 */
export const PAY_RULE_KEYS = {
  base: "base",
  frOvertime36to43: "fr.overtime.36-43",
  frOvertime44plus: "fr.overtime.44+",
  chOvertime: "ch.overtime.co321c",
  frNight: "fr.night.agreed",
  chNight: "ch.night.ltr17b",
  frSunday: "fr.sunday.agreed",
  chSunday: "ch.sunday.ltr19",
} as const;
export type CountryPrefix = "fr" | "ch";
export type PayRuleKey =
  (typeof PAY_RULE_KEYS)[keyof typeof PAY_RULE_KEYS] | `${CountryPrefix}.overtime.${string}` | `holiday.${string}`;

/** The rules with a text of their own (timesheets namespace, `pay.rules.<name>`). */
const RULE_TEXTS: Record<string, string> = Object.fromEntries(
  Object.entries(PAY_RULE_KEYS).map(([name, rule]) => [rule, name]),
);

/**
 * What made a pay line, as a translation (timesheets namespace): the law or agreement it follows,
 * the holiday's name, or a custom overtime tier's rate. The screens and the exports both say it so.
 */
export function payRuleText(
  rule: string,
  label: string | null | undefined,
  ratePct: number,
): { key: string; params: Record<string, string | number> } {
  if (rule.startsWith("holiday.")) return { key: "pay.rules.holiday", params: { name: label ?? "" } };
  const name = RULE_TEXTS[rule];
  return name ? { key: `pay.rules.${name}`, params: {} } : { key: "pay.rules.overtime", params: { rate: ratePct } };
}

const prefixOf = (country: Country): CountryPrefix => (country === "FR" ? "fr" : "ch");
export const nightRuleOf = (country: Country): PayRuleKey =>
  country === "FR" ? PAY_RULE_KEYS.frNight : PAY_RULE_KEYS.chNight;
export const sundayRuleOf = (country: Country): PayRuleKey =>
  country === "FR" ? PAY_RULE_KEYS.frSunday : PAY_RULE_KEYS.chSunday;

/**
 * Key of the overtime tier covering the worked hours after `fromHours` up to `toHours` (null:
 * no upper end). Hours count from 1: the tier after 35 h up to 43 h holds hours 36 to 43.
 */
export function overtimeRuleOf(
  country: Country,
  tierIndex: number,
  fromHours: number,
  toHours: number | null,
): PayRuleKey {
  if (country === "CH" && tierIndex === 0) return PAY_RULE_KEYS.chOvertime;
  return `${prefixOf(country)}.overtime.${fromHours + 1}${toHours === null ? "+" : `-${toHours}`}`;
}

/** Problems of a timesheet; warnings do not stop the timesheet from being submitted. */
export const PAY_PROBLEMS = {
  "pay.range_invalid": "error",
  "pay.ranges_overlap": "error",
  "pay.day_over_24h": "error",
  "pay.break_too_long": "error",
  // CH LTr 15, FR L3121-16
  "pay.break_missing": "warning",
} as const;
export type PayProblemKey = keyof typeof PAY_PROBLEMS;
export const isWarning = (key: PayProblemKey) => PAY_PROBLEMS[key] === "warning";

/** A sheet's country as the rules know it (stored as text; anything but France is Switzerland, as the defaults). */
export const countryOf = (country: string | null | undefined): Country => (country === "FR" ? "FR" : "CH");

/**
 * The shortest time between two ranges of a day that is a break: the candidate who stops from
 * 12:00 to 13:00 enters two ranges and no break minutes. FR L3121-16 asks for 20 consecutive
 * minutes; CH LTr 15 and OLT 1 art. 18 count breaks of 15 minutes.
 */
export const GAP_BREAK_MIN: Record<Country, number> = { FR: 20, CH: 15 };

/**
 * The break a day's work needs, in minutes: in France 20 consecutive minutes once past 6 h
 * (L3121-16); in Switzerland a quarter of an hour past 5½ h, half an hour past 7 h and an hour past
 * 9 h (LTr 15).
 */
export function breakNeeded(country: Country, workedMin: number): number {
  if (country === "FR") return workedMin > 6 * 60 ? 20 : 0;
  return workedMin > 9 * 60 ? 60 : workedMin > 7 * 60 ? 30 : workedMin > 5.5 * 60 ? 15 : 0;
}

/**
 * The break a day lacks: 0 when none, else the break it needed (`breakNeeded`). Entered break
 * minutes count as one stretch; a gap between ranges counts from `GAP_BREAK_MIN`. France needs one
 * stretch long enough; Switzerland adds the breaks up (OLT 1 art. 18 lets a break be split).
 * `gapsMin`: the minutes between consecutive ranges.
 */
export function breakShortOf(country: Country, workedMin: number, breakMin: number, gapsMin: readonly number[]) {
  const needed = breakNeeded(country, workedMin);
  const breaks = [breakMin, ...gapsMin.filter((g) => g >= GAP_BREAK_MIN[country])];
  const taken = country === "FR" ? Math.max(...breaks) : breaks.reduce((sum, b) => sum + b, 0);
  return taken >= needed ? 0 : needed;
}

/** The day's break is shorter than its country's law asks (a warning, never a refusal). */
export const breakMissing = (country: Country, workedMin: number, breakMin: number, gapsMin: readonly number[]) =>
  breakShortOf(country, workedMin, breakMin, gapsMin) > 0;
