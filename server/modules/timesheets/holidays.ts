import Holidays from "date-holidays";
import { slugify } from "../../lib/text";
import type { Country, PayRuleKey } from "./pay-rules";

/** A public holiday as instants: some last half a day (Valais's Christmas Eve starts at 12:00). */
export interface PublicHoliday {
  start: number;
  end: number;
  rule: PayRuleKey;
  /** the name in the region's first language (French in Geneva, German in Zurich) */
  name: string;
}

// date-holidays parses its rule data on construction: one calendar per place and language, one list per year
const calendars = new Map<string, Holidays>();
const years = new Map<string, PublicHoliday[]>();

/**
 * `english` names the key. Never pass a language to getHolidays: date-holidays 3.x adds it to the
 * calendar's own language list for good, so later names would come out in that language.
 */
function calendarOf(country: Country, region: string | null, zone: string, english: boolean) {
  const key = `${country}|${region ?? ""}|${zone}|${english}`;
  let calendar = calendars.get(key);
  if (!calendar) {
    const opts = { timezone: zone, ...(english ? { languages: "en" } : {}) };
    // an unknown region falls back to the country's holidays (most French departments have no own ones)
    calendar = region ? new Holidays(country, region, opts) : new Holidays(country, opts);
    calendars.set(key, calendar);
  }
  return calendar;
}

/**
 * The public holidays (type "public" only: not bank holidays, observances or optional days) of a
 * country and region in a year, in the mission's zone.
 */
export function publicHolidaysOf(country: Country, region: string | null, zone: string, year: number): PublicHoliday[] {
  const key = `${country}|${region ?? ""}|${zone}|${year}`;
  let found = years.get(key);
  if (!found) {
    const english = calendarOf(country, region, zone, true).getHolidays(year);
    found = calendarOf(country, region, zone, false)
      .getHolidays(year)
      .filter((h) => h.type === "public")
      .map((h) => {
        const en = english.find((e) => e.rule === h.rule && e.date === h.date)?.name ?? h.name;
        return {
          start: h.start.getTime(),
          end: h.end.getTime(),
          rule: `holiday.${slugify(en)}` as const,
          name: h.name,
        };
      });
    years.set(key, found);
  }
  return found;
}

/** Whether date-holidays knows this canton or French region code ("GE", "VD", "ZH"; "GP" for Guadeloupe...). */
export function knownRegion(country: Country, region: string): boolean {
  return Object.keys(new Holidays().getStates(country) ?? {}).includes(region.toUpperCase());
}
/** The cantons (CH) or regions (FR) date-holidays knows, by code and name. */
export const regionsOf = (country: Country): [code: string, name: string][] =>
  Object.entries(new Holidays().getStates(country) ?? {});
