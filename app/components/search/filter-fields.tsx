import { Label } from "~/components/ui/label";

/** A filter of the job search as a list to choose one from (its id and name: `search-<name>`). */
export function FilterSelect({
  name,
  label,
  defaultValue,
  testId,
  children,
}: {
  name: string;
  label: string;
  defaultValue: string;
  testId: string;
  children: React.ReactNode;
}) {
  const id = `search-${name}`;
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm"
        data-testid={testId}
      >
        {children}
      </select>
    </div>
  );
}

/** A filter of the job search as boxes to tick, any number of them. */
export function FilterCheckboxes({
  legend,
  name,
  options,
  selected,
  testId,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string }[];
  selected: string[];
  testId: string;
}) {
  return (
    <fieldset className="grid gap-1" data-testid={testId}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={selected.includes(o.value)}
              data-testid={`${testId}-${o.value}`}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
