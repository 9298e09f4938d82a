import { ddmmyyyy } from "#server/lib/contract";

/** A stored day (YYYY-MM-DD) as people read and type it in every language of the product: DD/MM/YYYY (spec). */
export const dayToText = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? ddmmyyyy(value) : value);

const valid = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/**
 * What a person typed as the day the form sends (YYYY-MM-DD): 24/11/2026, 24.11.2026 (Swiss
 * German habit), 24-11-2026, 2026-11-24. Anything else is sent as typed, so the server's
 * message shows on the field with the input kept; empty stays empty.
 */
export function textToDay(text: string): string {
  const v = text.trim();
  const dmy = /^(\d{1,2})[./\-\s](\d{1,2})[./\-\s](\d{4})$/.exec(v);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
  const [y, m, d] = dmy
    ? [Number(dmy[3]), Number(dmy[2]), Number(dmy[1])]
    : ymd
      ? [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])]
      : [NaN, NaN, NaN];
  if (!Number.isFinite(y) || !valid(y, m, d)) return v;
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
