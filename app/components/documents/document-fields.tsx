import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { FILE_ACCEPT } from "#server/modules/candidates/contract";
import { FileInput } from "~/components/ui/file-input";

/** Where the documents' error keys are: their own namespace, registration's (CV), the common one. */
export const DOCUMENT_ERROR_NS = ["documents", "register", "common"];

/** The file input: never refilled by the server (browsers forbid it), the limits said beside it. */
export function FileField({
  label,
  meta,
  required,
}: {
  label: string;
  meta: FieldMetadata<unknown>;
  required?: boolean;
}) {
  const { t } = useTranslation("documents");
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={meta.id}>{label}</Label>
      <FileInput
        id={meta.id}
        name={meta.name}
        accept={FILE_ACCEPT}
        required={required}
        aria-invalid={meta.errors?.length ? true : undefined}
        aria-describedby={`${meta.id}-hint`}
        data-testid="document-file"
      />
      <p id={`${meta.id}-hint`} className="text-xs text-muted-foreground">
        {t("upload.fileHint")}
      </p>
      <ErrorList id={meta.errorId} errors={meta.errors} ns={DOCUMENT_ERROR_NS} />
    </div>
  );
}

export function DateField({
  label,
  meta,
  hint,
}: {
  label: string;
  meta: FieldMetadata<string | null | undefined>;
  hint?: string;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={meta.id}>{label}</Label>
      <Input
        {...getInputProps(meta as FieldMetadata<string>, { type: "date" })}
        key={meta.key}
        data-testid="document-expiry"
      />
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <ErrorList id={meta.errorId} errors={meta.errors} ns={DOCUMENT_ERROR_NS} />
    </div>
  );
}
