import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/utils/cn";

/**
 * A list's filters: a GET form (so a filtered list is a link, and works without JavaScript) laid
 * out on one line where there is room, its buttons last.
 */
export function FilterBar({
  children,
  actions,
  testId,
  className,
}: {
  children: ReactNode;
  actions: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <Form
      method="get"
      role="search"
      className={cn("card-surface flex flex-wrap items-end gap-3 p-3", className)}
      data-testid={testId}
    >
      {children}
      <div className="flex gap-2">{actions}</div>
    </Form>
  );
}

/** One filter of a FilterBar: a labelled select whose first option ("all") means no filter. */
export function FilterSelect({
  name,
  label,
  value,
  options,
  allLabel,
  id = `filter-${name}`,
  testId = id,
}: {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  allLabel: string;
  id?: string;
  testId?: string;
}) {
  return (
    <div className="grid min-w-0 flex-1 basis-36 gap-1.5 sm:max-w-56">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className="h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm"
        data-testid={testId}
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A text filter of a FilterBar. */
export function FilterText({
  name,
  label,
  value,
  placeholder,
  id = `filter-${name}`,
  testId = id,
}: {
  name: string;
  label: string;
  value: string;
  placeholder?: string;
  id?: string;
  testId?: string;
}) {
  return (
    <div className="grid min-w-0 flex-[2] basis-48 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type="search"
        defaultValue={value}
        placeholder={placeholder}
        className="h-9"
        data-testid={testId}
      />
    </div>
  );
}
