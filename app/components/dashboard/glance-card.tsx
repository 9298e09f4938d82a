import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

export interface GlanceFigure {
  key: string;
  value: number;
  label: string;
  to: string;
  /** something waits for the reader: the figure stands out while it is above zero */
  attention?: boolean;
}

export interface GlanceItem {
  id: string | number;
  text: string;
  sub?: string;
  to: string;
}

/**
 * One card of a dashboard's "what matters now": a few figures that link to their list, the
 * first items that need the reader, and what to do when there is nothing yet.
 */
export function GlanceCard({
  title,
  testId,
  figures,
  items = [],
  empty,
  more,
}: {
  title: string;
  testId: string;
  figures: GlanceFigure[];
  items?: GlanceItem[];
  /** shown instead of the figures while they are all zero and there are no items */
  empty: { message: string; action?: { label: string; to: string } };
  more: { label: string; to: string };
}) {
  const titleId = `${testId}-title`;
  const nothing = items.length === 0 && figures.every((f) => f.value === 0);
  return (
    <section className="card-surface grid content-start gap-4 p-5" data-testid={testId} aria-labelledby={titleId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={titleId} className="font-semibold">
          {title}
        </h2>
        <Link to={more.to} className="text-sm text-primary hover:underline">
          {more.label}
        </Link>
      </div>
      {nothing ? (
        <EmptyGlance message={empty.message}>
          {empty.action && (
            <Link
              to={empty.action.to}
              className="font-medium text-primary hover:underline"
              data-testid={`${testId}-start`}
            >
              {empty.action.label}
            </Link>
          )}
        </EmptyGlance>
      ) : (
        <>
          <div className="grid grid-cols-[repeat(auto-fit,minmax(7rem,1fr))] gap-2">
            {figures.map((f) => (
              <Link
                key={f.key}
                to={f.to}
                className={cn(
                  "grid rounded-md border p-3 hover:bg-secondary",
                  f.attention && f.value > 0 && "border-primary/40 bg-primary/5",
                )}
                data-testid={`${testId}-${f.key}`}
              >
                <span className="text-2xl font-semibold tabular-nums" data-testid="figure-value">
                  {f.value}
                </span>
                <span className="text-sm text-muted-foreground">{f.label}</span>
              </Link>
            ))}
          </div>
          {items.length > 0 && (
            <ul className="grid gap-1 text-sm" data-testid={`${testId}-items`}>
              {items.map((i) => (
                <li key={i.id}>
                  <Link to={i.to} className="block rounded-md px-2 py-1 hover:bg-secondary">
                    <span className="font-medium">{i.text}</span>
                    {i.sub && <span className="text-muted-foreground"> · {i.sub}</span>}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function EmptyGlance({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="grid justify-items-start gap-2 rounded-md border border-dashed p-4 text-sm text-muted-foreground">
      <p>{message}</p>
      {children}
    </div>
  );
}
