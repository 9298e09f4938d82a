import { describe, expect, it } from "vitest";
import { computeWeek, type PayLine, type PayWeek, type WorkedDay } from "./pay";
import { defaultPayRules, PAY_CATEGORIES, type PayRules } from "./pay-rules";

const min = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
/** A worked day from "HH:MM" ranges. */
const w = (day: string, ranges: [string, string][], breakMin = 0): WorkedDay => ({
  day,
  ranges: ranges.map(([s, e]) => ({ startMin: min(s), endMin: min(e) })),
  breakMin,
});
const FR = defaultPayRules("FR");
const GE = defaultPayRules("CH", "GE");
/** Lines without their labels, as [day, category, minutes, rate, rule] rows. */
const rows = (week: PayWeek) => week.lines.map((l) => [l.day, l.category, l.minutes, l.ratePct, l.rule]);
// a week with no public holiday in either country: Monday 30 November to Sunday 6 December 2026
const MON = "2026-11-30";
const WEEKDAYS = ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"];

/** Every line adds up into the totals, whatever the week. */
function expectTotalsMatch(week: PayWeek) {
  const sum = (lines: PayLine[]) => lines.reduce((s, l) => s + l.minutes, 0);
  expect(week.totals.workedMin).toBe(sum(week.lines));
  for (const c of PAY_CATEGORIES)
    expect(week.totals.byCategory[c]).toBe(sum(week.lines.filter((l) => l.category === c)));
}
const run = (days: WorkedDay[], rules: PayRules) => {
  const week = computeWeek(days, rules);
  expectTotalsMatch(week);
  return week;
};

describe("defaults by country", () => {
  it("follow the law: FR 35 h, +25 % from hour 36, +50 % from hour 44; CH 45 h, +25 %, nights 23–06 at 125", () => {
    expect(FR).toMatchObject({
      zone: "Europe/Paris",
      weeklyHours: 35,
      overtime: [
        { fromHours: 35, ratePct: 125 },
        { fromHours: 43, ratePct: 150 },
      ],
      night: { startMin: 1260, endMin: 360, ratePct: 110 },
      sundayPct: 150,
      holidayPct: 150,
      region: null,
    });
    expect(GE).toMatchObject({
      zone: "Europe/Zurich",
      region: "GE",
      weeklyHours: 45,
      overtime: [{ fromHours: 45, ratePct: 125 }],
      night: { startMin: 1380, endMin: 360, ratePct: 125 },
      sundayPct: 150,
      holidayPct: 150,
    });
  });
});

describe("weekly overtime", () => {
  it("France, 39 h: 35 h normal, the last 4 h at 125 (fr.overtime.36-43)", () => {
    // Mon–Thu 8:00–17:00 − 1 h break = 4 × 8 h = 32 h; Fri 8:00–16:00 − 1 h = 7 h; 32 + 7 = 39 h
    // (the brief's "Friday 8:00–12:00" makes 36 h, not the 39 h it asks for: Friday is 8:00–16:00 here)
    // 39 − 35 = 4 h overtime, taken from the end of the week: Friday 7 h = 3 h normal + 4 h at 125
    const week = run(
      [...WEEKDAYS.slice(0, 4).map((d) => w(d, [["08:00", "17:00"]], 60)), w("2026-12-04", [["08:00", "16:00"]], 60)],
      FR,
    );
    expect(rows(week)).toEqual([
      ["2026-11-30", "normal", 480, 100, "base"],
      ["2026-12-01", "normal", 480, 100, "base"],
      ["2026-12-02", "normal", 480, 100, "base"],
      ["2026-12-03", "normal", 480, 100, "base"],
      ["2026-12-04", "normal", 180, 100, "base"],
      ["2026-12-04", "overtime", 240, 125, "fr.overtime.36-43"],
    ]);
    // 4 × 480 + 180 = 2100 min = 35 h normal; 240 min = 4 h overtime
    expect(week.totals).toEqual({
      workedMin: 2340,
      byCategory: { normal: 2100, night: 0, sunday: 0, holiday: 0, overtime: 240 },
    });
    expect(week.problems).toEqual([]);
  });

  it("France, 46 h: hours 36–43 at 125 (8 h), hours 44–46 at 150 (3 h)", () => {
    // Mon–Thu 7:00–18:00 − 1 h = 10 h each (running total 10, 20, 30, 40 h); Fri 8:00–14:00 = 6 h (46 h)
    // hours 36–43: Thu's last 5 h (35→40) + Fri's first 3 h (40→43) = 8 h at 125
    // hours 44–46: Fri's last 3 h (43→46) at 150
    const week = run(
      [...WEEKDAYS.slice(0, 4).map((d) => w(d, [["07:00", "18:00"]], 60)), w("2026-12-04", [["08:00", "14:00"]])],
      FR,
    );
    expect(rows(week).slice(3)).toEqual([
      ["2026-12-03", "normal", 300, 100, "base"],
      ["2026-12-03", "overtime", 300, 125, "fr.overtime.36-43"],
      ["2026-12-04", "overtime", 180, 125, "fr.overtime.36-43"],
      ["2026-12-04", "overtime", 180, 150, "fr.overtime.44+"],
    ]);
    // 3 × 600 + 300 = 2100 min = 35 h normal; 300 + 180 = 480 min at 125; 180 min at 150
    expect(week.totals.byCategory).toEqual({ normal: 2100, night: 0, sunday: 0, holiday: 0, overtime: 660 });
    const at = (rate: number) => week.lines.filter((l) => l.ratePct === rate).reduce((s, l) => s + l.minutes, 0);
    expect([at(125), at(150)]).toEqual([480, 180]);
  });

  it("Switzerland (GE), 50 h: 45 h normal, 5 h at 125 (ch.overtime.co321c)", () => {
    // Mon–Fri 7:00–18:00 − 1 h = 10 h × 5 = 50 h; 50 − 45 = 5 h, Friday's last 5 h
    const week = run(
      WEEKDAYS.map((d) => w(d, [["07:00", "18:00"]], 60)),
      GE,
    );
    expect(rows(week).slice(4)).toEqual([
      ["2026-12-04", "normal", 300, 100, "base"],
      ["2026-12-04", "overtime", 300, 125, "ch.overtime.co321c"],
    ]);
    // 4 × 600 + 300 = 2700 min = 45 h; 300 min = 5 h
    expect(week.totals.byCategory).toMatchObject({ normal: 2700, overtime: 300 });
  });

  it("keeps a higher or equal premium past the thresholds, which it still counts toward (no stacking)", () => {
    // FR: Mon–Fri 8:00–17:00 − 1 h = 40 h; Sun 8:00–14:00 = 6 h; 46 h
    // hours 36–40 (Fri's last 5 h) at 125; hours 41–43 on Sunday: 150 > 125, stays Sunday;
    // hours 44–46 on Sunday: 150 = 150, stays Sunday. Sunday: 6 h = 360 min at 150.
    const week = run(
      [...WEEKDAYS.map((d) => w(d, [["08:00", "17:00"]], 60)), w("2026-12-06", [["08:00", "14:00"]])],
      FR,
    );
    expect(rows(week).slice(4)).toEqual([
      ["2026-12-04", "normal", 180, 100, "base"],
      ["2026-12-04", "overtime", 300, 125, "fr.overtime.36-43"],
      ["2026-12-06", "sunday", 360, 150, "fr.sunday.agreed"],
    ]);
  });

  it("counts each ISO week apart: a Sunday night's Monday hours start the next week", () => {
    // CH: Mon–Fri 7:00–18:00 − 1 h = 50 h (5 h overtime); Sun 6 Dec 20:00 – Mon 7 Dec 04:00:
    // Sun 4 h at 150 (week 49: over 45 h, 150 > 125 stays Sunday), Mon 00–04 4 h night (week 50: 4 h, no overtime)
    const week = run(
      [...WEEKDAYS.map((d) => w(d, [["07:00", "18:00"]], 60)), w("2026-12-06", [["20:00", "04:00"]], 0)],
      GE,
    );
    expect(rows(week).slice(-2)).toEqual([
      ["2026-12-06", "sunday", 240, 150, "ch.sunday.ltr19"],
      ["2026-12-07", "night", 240, 125, "ch.night.ltr17b"],
    ]);
    expect(week.totals.byCategory.overtime).toBe(300);
  });

  it("pays the first tier's rate between the contractual hours and the first tier, and names tiers by their hours", () => {
    // FR with a 39 h contract: 46 h worked → hours 40–43 at 125 (4 h), 44–46 at 150 (3 h)
    const week = run(
      [...WEEKDAYS.slice(0, 4).map((d) => w(d, [["07:00", "18:00"]], 60)), w("2026-12-04", [["08:00", "14:00"]])],
      { ...FR, weeklyHours: 39 },
    );
    // Thu: 30 → 40 h, its last hour (39→40) at 125; Fri: 40→43 at 125, 43→46 at 150
    expect(rows(week).slice(3)).toEqual([
      ["2026-12-03", "normal", 540, 100, "base"],
      ["2026-12-03", "overtime", 60, 125, "fr.overtime.40-43"],
      ["2026-12-04", "overtime", 180, 125, "fr.overtime.40-43"],
      ["2026-12-04", "overtime", 180, 150, "fr.overtime.44+"],
    ]);
    // no tiers: no overtime at all
    expect(
      run(
        WEEKDAYS.map((d) => w(d, [["07:00", "18:00"]], 60)),
        { ...GE, overtime: [] },
      ).totals.byCategory.overtime,
    ).toBe(0);
  });
});

describe("nights", () => {
  it("splits a Swiss night shift at 23:00, midnight and 06:00, each piece on its own day", () => {
    // Tue 22:00–23:00 normal 60; Tue 23:00–24:00 night 60; Wed 00:00–06:00 night 360 (8 h, no break: a warning)
    const week = run([w("2026-12-01", [["22:00", "06:00"]])], GE);
    expect(rows(week)).toEqual([
      ["2026-12-01", "normal", 60, 100, "base"],
      ["2026-12-01", "night", 60, 125, "ch.night.ltr17b"],
      ["2026-12-02", "night", 360, 125, "ch.night.ltr17b"],
    ]);
    expect(week.problems).toEqual([{ day: "2026-12-01", key: "pay.break_missing" }]);
    // a 30 min break comes out of the normal hour first: 60 − 30 = 30
    expect(rows(run([w("2026-12-01", [["22:00", "06:00"]], 30)], GE))[0]).toEqual([
      "2026-12-01",
      "normal",
      30,
      100,
      "base",
    ]);
    // then out of the lowest premium, earliest first: 90 min = 60 normal + 30 of Tue's night
    expect(rows(run([w("2026-12-01", [["22:00", "06:00"]], 90)], GE))).toEqual([
      ["2026-12-01", "night", 30, 125, "ch.night.ltr17b"],
      ["2026-12-02", "night", 360, 125, "ch.night.ltr17b"],
    ]);
  });

  it("counts the real hours across daylight-saving changes", () => {
    // Zurich, Sat 24 → Sun 25 October 2026, clocks back at 03:00: 22:00–06:00 is 9 real hours
    // Sat 22–23 normal 60; Sat 23–24 night 60; Sun 00–06 = 6 h + 1 h repeated = 420 min, Sunday beats night
    const autumn = run([w("2026-10-24", [["22:00", "06:00"]], 0)], defaultPayRules("CH", "ZH"));
    expect(rows(autumn)).toEqual([
      ["2026-10-24", "normal", 60, 100, "base"],
      ["2026-10-24", "night", 60, 125, "ch.night.ltr17b"],
      ["2026-10-25", "sunday", 420, 150, "ch.sunday.ltr19"],
    ]);
    expect(autumn.totals.workedMin).toBe(9 * 60);
    // Paris, Sat 28 → Sun 29 March 2026, clocks forward at 02:00: 22:00–06:00 is 7 real hours
    // Sat 22–24 night (21–06 window) 120 at 110; Sun 00–06 = 6 h − 1 h skipped = 300 min on Sunday
    const spring = run([w("2026-03-28", [["22:00", "06:00"]], 0)], FR);
    expect(rows(spring)).toEqual([
      ["2026-03-28", "night", 120, 110, "fr.night.agreed"],
      ["2026-03-29", "sunday", 300, 150, "fr.sunday.agreed"],
    ]);
    expect(spring.totals.workedMin).toBe(7 * 60);
  });
});

describe("Sundays and public holidays", () => {
  it("pays a Swiss Sunday at 150 (ltr19)", () => {
    // Sun 6 December 2026 8:00–12:00 = 240 min at 150
    expect(rows(run([w("2026-12-06", [["08:00", "12:00"]])], GE))).toEqual([
      ["2026-12-06", "sunday", 240, 150, "ch.sunday.ltr19"],
    ]);
  });

  it("pays Christmas (Friday 25 December 2026) in Geneva as a holiday, which beats the night", () => {
    // Thu 24: 22–23 normal 60, 23–24 night 60; Fri 25 (Noël): 00–06 = 360 min holiday, not night
    const week = run([w("2026-12-24", [["22:00", "06:00"]], 0)], GE);
    expect(week.lines).toEqual([
      { day: "2026-12-24", category: "normal", minutes: 60, ratePct: 100, rule: "base" },
      { day: "2026-12-24", category: "night", minutes: 60, ratePct: 125, rule: "ch.night.ltr17b" },
      {
        day: "2026-12-25",
        category: "holiday",
        minutes: 360,
        ratePct: 150,
        rule: "holiday.christmas-day",
        label: "Noël",
      },
    ]);
  });

  it("knows Geneva's Jeûne genevois (Thursday 10 September 2026), which Vaud does not have", () => {
    // 8:00–12:00 = 240 min: a holiday in Geneva, a normal Thursday in Vaud
    const day = [w("2026-09-10", [["08:00", "12:00"]])];
    expect(run(day, GE).lines).toEqual([
      {
        day: "2026-09-10",
        category: "holiday",
        minutes: 240,
        ratePct: 150,
        rule: "holiday.jeune-genevois",
        label: "Jeûne Genevois",
      },
    ]);
    expect(rows(run(day, defaultPayRules("CH", "VD")))).toEqual([["2026-09-10", "normal", 240, 100, "base"]]);
  });

  it("pays the French national day (Tuesday 14 July 2026)", () => {
    // 8:00–16:00 − 30 min = 450 min, all on the holiday
    expect(run([w("2026-07-14", [["08:00", "16:00"]], 30)], FR).lines).toEqual([
      {
        day: "2026-07-14",
        category: "holiday",
        minutes: 450,
        ratePct: 150,
        rule: "holiday.bastille-day",
        label: "Fête Nationale de la France",
      },
    ]);
  });

  it("splits at a holiday starting at noon (Valais, Christmas Eve 2026 from 12:00)", () => {
    // Thu 24 December 8:00–16:00: 8–12 normal 240, 12–16 holiday 240
    const week = run([w("2026-12-24", [["08:00", "16:00"]], 0)], defaultPayRules("CH", "VS"));
    expect(rows(week)).toEqual([
      ["2026-12-24", "normal", 240, 100, "base"],
      ["2026-12-24", "holiday", 240, 150, "holiday.christmas-eve"],
    ]);
    expect(week.lines[1]!.label).toBe("Veille de Noël");
  });

  it("takes the highest premium: a Sunday at 150 beats a holiday paid 100", () => {
    // Sun 5 April 2026 (Easter, a public holiday in Geneva) 8:00–12:00: holiday 100 < Sunday 150
    expect(rows(run([w("2026-04-05", [["08:00", "12:00"]])], { ...GE, holidayPct: 100 }))).toEqual([
      ["2026-04-05", "sunday", 240, 150, "ch.sunday.ltr19"],
    ]);
    // at equal rates the holiday wins: 150 = 150
    expect(rows(run([w("2026-04-05", [["08:00", "12:00"]])], GE))).toEqual([
      ["2026-04-05", "holiday", 240, 150, "holiday.easter-sunday"],
    ]);
  });
});

describe("totals", () => {
  it("match the sum of the lines in a week mixing every category", () => {
    // Geneva, Christmas week 2026: Mon 21–Wed 23 7:00–18:00 − 1 h = 30 h normal;
    // Thu 24 22:00–Fri 25 06:00 = 1 h normal + 1 h night + 6 h holiday (38 h);
    // Sat 26 7:00–18:00 − 1 h = 10 h: 7 h normal up to 45 h, then 3 h at 125; Sun 27 8:00–12:00 = 4 h Sunday (150 > 125)
    const week = run(
      [
        ...["2026-12-21", "2026-12-22", "2026-12-23"].map((d) => w(d, [["07:00", "18:00"]], 60)),
        w("2026-12-24", [["22:00", "06:00"]], 0),
        w("2026-12-26", [["07:00", "18:00"]], 60),
        w("2026-12-27", [["08:00", "12:00"]]),
      ],
      GE,
    );
    // normal 30 h + 1 h + 7 h = 38 h = 2280; night 60; holiday 360; overtime 180; Sunday 240; 52 h in all
    expect(week.totals).toEqual({
      workedMin: 3120,
      byCategory: { normal: 2280, night: 60, sunday: 240, holiday: 360, overtime: 180 },
    });
  });
});

describe("problems", () => {
  it("pays overlapping ranges once and reports the day", () => {
    // 8:00–12:00 and 11:00–14:00 overlap by 1 h: 8:00–14:00 = 360 min paid
    const week = run(
      [
        w(MON, [
          ["08:00", "12:00"],
          ["11:00", "14:00"],
        ]),
      ],
      GE,
    );
    expect(rows(week)).toEqual([[MON, "normal", 360, 100, "base"]]);
    // 6 h without a break is also past the Swiss 5½ h (LTr 15)
    expect(week.problems).toEqual([
      { day: MON, key: "pay.ranges_overlap" },
      { day: MON, key: "pay.break_missing" },
    ]);
  });

  it("reports overlaps across days: a night shift running into the next day's range", () => {
    // Mon 22:00–06:00 and Tue 05:00–09:00 share Tue 05:00–06:00
    const week = run([w(MON, [["22:00", "06:00"]], 30), w("2026-12-01", [["05:00", "09:00"]])], GE);
    expect(week.problems).toEqual([{ day: "2026-12-01", key: "pay.ranges_overlap" }]);
    // 8 h − 30 min + 3 h (06:00–09:00) = 630 min
    expect(week.totals.workedMin).toBe(630);
  });

  it("leaves out invalid ranges and pays the valid ones", () => {
    // negative and out-of-day minutes, a zero-length range; 13:00–17:00 is valid: 240 min
    const week = run(
      [
        {
          day: MON,
          ranges: [
            { startMin: -60, endMin: 120 },
            { startMin: 600, endMin: 1500 },
            { startMin: 600, endMin: 600 },
            { startMin: 780, endMin: 1020 },
          ],
          breakMin: 0,
        },
      ],
      GE,
    );
    expect(rows(week)).toEqual([[MON, "normal", 240, 100, "base"]]);
    expect(week.problems).toEqual([{ day: MON, key: "pay.range_invalid" }]);
    // 02:30–03:00 on 29 March 2026 in Paris: 02:30 does not exist (→ 03:30), the range ends before it starts
    expect(run([w("2026-03-29", [["02:30", "03:00"]])], FR).problems).toEqual([
      { day: "2026-03-29", key: "pay.range_invalid" },
    ]);
    // not a date
    expect(run([w("2026-02-30", [["08:00", "12:00"]])], FR).problems).toEqual([
      { day: "2026-02-30", key: "pay.range_invalid" },
    ]);
  });

  it("reports more than 24 h on one local day", () => {
    // 00:00–20:00 + 06:00–14:00 = 20 + 8 = 28 h entered (> 24 h) and overlapping; paid once: 00–06 night 360 + 06–20 normal 840
    const week = run(
      [
        w(
          MON,
          [
            ["00:00", "20:00"],
            ["06:00", "14:00"],
          ],
          60,
        ),
      ],
      GE,
    );
    expect(week.problems).toEqual([
      { day: MON, key: "pay.ranges_overlap" },
      { day: MON, key: "pay.day_over_24h" },
    ]);
    // the 1 h break comes out of the normal minutes: 840 − 60 = 780
    expect(rows(week)).toEqual([
      [MON, "night", 360, 125, "ch.night.ltr17b"],
      [MON, "normal", 780, 100, "base"],
    ]);
    // the autumn day lasts 25 h: 00:00–23:59 on Sunday 25 October 2026 is 24 h 59 min = 1499 min without any overlap
    const autumn = run([w("2026-10-25", [["00:00", "23:59"]], 60)], GE);
    expect(autumn.problems).toEqual([{ day: "2026-10-25", key: "pay.day_over_24h" }]);
    expect(autumn.totals.workedMin).toBe(1499 - 60);
  });

  it("reports a break longer than the worked time and pays nothing below zero", () => {
    // 8:00–10:00 = 120 min, break 180 > 120 → 0 paid, no line
    const week = run([w(MON, [["08:00", "10:00"]], 180)], GE);
    expect(week.lines).toEqual([]);
    expect(week.problems).toEqual([{ day: MON, key: "pay.break_too_long" }]);
  });

  it("warns of more than 6 h without a break, unless the day's ranges leave a gap", () => {
    // 8:00–15:00 = 7 h > 6 h, break 0 → warning, still paid 420 min
    const week = run([w(MON, [["08:00", "15:00"]])], FR);
    expect(week.problems).toEqual([{ day: MON, key: "pay.break_missing" }]);
    expect(week.totals.workedMin).toBe(420);
    // exactly 6 h: no warning; 8:00–12:00 + 13:00–16:00 = 7 h with a 1 h gap: no warning; a 20 min break: no warning
    expect(run([w(MON, [["08:00", "14:00"]])], FR).problems).toEqual([]);
    expect(
      run(
        [
          w(MON, [
            ["08:00", "12:00"],
            ["13:00", "16:00"],
          ]),
        ],
        FR,
      ).problems,
    ).toEqual([]);
    expect(run([w(MON, [["08:00", "15:20"]], 20)], FR).problems).toEqual([]);
  });

  it("counts the time between two ranges as a break when the country's law does (FR 20 min, CH 15 min)", () => {
    // issue 27: 07:00–12:00 and 13:00–18:30 is 10 h 30 with an hour's break between the ranges
    const lunch = w(MON, [
      ["07:00", "12:00"],
      ["13:00", "18:30"],
    ]);
    expect(run([lunch], FR).problems).toEqual([]);
    expect(run([lunch], GE).problems).toEqual([]);
    // a quarter of an hour is a break in Switzerland, not in France (20 consecutive minutes)
    const short = w(MON, [
      ["07:00", "12:00"],
      ["12:15", "18:30"],
    ]);
    expect(run([short], FR).problems).toEqual([{ day: MON, key: "pay.break_missing" }]);
    // 11 h 15 worked: a quarter of an hour is a Swiss break, but such a day needs an hour (LTr 15)
    expect(run([short], GE).problems).toEqual([{ day: MON, key: "pay.break_missing" }]);
    const shortDay = w(MON, [
      ["07:00", "12:00"],
      ["12:15", "14:00"],
    ]);
    expect(run([shortDay], GE).problems).toEqual([]);
    // five minutes to change sites is no break anywhere
    const hop = w(MON, [
      ["07:00", "12:00"],
      ["12:05", "18:30"],
    ]);
    expect(run([hop], GE).problems).toEqual([{ day: MON, key: "pay.break_missing" }]);
    // the gap is unpaid time, never deducted again: 300 + 330 minutes paid
    expect(run([lunch], GE).totals.workedMin).toBe(630);
  });

  it("joins two entries for the same day: ranges and breaks add up", () => {
    // 8:00–12:00 (break 15) and 13:00–17:00 (break 15): 480 − 30 = 450 min
    const week = run([w(MON, [["08:00", "12:00"]], 15), w(MON, [["13:00", "17:00"]], 15)], GE);
    expect(rows(week)).toEqual([[MON, "normal", 450, 100, "base"]]);
    expect(week.problems).toEqual([]);
  });

  it("refuses rules it cannot apply", () => {
    expect(() => computeWeek([], { ...GE, zone: "Europe/Nowhere" })).toThrow(/zone/);
  });
});
