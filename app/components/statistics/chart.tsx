import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { useTranslation } from "react-i18next";
import { formatNumber } from "#server/lib/contract";
import type { Cell, StatsTable } from "./tables";

/** A cell as a number for the chart (hours for durations and minutes, units for amounts). */
function value(c: Cell | undefined): number | null {
  if (c === undefined || typeof c === "string") return null;
  if (typeof c === "number") return c;
  if ("hours" in c) return c.hours;
  if ("minutes" in c) return Math.round((c.minutes / 60) * 10) / 10;
  return c.cents / 100;
}

const COLOURS = ["hsl(var(--primary))", "hsl(var(--muted-foreground))"];

/**
 * A table as bars (recharts, rendered on the server at a fixed size, so the first paint has it and
 * hydration matches): one bar per numeric column given, the row's first cell as its label.
 * Recharts' keyboard layer reads the bars out; the table beside it holds the figures.
 */
export function StatsChart({ table, columns, label }: { table: StatsTable; columns: number[]; label: string }) {
  const { i18n } = useTranslation();
  const data = table.rows.map((row) => ({
    label: [row[0], table.name === "hours" ? row[1] : null].filter(Boolean).join(" "),
    ...Object.fromEntries(columns.map((i) => [`v${i}`, value(row[i])])),
  }));
  return (
    <figure className="min-w-0 max-w-full overflow-x-auto" data-testid={`chart-${table.name}`}>
      <figcaption className="sr-only">{label}</figcaption>
      <BarChart width={640} height={260} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={"label"} tick={{ fontSize: 11 }} interval={0} />
        <YAxis tick={{ fontSize: 11 }} tickFormatter={(v: number) => formatNumber(v, i18n.language)} />
        <Tooltip formatter={(v) => (typeof v === "number" ? formatNumber(v, i18n.language, 1) : String(v))} />
        <Legend />
        {columns.map((i, n) => (
          <Bar
            key={i}
            dataKey={`v${i}`}
            name={table.headers[i]}
            fill={COLOURS[n % COLOURS.length]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </figure>
  );
}
