import { DateTime, IANAZone } from "luxon";
import { describe, expect, it } from "vitest";
import { computeWeek, HourlyZone, payZone } from "./pay";
import { defaultPayRules } from "./pay-rules";

const HOUR_MS = 3_600_000;
const ZONES = ["Europe/Zurich", "Europe/Paris"] as const;
const utc = (iso: string) => DateTime.fromISO(iso, { zone: "UTC" }).toMillis();

/** The cached zone and plain luxon agree on an instant: offset and local time. */
function expectSameInstant(cached: HourlyZone, plain: IANAZone, ts: number) {
  expect(cached.offset(ts)).toBe(plain.offset(ts));
  expect(DateTime.fromMillis(ts, { zone: cached }).toISO()).toBe(DateTime.fromMillis(ts, { zone: plain }).toISO());
}

describe("offsets cached per UTC hour (HourlyZone)", () => {
  // 2026: clocks forward on 29 March at 01:00 UTC, back on 25 October at 01:00 UTC, in both zones
  describe.each(ZONES)("%s", (name) => {
    const cached = payZone(name) as HourlyZone;
    const plain = IANAZone.create(name);

    it("is the zone the engine uses", () => {
      expect(cached).toBeInstanceOf(HourlyZone);
      expect(cached.name).toBe(name);
      expect(cached.equals(plain)).toBe(true);
    });

    it.each(["2026-03-28", "2026-10-24"])("matches luxon hour by hour across the change of %s–next day", (from) => {
      // three days from midnight UTC, each hour at its first millisecond, half past and its last millisecond
      const start = utc(from);
      for (let t = start; t < start + 72 * HOUR_MS; t += HOUR_MS) {
        for (const ts of [t, t + 30 * 60_000, t + HOUR_MS - 1]) expectSameInstant(cached, plain, ts);
      }
      // and wall clocks placed as the engine places them (the skipped spring hour moves forward, the repeated autumn one takes its first)
      const day = DateTime.fromISO(from, { zone: "UTC" });
      for (let d = 0; d < 3; d++) {
        const { year, month, day: dom } = day.plus({ days: d });
        for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
          const wall = { year, month, day: dom, hour: Math.floor(minutes / 60), minute: minutes % 60 };
          expect(DateTime.fromObject(wall, { zone: cached }).toMillis()).toBe(
            DateTime.fromObject(wall, { zone: plain }).toMillis(),
          );
        }
      }
    });
  });

  it("leaves an hour holding a change that is not on the hour to luxon (Paris left its mean time at 23:50:39 UTC on 10 March 1911)", () => {
    const zone = new HourlyZone("Europe/Paris");
    const plain = IANAZone.create("Europe/Paris");
    const hour = utc("1911-03-10T23:00:00");
    expect(plain.offset(hour)).not.toBe(plain.offset(hour + HOUR_MS - 1));
    for (let ts = hour; ts < hour + HOUR_MS; ts += 60_000) expectSameInstant(zone, plain, ts);
    expect(zone.cachedHours).toBe(0);
  });

  it("keeps at most maxHours hours, the oldest going first", () => {
    const zone = new HourlyZone("Europe/Zurich", 24);
    const plain = IANAZone.create("Europe/Zurich");
    const start = utc("2026-03-27");
    for (let t = start; t < start + 100 * HOUR_MS; t += HOUR_MS) expect(zone.offset(t)).toBe(plain.offset(t));
    expect(zone.cachedHours).toBe(24);
    expect(zone.offset(start)).toBe(plain.offset(start)); // evicted, computed again
  });

  it("leaves zones outside the list to luxon", () => {
    expect(payZone("America/New_York")).toBe("America/New_York");
    // the engine still pays in them: 13 March 2026 has no holiday and no change in New York
    const week = computeWeek([{ day: "2026-03-13", ranges: [{ startMin: 8 * 60, endMin: 12 * 60 }], breakMin: 0 }], {
      ...defaultPayRules("FR"),
      zone: "America/New_York",
    });
    expect(week.totals.workedMin).toBe(240);
  });
});
