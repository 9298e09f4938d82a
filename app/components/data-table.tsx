import { Form, Link } from "@remix-run/react";
import { useHydrated } from "~/hooks/use-hydrated";
import { MoreHorizontal } from "lucide-react";
import { Fragment, type HTMLAttributes, type ReactNode } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { cn } from "~/utils/cn";

export interface Column<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** the header is read by screen readers only (an actions column) */
  hiddenHeader?: boolean;
  align?: "left" | "right";
  className?: string;
}

/**
 * A compact list: one line a row where the content allows, the row's actions in a menu (see
 * RowActionsMenu) rather than a stack of buttons, so a screen shows many rows.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  rowProps,
  testId,
  label,
  className,
}: {
  rows: readonly T[];
  columns: readonly (Column<T> | false | null | undefined)[];
  rowKey: (row: T) => string | number;
  /** test ids and data attributes of a row */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | number | undefined>;
  testId?: string;
  label?: string;
  className?: string;
}) {
  const shown = columns.filter((c): c is Column<T> => Boolean(c));
  return (
    <div className={cn("card-surface relative overflow-x-auto", className)}>
      {/* inside its own scroll box a table wraps at spaces only ("Genève Cornavin", not "Cornavi-n"); the page's rule breaks anywhere */}
      <table className="w-full text-sm [&_td]:[overflow-wrap:normal]" data-testid={testId} aria-label={label}>
        <thead className="border-b bg-muted/40 text-left text-xs uppercase text-muted-foreground">
          <tr>
            {shown.map((c) => (
              <th
                key={c.id}
                scope="col"
                className={cn("px-2 py-2 align-bottom font-medium", c.align === "right" && "text-right")}
              >
                {c.hiddenHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="border-b align-middle last:border-0 hover:bg-muted/30"
              {...rowProps?.(row)}
            >
              {shown.map((c) => (
                <td key={c.id} className={cn("px-2 py-1", c.align === "right" && "text-right", c.className)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One entry of a row's menu. */
export type RowAction = {
  id: string;
  label: ReactNode;
  testId?: string;
  destructive?: boolean;
  /** entries after the actions, under their own heading (the order's ads...) */
  section?: string;
} & (
  | /** a page to open */ { kind: "link"; to: string }
  | /** a POST of these fields to the route's action */ { kind: "post"; fields: Record<string, string> }
  | /** a client-side step (a confirmation dialog); without JavaScript, the link `to` does it */ {
      kind: "select";
      onSelect: () => void;
      to: string;
    }
);

/**
 * A row's actions behind one button named after the row (`label`). With JavaScript it is a Radix
 * menu (arrow keys, Escape, focus back on the button); before hydration, and without JavaScript,
 * a disclosure with plain links and POST forms, so every action still works.
 */
export function RowActionsMenu({
  label,
  actions,
  submit,
  busy = false,
  testId = "row-actions",
}: {
  /** the accessible name of the button, naming the row ("Actions: #12 Welder") */
  label: string;
  actions: readonly RowAction[];
  /** sends a "post" action with JavaScript (a fetcher's or the page's submit) */
  submit: (fields: Record<string, string>) => void;
  /** a submission of this row is in flight */
  busy?: boolean;
  testId?: string;
}) {
  const hydrated = useHydrated();
  if (actions.length === 0) return null;
  const itemClass = (a: RowAction) => cn(a.destructive && "text-destructive");
  const icon = <MoreHorizontal className="h-4 w-4" aria-hidden />;

  if (!hydrated) {
    return (
      <details className="relative inline-block" data-testid={`${testId}-fallback`}>
        <summary
          className={cn(
            buttonVariants({ variant: "ghost", size: "icon" }),
            "h-8 w-8 cursor-pointer list-none [&::-webkit-details-marker]:hidden",
          )}
          aria-label={label}
          data-testid={testId}
        >
          {icon}
        </summary>
        <div className="absolute right-0 z-20 mt-1 grid min-w-[10rem] rounded-md border bg-card p-1 text-left shadow-md">
          {actions.map((a, i) => {
            const heading = a.section && a.section !== actions[i - 1]?.section && (
              <p
                key={`section-${a.section}`}
                className={cn("px-2 pb-1 pt-2 text-xs font-medium text-muted-foreground", i > 0 && "mt-1 border-t")}
              >
                {a.section}
              </p>
            );
            const className = cn(
              "rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none",
              itemClass(a),
            );
            if (a.kind === "post")
              return (
                <Form method="post" key={a.id} className="grid">
                  {heading}
                  {Object.entries(a.fields).map(([name, value]) => (
                    <input key={name} type="hidden" name={name} value={value} />
                  ))}
                  <button type="submit" className={className} data-testid={a.testId}>
                    {a.label}
                  </button>
                </Form>
              );
            return (
              <Fragment key={a.id}>
                {heading}
                <Link to={a.to} preventScrollReset className={className} data-testid={a.testId}>
                  {a.label}
                </Link>
              </Fragment>
            );
          })}
        </div>
      </details>
    );
  }

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="h-8 w-8"
          aria-label={label}
          aria-busy={busy || undefined}
          disabled={busy}
          data-testid={testId}
        >
          {icon}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent aria-label={label}>
        {actions.flatMap((a, i) => [
          a.section && a.section !== actions[i - 1]?.section && (
            <Fragment key={`section-${a.section}`}>
              {i > 0 && <DropdownMenuSeparator />}
              <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">{a.section}</DropdownMenuLabel>
            </Fragment>
          ),
          a.kind === "link" ? (
            <DropdownMenuItem key={a.id} asChild className={itemClass(a)}>
              <Link to={a.to} data-testid={a.testId}>
                {a.label}
              </Link>
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem
              key={a.id}
              className={itemClass(a)}
              onSelect={() => (a.kind === "post" ? submit(a.fields) : a.onSelect())}
              data-testid={a.testId}
            >
              {a.label}
            </DropdownMenuItem>
          ),
        ])}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
