/** A day as stored (YYYY-MM-DD) in the spec's DD/MM/YYYY, without going through a time zone; "---" when unknown. */
export const formatDay = (day: string | null | undefined) =>
  day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day.split("-").reverse().join("/") : "---";
