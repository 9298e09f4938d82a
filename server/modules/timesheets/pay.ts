/**
 * Pay of a week of worked days (pure: no database, no clock, no I/O).
 *
 * Rules of computation:
 * 1. Instants. Each range is placed with luxon in `rules.zone`: an end at or before its start ends
 *    the next day, so a night keeps its real duration across a daylight-saving change (22:00–06:00
 *    lasts 9 h on the night the clocks go back, 7 h on the spring one). Minutes outside 0..1439, a
 *    start equal to its end and a range whose real end is not after its start (a start in the
 *    hour skipped in spring) are "pay.range_invalid" and left out.
 * 2. Pieces. Every range is split at local midnight, at the night window's edges and at public
 *    holidays' edges (some start at noon); each piece belongs to the local day it falls on.
 * 3. Category of a piece: one premium per minute, the highest rate among those that apply
 *    (holiday at holidayPct, Sunday at sundayPct, night at night.ratePct, normal at 100), never
 *    stacked. On equal rates the more specific wins: holiday beats Sunday beats night, so with the
 *    defaults (150, 150, 110/125) a holiday night is "holiday" and a Sunday night is "sunday".
 *    Holidays are date-holidays' type "public" only, for the country and region.
 * 4. Overlaps. Time entered twice is paid once (the earlier range keeps it); each local day where
 *    ranges overlap gets "pay.ranges_overlap". More than 24 h entered on one local day (overlaps
 *    included, before they are removed; the 25-hour autumn day can exceed it alone) is
 *    "pay.day_over_24h".
 * 5. Breaks. Several entries for the same day are one day (ranges joined, breaks added). The
 *    break is deducted from the minutes of that day's ranges, wherever they fall (a night shift's
 *    break may come out of the next morning): normal minutes first, then the lowest premium first,
 *    earliest first at equal rate, never below zero; a break longer than the worked time is
 *    "pay.break_too_long". A break shorter than the day's length asks (France 20
 *    consecutive minutes past 6 h; Switzerland 15, 30 or 60 minutes past 5½, 7 or 9 h, gaps of
 *    15 minutes between ranges counting: `breakMissing`) is the warning "pay.break_missing".
 * 6. Overtime, per ISO week of the pieces' local days (Monday 00:00 to Sunday 24:00, FR L3121-35),
 *    in order of time: the paid minutes past `weeklyHours` are overtime; each is paid at the rate
 *    of the highest tier whose `fromHours` it is past (the first tier's rate between `weeklyHours`
 *    and the first `fromHours`). They are the chronologically last minutes of the week. A minute
 *    whose own rate is higher than or equal to the tier's (a Sunday at 150 past hour 44 at 150, a
 *    Swiss night at 125 past 45 h) keeps its category and rate but still counts toward the
 *    thresholds: no stacking, and the worker keeps the better premium. Without tiers, no overtime.
 * 7. Lines add up the minutes of a local day by category, rate and rule, in order of time; the
 *    totals are the sums of the lines.
 *
 * Speed: luxon asks Intl for the zone's offset at every instant it places or reads, which was most
 * of the engine's time; the mission zones' offsets are cached per UTC hour (HourlyZone below), with
 * the same results.
 */
import { DateTime, IANAZone, Info, type Zone } from "luxon";
import { publicHolidaysOf, type PublicHoliday } from "./holidays";
import {
  BASE_PCT,
  breakMissing,
  nightRuleOf,
  overtimeRuleOf,
  PAY_CATEGORIES,
  PAY_PROBLEMS,
  PAY_RULE_KEYS,
  sundayRuleOf,
  type PayCategory,
  type PayProblemKey,
  type PayRuleKey,
  type PayRules,
} from "./pay-rules";

/** One worked day as the candidate entered it: wall-clock ranges in the mission's zone. An end at or before its start ends the next day (night shift). */
export interface WorkedDay {
  /** YYYY-MM-DD, local */
  day: string;
  /** minutes from local midnight, 0..1439 */
  ranges: { startMin: number; endMin: number }[];
  breakMin: number;
}

export interface PayLine {
  /** the local day the minutes fall on (a night shift is split at midnight) */
  day: string;
  category: PayCategory;
  /** paid minutes (breaks deducted) */
  minutes: number;
  /** 100 for normal, 125 for +25 %... */
  ratePct: number;
  rule: PayRuleKey;
  /** the holiday's name */
  label?: string;
}

export interface PayProblem {
  day: string;
  key: PayProblemKey;
}

export interface PayWeek {
  lines: PayLine[];
  totals: { workedMin: number; byCategory: Record<PayCategory, number> };
  problems: PayProblem[];
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MINUTES = 24 * 60;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

type Kind = Pick<PayLine, "category" | "ratePct" | "rule" | "label">;
interface Piece extends Kind {
  /** the merged worked day the piece comes from (its break comes out of its pieces) */
  owner: number;
  start: number;
  end: number;
  day: string;
  paid: number;
}

/**
 * An IANA zone whose offsets are cached per UTC hour: luxon's IANAZone computes each one with
 * Intl.DateTimeFormat#formatToParts (about 6 µs), and the engine needs well over a hundred per
 * sheet (every instant placed or read, several times for a wall clock).
 *
 * Why it is exact: an offset is constant between two changes of the zone's rules, and the zones
 * of HOURLY_ZONES change at whole UTC hours (EU rules since 1981: 01:00 UTC) with months between
 * two changes (at least 98 days, Node's tz data scanned hour by hour from 1840 to 2100), so an
 * hour whose first and last millisecond have the same offset has it throughout. The mean-time
 * changes fell inside an hour (Zurich 1853 and 1894; Paris, +0:09:21, at 1911-03-10 23:50:39
 * UTC): an hour whose ends differ is never cached, its instants go to luxon.
 * Only the zones listed are cached (other zones stay plain luxon), and at most `maxHours` hours
 * per zone (the oldest entry goes first), so a long-running server's memory stays bounded.
 */
export class HourlyZone extends IANAZone {
  private readonly offsets = new Map<number, number>();

  constructor(
    name: string,
    private readonly maxHours = 50_000, // about 5.7 years of hours, a few MB at most
  ) {
    super(name);
  }

  get cachedHours() {
    return this.offsets.size;
  }

  override offset(ts: number): number {
    const hour = Math.floor(ts / HOUR_MS);
    const cached = this.offsets.get(hour);
    if (cached !== undefined) return cached;
    const start = hour * HOUR_MS;
    const offset = super.offset(start);
    // also false for NaN: an invalid zone or an instant out of range is luxon's to answer
    if (super.offset(start + HOUR_MS - 1) !== offset) return super.offset(ts);
    if (this.offsets.size >= this.maxHours) this.offsets.delete(this.offsets.keys().next().value!);
    this.offsets.set(hour, offset);
    return offset;
  }
}

/** The mission zones the pay engine supports, checked as HourlyZone requires (whole-hour changes). */
const HOURLY_ZONES = new Map(["Europe/Zurich", "Europe/Paris"].map((name) => [name, new HourlyZone(name)]));

/** The zone to place instants in: the cached one for the zones listed, plain luxon (the name) for others. */
export const payZone = (name: string): Zone | string => HOURLY_ZONES.get(name) ?? name;

const isDayString = (day: string) => DAY_RE.test(day);
const isMinute = (m: number) => Number.isInteger(m) && m >= 0 && m < DAY_MINUTES;
/** A wall-clock time on a local date; a time skipped in spring moves forward, as luxon does. */
const wallClock = (date: DateTime, minutes: number) =>
  DateTime.fromObject(
    { year: date.year, month: date.month, day: date.day, hour: Math.floor(minutes / 60), minute: minutes % 60 },
    { zone: date.zone },
  );

function instantsOf(date: DateTime, startMin: number, endMin: number): [number, number] | null {
  if (!isMinute(startMin) || !isMinute(endMin) || startMin === endMin) return null;
  const start = wallClock(date, startMin).toMillis();
  const end = wallClock(endMin > startMin ? date : date.plus({ days: 1 }), endMin).toMillis();
  return end > start ? [start, end] : null;
}

function inNight(minute: number, night: PayRules["night"]) {
  if (night.startMin === night.endMin) return false;
  return night.startMin < night.endMin
    ? minute >= night.startMin && minute < night.endMin
    : minute >= night.startMin || minute < night.endMin;
}

function classify(
  start: number,
  rules: PayRules,
  zone: Zone | string,
  holidays: PublicHoliday[],
): Kind & { day: string } {
  const local = DateTime.fromMillis(start, { zone });
  // pushed from the least to the most specific: on equal rates the later one wins
  const options: Kind[] = [{ category: "normal", ratePct: BASE_PCT, rule: PAY_RULE_KEYS.base }];
  if (inNight(local.hour * 60 + local.minute, rules.night))
    options.push({ category: "night", ratePct: rules.night.ratePct, rule: nightRuleOf(rules.country) });
  if (local.weekday === 7)
    options.push({ category: "sunday", ratePct: rules.sundayPct, rule: sundayRuleOf(rules.country) });
  const holiday = holidays.find((h) => h.start <= start && start < h.end);
  if (holiday)
    options.push({ category: "holiday", ratePct: rules.holidayPct, rule: holiday.rule, label: holiday.name });
  const best = options.reduce((a, b) => (b.ratePct >= a.ratePct ? b : a));
  return { ...best, day: local.toISODate()! };
}

/** The pieces of a range: cut at local midnight, the night window's edges and holidays' edges. */
function split(
  start: number,
  end: number,
  rules: PayRules,
  zone: Zone | string,
  holidayEdges: number[],
): [number, number][] {
  const out: [number, number][] = [];
  for (let t = start; t < end;) {
    const midnight = DateTime.fromMillis(t, { zone }).startOf("day");
    const edges = [midnight.plus({ days: 1 }).toMillis(), ...holidayEdges];
    if (rules.night.startMin !== rules.night.endMin)
      edges.push(
        wallClock(midnight, rules.night.startMin).toMillis(),
        wallClock(midnight, rules.night.endMin).toMillis(),
      );
    const next = Math.min(end, ...edges.filter((e) => e > t));
    out.push([t, next]);
    t = next;
  }
  return out;
}

/** The rules' zone for luxon, once they are known to be applicable. */
function checkRules(rules: PayRules): Zone | string {
  // a misconfigured mission must not silently pay wrong amounts (a listed zone's validity was checked once, when created)
  const zone = payZone(rules.zone);
  if (typeof zone === "string" ? !Info.isValidIANAZone(zone) : !zone.isValid)
    throw new Error(`pay rules: unknown zone ${rules.zone}`);
  if (!isMinute(rules.night.startMin) || !isMinute(rules.night.endMin))
    throw new Error("pay rules: night window outside 0..1439 minutes");
  return zone;
}

export function computeWeek(days: WorkedDay[], rules: PayRules): PayWeek {
  const zone = checkRules(rules);
  const problems: PayProblem[] = [];
  const flag = (day: string, key: PayProblemKey) => {
    if (!problems.some((p) => p.day === day && p.key === key)) problems.push({ day, key });
  };

  // rule 5: one entry per day; a negative or non-numeric break counts as none
  const merged = new Map<string, WorkedDay>();
  for (const d of days) {
    const m = merged.get(d.day);
    const breakMin = Number.isFinite(d.breakMin) ? Math.max(0, Math.round(d.breakMin)) : 0;
    if (m) merged.set(d.day, { day: d.day, ranges: [...m.ranges, ...d.ranges], breakMin: m.breakMin + breakMin });
    else merged.set(d.day, { day: d.day, ranges: [...d.ranges], breakMin });
  }
  const entries = [...merged.values()].sort((a, b) => a.day.localeCompare(b.day));

  // rule 1: instants
  const ranges = entries.map((entry) => {
    const date = isDayString(entry.day) ? DateTime.fromISO(entry.day, { zone }) : null;
    const valid: [number, number][] = [];
    for (const r of entry.ranges) {
      const at = date?.isValid ? instantsOf(date, r.startMin, r.endMin) : null;
      if (at) valid.push(at);
      else flag(entry.day, "pay.range_invalid");
    }
    return valid.sort((a, b) => a[0] - b[0]);
  });

  // rules 2–3: pieces and their categories, with the holidays of every year touched
  const all = ranges.flat();
  const yearsOf = all.flatMap(([s, e]) => [
    DateTime.fromMillis(s, { zone }).year,
    DateTime.fromMillis(e, { zone }).year,
  ]);
  const holidays = [...new Set(yearsOf)].flatMap((y) => publicHolidaysOf(rules.country, rules.region, rules.zone, y));
  const holidayEdges = holidays.flatMap((h) => [h.start, h.end]);
  const pieces: Piece[] = ranges.flatMap((valid, owner) =>
    valid.flatMap(([s, e]) =>
      split(s, e, rules, zone, holidayEdges).map(([start, end]) => ({
        owner,
        start,
        end,
        ...classify(start, rules, zone, holidays),
        paid: 0,
      })),
    ),
  );
  pieces.sort((a, b) => a.start - b.start || a.owner - b.owner);

  // rule 4: more than 24 h entered on a local day, then overlaps paid once
  const entered = new Map<string, number>();
  for (const p of pieces) entered.set(p.day, (entered.get(p.day) ?? 0) + (p.end - p.start) / MINUTE_MS);
  for (const [day, minutes] of entered) if (minutes > DAY_MINUTES) flag(day, "pay.day_over_24h");
  let reach = -Infinity;
  for (const p of pieces) {
    if (p.start < reach) {
      flag(p.day, "pay.ranges_overlap");
      p.start = Math.min(reach, p.end);
    }
    reach = Math.max(reach, p.end);
    p.paid = Math.round((p.end - p.start) / MINUTE_MS);
  }

  // rule 5: breaks
  entries.forEach((entry, owner) => {
    const own = pieces.filter((p) => p.owner === owner);
    const worked = own.reduce((sum, p) => sum + p.paid, 0);
    const valid = ranges[owner]!;
    // a day whose every range is invalid is reported as such, not for its break too
    if (entry.breakMin > worked && (valid.length > 0 || entry.ranges.length === 0))
      flag(entry.day, "pay.break_too_long");
    const gaps = valid.slice(1).map(([start], i) => (start - valid[i]![1]) / MINUTE_MS);
    if (breakMissing(rules.country, worked, entry.breakMin, gaps)) flag(entry.day, "pay.break_missing");
    let rest = entry.breakMin;
    const order = [...own].sort(
      (a, b) =>
        Number(b.category === "normal") - Number(a.category === "normal") || a.ratePct - b.ratePct || a.start - b.start,
    );
    for (const p of order) {
      const taken = Math.min(rest, p.paid);
      p.paid -= taken;
      rest -= taken;
    }
  });

  // rules 6–7: overtime and lines
  const lines = linesOf(pieces, rules);
  const byCategory = Object.fromEntries(PAY_CATEGORIES.map((c) => [c, 0])) as Record<PayCategory, number>;
  for (const l of lines) byCategory[l.category] += l.minutes;
  const order = Object.keys(PAY_PROBLEMS);
  problems.sort((a, b) => a.day.localeCompare(b.day) || order.indexOf(a.key) - order.indexOf(b.key));
  return { lines, totals: { workedMin: lines.reduce((sum, l) => sum + l.minutes, 0), byCategory }, problems };
}

/** Overtime bands in minutes of the week: (lo, hi] at the tier's rate, empty ones dropped. */
function bandsOf(rules: PayRules) {
  const threshold = Math.round(rules.weeklyHours * 60);
  const tiers = [...rules.overtime].sort((a, b) => a.fromHours - b.fromHours);
  return tiers
    .map((tier, i) => {
      const lo = i === 0 ? threshold : Math.max(threshold, Math.round(tier.fromHours * 60));
      const next = tiers[i + 1];
      const hi = next ? Math.max(threshold, Math.round(next.fromHours * 60)) : Infinity;
      return { lo, hi, ratePct: tier.ratePct, rule: overtimeRuleOf(rules.country, i, lo / 60, next ? hi / 60 : null) };
    })
    .filter((b) => b.hi > b.lo);
}

function linesOf(pieces: Piece[], rules: PayRules): PayLine[] {
  const bands = bandsOf(rules);
  const weekCount = new Map<string, number>();
  const lines = new Map<string, PayLine>();
  const add = (day: string, kind: Kind, minutes: number) => {
    if (minutes <= 0) return;
    const key = [day, kind.category, kind.ratePct, kind.rule, kind.label ?? ""].join("|");
    const line = lines.get(key);
    if (line) line.minutes += minutes;
    else
      lines.set(key, {
        day,
        category: kind.category,
        minutes,
        ratePct: kind.ratePct,
        rule: kind.rule,
        ...(kind.label ? { label: kind.label } : {}),
      });
  };
  for (const p of pieces) {
    if (p.paid <= 0) continue;
    const week = DateTime.fromISO(p.day, { zone: "UTC" }).toFormat("kkkk-WW");
    const from = weekCount.get(week) ?? 0;
    const to = from + p.paid;
    weekCount.set(week, to);
    let own = p.paid;
    const extra: [Kind, number][] = [];
    for (const band of bands) {
      const minutes = Math.max(0, Math.min(to, band.hi) - Math.max(from, band.lo));
      if (minutes > 0 && band.ratePct > p.ratePct) {
        extra.push([{ category: "overtime", ratePct: band.ratePct, rule: band.rule }, minutes]);
        own -= minutes;
      }
    }
    add(p.day, p, own);
    for (const [kind, minutes] of extra) add(p.day, kind, minutes);
  }
  return [...lines.values()];
}
