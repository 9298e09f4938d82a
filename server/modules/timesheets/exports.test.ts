import { describe, expect, it } from "vitest";
import { emptyDay, type DayEntry } from "./contract";
import { exportTable, toCsv } from "./exports";
import type { TimesheetRow } from "./queries";

const t = (key: string, o: Record<string, unknown> = {}) =>
  Object.keys(o).length ? `${key}(${Object.values(o).join(",")})` : key;
const day = (d: string, over: Partial<DayEntry> = {}): DayEntry => ({
  ...emptyDay(d),
  ranges: [{ startMin: 480, endMin: 1050 }],
  breakMin: 60,
  ...over,
});
const sheet = (over: Partial<TimesheetRow>): TimesheetRow => ({
  id: "t1",
  agencyId: "a",
  agencyName: "Agence",
  placementId: "p",
  candidateId: "c",
  candidateName: "Léa Müller",
  adId: 1,
  adTitle: "Cariste",
  clientId: null,
  clientName: null,
  consultantId: null,
  zone: "Europe/Zurich",
  country: "CH",
  week: "2026-11-23",
  status: "in_progress",
  days: [],
  comment: null,
  clientValidatedBy: null,
  version: 1,
  updatedAt: new Date(),
  openDays: [],
  report: null,
  reductions: [],
  dispute: null,
  adjusts: null,
  clientRules: null,
  ...over,
});

describe("exports", () => {
  it("one row per sheet: hours per weekday from Monday, total, one column per pay rule met, costs summed", () => {
    const table = exportTable(
      [
        sheet({ days: [day("2026-11-24", { mealFees: 1850, parking: 500 }), day("2026-11-29", { mileageKm: 30 })] }),
        sheet({
          id: "t2",
          country: "FR",
          candidateName: "Hugo Martin",
          days: [day("2026-11-23", { ranges: [{ startMin: 1320, endMin: 360 }] })],
        }),
      ],
      t,
    );
    const headers = table.columns.map((c) => c.header);
    expect(headers.slice(0, 13)).toEqual([
      "export.candidate",
      "export.client",
      "export.mission",
      "export.week",
      "export.status",
      "weekday.1",
      "weekday.2",
      "weekday.3",
      "weekday.4",
      "weekday.5",
      "weekday.6",
      "weekday.0",
      "export.total",
    ]);
    // normal hours first, then night, then Sunday (the two countries' rules each)
    expect(headers.slice(13, 17)).toEqual([
      "pay.rules.base",
      "pay.rules.frNight",
      "pay.rules.chSunday",
      "export.training",
    ]);
    const [lea, hugo] = table.rows.map((r) => Object.fromEntries(r.map((v, i) => [headers[i], v])));
    expect(lea).toMatchObject({
      "export.week": "23/11/2026",
      "weekday.2": 510,
      "weekday.0": 510,
      "export.total": 1020,
      "pay.rules.base": 510,
      "pay.rules.chSunday": 510,
      "pay.rules.frNight": 0,
      "export.currency": "CHF",
      "day.mealFees": 1850,
      "day.parking": 500,
      "day.mileageKm": 30,
    });
    expect(hugo).toMatchObject({ "weekday.1": 420, "pay.rules.frNight": 420, "export.currency": "EUR" });
  });

  it("CSV: BOM, `;`, decimal comma but in English, and a text Excel would run as a formula is quoted", () => {
    const table = exportTable(
      [sheet({ candidateName: '=HYPERLINK("x")', days: [day("2026-11-24", { mealFees: 1850 })] })],
      t,
    );
    const fr = new TextDecoder("utf-8", { ignoreBOM: true }).decode(toCsv(table, "fr"));
    expect(fr.startsWith("\uFEFFexport.candidate;export.client;")).toBe(true);
    const row = fr.split("\r\n")[1]!;
    expect(row.startsWith(`"'=HYPERLINK(""x"")";`)).toBe(true);
    expect(row).toContain(";8,50;");
    expect(row).toContain(";18,50;");
    expect(new TextDecoder().decode(toCsv(table, "en")).split("\r\n")[1]).toContain(";8.50;");
  });
});
