import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { ErrorList, useEditedErrors } from "~/components/forms/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/utils/cn";

/** Small building blocks of the ad form: a section, inputs and selects with their label and errors. */

export const ADS_NS = ["ads", "common", "reference", "places"];

export function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="card-surface grid gap-4 p-6" data-testid={testId}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export function InputField({
  label,
  meta,
  type = "text",
  hint,
  className,
  ...rest
}: {
  label: string;
  meta: FieldMetadata<string>;
  type?: "text" | "number" | "date";
  hint?: string;
  className?: string;
} & Pick<
  React.InputHTMLAttributes<HTMLInputElement>,
  "inputMode" | "min" | "max" | "step" | "maxLength" | "placeholder"
>) {
  const { errors, onInput } = useEditedErrors(meta.errors);
  const hintId = `${meta.id}-hint`;
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={meta.id}>{label}</Label>
      <Input
        {...getInputProps(meta, { type })}
        {...rest}
        key={meta.key}
        onInput={onInput}
        aria-describedby={
          [hint ? hintId : null, errors?.length ? meta.errorId : null].filter(Boolean).join(" ") || undefined
        }
        data-testid={`field-${meta.name}`}
      />
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <ErrorList id={meta.errorId} errors={errors} ns={ADS_NS} />
    </div>
  );
}

export interface Option {
  value: string;
  label: string;
}

/** A native select (works without JavaScript); options may be grouped. Controlled when `value` is given. */
export function Select({
  label,
  meta,
  options,
  groups,
  placeholder,
  value,
  onChange,
  className,
}: {
  label: string;
  meta: FieldMetadata<string>;
  options?: Option[];
  groups?: { label: string; options: Option[] }[];
  placeholder?: string;
  value?: string;
  onChange?: (value: string) => void;
  className?: string;
}) {
  const { errors, onInput } = useEditedErrors(meta.errors);
  const props = getSelectProps(meta, value === undefined ? {} : { value: false });
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={meta.id}>{label}</Label>
      <select
        {...props}
        key={meta.key}
        {...(value === undefined ? {} : { value })}
        onChange={(e) => {
          onInput();
          onChange?.(e.target.value);
        }}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm aria-[invalid=true]:border-destructive"
        data-testid={`field-${meta.name}`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {groups?.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <ErrorList id={meta.errorId} errors={errors} ns={ADS_NS} />
    </div>
  );
}

/** Radio buttons in a fieldset (works without JavaScript). */
export function Radios({
  label,
  meta,
  options,
  value,
  onChange,
}: {
  label: string;
  meta: FieldMetadata<string>;
  options: Option[];
  value?: string;
  onChange?: (value: string) => void;
}) {
  const initial = typeof meta.initialValue === "string" ? meta.initialValue : "";
  return (
    <fieldset
      className="grid content-start gap-1.5"
      aria-describedby={meta.errors?.length ? meta.errorId : undefined}
      data-testid={`field-${meta.name}`}
    >
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2" key={meta.key}>
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={meta.name}
              value={o.value}
              {...(value === undefined ? { defaultChecked: initial === o.value } : { checked: value === o.value })}
              onChange={() => onChange?.(o.value)}
              data-testid={`${meta.name}-${o.value}`}
            />
            {o.label}
          </label>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} ns={ADS_NS} />
    </fieldset>
  );
}
