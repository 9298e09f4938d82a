import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ErrorList, useEditedErrors, type Translation } from "./errors";

export { ErrorList, useEditedErrors } from "./errors";

export function TextField({
  label,
  meta,
  type = "text",
  autoComplete,
  ...translation
}: {
  label: string;
  meta: FieldMetadata<string>;
  type?: "text" | "email" | "password";
  autoComplete?: string;
} & Translation) {
  const { errors, onInput } = useEditedErrors(meta.errors);
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={meta.id}>{label}</Label>
      <Input {...getInputProps(meta, { type })} autoComplete={autoComplete} key={meta.key} onInput={onInput} />
      <ErrorList id={meta.errorId} errors={errors} {...translation} />
    </div>
  );
}
