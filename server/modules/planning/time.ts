import { DateTime } from "luxon";
import { DAY_MINUTES } from "./contract";

/**
 * The instants of a shift given as a local day, wall-clock start and end minutes and a zone. A
 * shift ending at or before its start ends the next day. Wall-clock times that do not exist
 * (the hour skipped in spring) move forward, as luxon does; the duration is the real one (a
 * night shift on the autumn change lasts an hour more).
 */
export function instantsOf(
  day: string,
  startMin: number,
  endMin: number,
  zone: string,
): { startsAt: Date; endsAt: Date } {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const at = (offsetDays: number, minutes: number) =>
    DateTime.fromObject(
      { year: y, month: m, day: d, hour: Math.floor(minutes / 60), minute: minutes % 60 },
      { zone },
    ).plus({ days: offsetDays });
  const start = at(0, startMin);
  const end = endMin > startMin ? at(0, endMin % DAY_MINUTES) : at(1, endMin);
  return { startsAt: start.toJSDate(), endsAt: end.toJSDate() };
}

/** Today in a zone (YYYY-MM-DD). */
export const todayIn = (zone: string, now: Date) => DateTime.fromJSDate(now, { zone }).toISODate()!;
