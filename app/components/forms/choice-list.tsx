import type { FieldMetadata } from "@conform-to/react";
import { useHydrated } from "~/hooks/use-hydrated";
import { useId, useMemo, useState } from "react";
import { Input } from "~/components/ui/input";

export interface Choice {
  value: string;
  label: string;
  group: string;
}

const asArray = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : typeof v === "string" ? [v] : [];

/**
 * A multi-choice field with a maximum: grouped checkboxes (a plain form field, so it works
 * without JavaScript; the server enforces the maximum). With JavaScript it adds a filter, shows
 * the chosen items, and disables the other boxes once the maximum is reached. Give it
 * `key={meta.key}` so a form reset starts it afresh.
 */
export function ChoiceList({
  meta,
  label,
  hint,
  choices,
  groups,
  max,
  filterLabel,
  errors,
  testId,
}: {
  meta: FieldMetadata<string[]>;
  label: string;
  hint: string;
  choices: Choice[];
  /** group ids in display order with their labels */
  groups: { id: string; label: string }[];
  max: number;
  filterLabel: string;
  errors: React.ReactNode;
  testId?: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const initial = asArray(meta.initialValue);
  const [selected, setSelected] = useState<string[]>(initial);
  const [filter, setFilter] = useState("");
  const needle = filter.trim().toLocaleLowerCase();
  const byValue = useMemo(() => new Map(choices.map((c) => [c.value, c])), [choices]);
  const full = selected.length >= max;

  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={`${id}-hint ${meta.errorId}`}
      aria-invalid={meta.errors ? true : undefined}
      data-testid={testId}
    >
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {hydrated && (
        <>
          {selected.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-live="polite" data-testid="chosen">
              {selected.map((v) => (
                <li key={v} className="rounded-full bg-secondary px-3 py-1 text-xs font-medium">
                  {byValue.get(v)?.label ?? v}
                </li>
              ))}
            </ul>
          )}
          <Input
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            aria-label={filterLabel}
            placeholder={filterLabel}
          />
        </>
      )}
      <div className="max-h-72 overflow-y-auto rounded-md border p-3">
        {groups.map((g) => {
          const items = choices.filter((c) => c.group === g.id);
          const shown = items.filter(
            (c) => !needle || selected.includes(c.value) || c.label.toLocaleLowerCase().includes(needle),
          );
          if (!items.length) return null;
          return (
            <div key={g.id} className={shown.length ? "mb-3 last:mb-0" : "hidden"}>
              <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{g.label}</p>
              <div className="grid gap-1 sm:grid-cols-2">
                {items.map((c) => {
                  const checked = selected.includes(c.value);
                  return (
                    <label
                      key={c.value}
                      className={`flex items-center gap-2 text-sm ${shown.includes(c) ? "" : "hidden"}`}
                    >
                      <input
                        type="checkbox"
                        name={meta.name}
                        value={c.value}
                        defaultChecked={initial.includes(c.value)}
                        // only once hydrated: without JavaScript a person must be able to change their mind
                        disabled={hydrated && full && !checked}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          setSelected((s) => (on ? [...s, c.value] : s.filter((v) => v !== c.value)));
                        }}
                        data-testid={`choice-${c.value}`}
                      />
                      {c.label}
                    </label>
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
      <div id={meta.errorId}>{errors}</div>
    </fieldset>
  );
}
