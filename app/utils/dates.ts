/** DD/MM/YYYY everywhere (spec section 9), whatever the language. */
export function formatDate(value: string | Date): string {
  const d = typeof value === "string" ? new Date(value) : value;
  const dd = String(d.getDate()).padStart(2, "0");
  const mm = String(d.getMonth() + 1).padStart(2, "0");
  return `${dd}/${mm}/${d.getFullYear()}`;
}

/**
 * A date as precise as it is known (issue 27): DD/MM/YYYY, MM/YYYY or YYYY. Takes a profile's day
 * with its precision ("2019-01-01", "year" → "2019"), or a CV's date as written ("2019-03" → "03/2019").
 */
export function formatDateAs(value: string, precision?: "day" | "month" | "year"): string {
  const [y = "", m = "01", d = "01"] = value.slice(0, 10).split("-");
  const as = precision ?? (value.length === 4 ? "year" : value.length === 7 ? "month" : "day");
  return as === "year" ? y : as === "month" ? `${m}/${y}` : `${d}/${m}/${y}`;
}

/** An experience's period as precise as it was given: "2019 – 2021", "03/2019 – …". */
export function formatPeriod(
  v: {
    startDate: string;
    endDate?: string;
    startPrecision?: "day" | "month" | "year";
    endPrecision?: "day" | "month" | "year";
  },
  open = "…",
): string {
  return `${formatDateAs(v.startDate, v.startPrecision ?? "day")} – ${v.endDate ? formatDateAs(v.endDate, v.endPrecision ?? "day") : open}`;
}
