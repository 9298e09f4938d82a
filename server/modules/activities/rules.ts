import { DateTime } from "luxon";

/** Activities' limits and choices (pure: shared with app/ through the contract). */
export const ACTIVITY_TYPES = ["call", "meeting", "email", "task", "note"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
/** The types that happen at a time: they need one, get a reminder and go to the calendar feed. */
export const TIMED_TYPES: readonly ActivityType[] = ["task", "meeting"];
export const SUBJECT_MAX_LENGTH = 200;
export const NOTES_MAX_LENGTH = 4000;
export const ACTIVITIES_PAGE_SIZE = 25;
/** A meeting lasts an hour in the calendar, a task half an hour (the form asks for one time only). */
export const CALENDAR_MINUTES: Record<string, number> = { meeting: 60, task: 30 };
/** The list's statuses and periods. */
export const ACTIVITY_STATUSES = ["open", "done", "all"] as const;
export const ACTIVITY_PERIODS = ["any", "today", "week", "month", "overdue"] as const;
export type ActivityPeriod = (typeof ACTIVITY_PERIODS)[number];

/** France and Switzerland share a time zone: the form's wall-clock time is read there. */
export const ACTIVITY_ZONE = "Europe/Zurich";

/** "2026-11-27T14:30" (a datetime-local field) as an instant, or null when it is no such time. */
export function parseLocalTime(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = DateTime.fromISO(value, { zone: ACTIVITY_ZONE });
  return at.isValid ? at.toJSDate() : null;
}

/** An instant as a datetime-local field's value. */
export const localTimeValue = (at: Date | string) =>
  DateTime.fromJSDate(new Date(at), { zone: ACTIVITY_ZONE }).toFormat("yyyy-MM-dd'T'HH:mm");

/** The bounds of a period around `now` (in the users' zone): [from, to), either open. */
export function periodBounds(period: ActivityPeriod, now: Date): { from: Date | null; to: Date | null } {
  const local = DateTime.fromJSDate(now, { zone: ACTIVITY_ZONE });
  const day = local.startOf("day");
  switch (period) {
    case "today":
      return { from: day.toJSDate(), to: day.plus({ days: 1 }).toJSDate() };
    case "week":
      return { from: local.startOf("week").toJSDate(), to: local.startOf("week").plus({ weeks: 1 }).toJSDate() };
    case "month":
      return { from: local.startOf("month").toJSDate(), to: local.startOf("month").plus({ months: 1 }).toJSDate() };
    case "overdue":
      return { from: null, to: now };
    default:
      return { from: null, to: null };
  }
}

/** The end of today where our users are: "my day" is what is due before it. */
export const endOfToday = (now: Date) =>
  DateTime.fromJSDate(now, { zone: ACTIVITY_ZONE }).startOf("day").plus({ days: 1 }).toJSDate();
