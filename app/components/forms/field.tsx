import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** Errors are translation keys (from zod schemas or the server); shown translated, per field. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="text-sm text-destructive" role="alert">
      {errors.map((e) => (
        <li key={e}>{t(e, { numberOfCharacters: 10 })}</li>
      ))}
    </ul>
  );
}

export function TextField({ label, meta, type = "text", autoComplete }: { label: string; meta: FieldMetadata<string>; type?: "text" | "email" | "password"; autoComplete?: string }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={meta.id}>{label}</Label>
      <Input {...getInputProps(meta, { type })} autoComplete={autoComplete} key={meta.key} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
