/** Injected into deciders and handlers so tests control time. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
export function fixedClock(at: Date | string): Clock {
  const d = new Date(at);
  return { now: () => new Date(d) };
}

/** Today's date where our users are (France and Switzerland share a time zone), YYYY-MM-DD. */
export function localDay(at: Date): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Zurich" }).format(at);
}
