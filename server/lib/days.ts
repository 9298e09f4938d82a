/** A day ("2026-11-24", or the day of an ISO timestamp) as our users write it: "24/11/2026" (pure). */
export const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
