import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Label } from "~/components/ui/label";
import { ErrorList } from "./field";

/** A native select (works without JavaScript) with its label and translated errors. */
export function SelectField({
  label,
  meta,
  options,
  placeholder,
}: {
  label: string;
  meta: FieldMetadata<string>;
  options: { value: string; label: string }[];
  placeholder?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={meta.id}>{label}</Label>
      <select
        {...getSelectProps(meta)}
        key={meta.key}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm aria-[invalid=true]:border-destructive"
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
