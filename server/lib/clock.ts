/** Injected into deciders and handlers so tests control time. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
export function fixedClock(at: Date | string): Clock {
  const d = new Date(at);
  return { now: () => new Date(d) };
}
