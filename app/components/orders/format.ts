/** The orders' namespace of translations: routes showing orders load it (handle.i18n). */
export const ORDERS_NS = "orders";

/**
 * "2026-05-04" → "04/05/2026" (spec section 9). Read as text, not through Date, so a day never
 * shifts with the server's or browser's time zone.
 */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}
