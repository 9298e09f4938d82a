import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { Label } from "~/components/ui/label";
import { IMAGE_EXTENSIONS, MAX_IMAGE_BYTES } from "#server/modules/missions/contract";
import { FileInput } from "~/components/ui/file-input";

const NS = ["ads", "common"];
const ACCEPT = [...IMAGE_EXTENSIONS.map((e) => `.${e}`), "image/png", "image/jpeg"].join(",");

/**
 * The cover image (png, jpg, jpeg, 2 MB; the server checks the content). The image the ad has,
 * or one uploaded with a form that came back with errors, is carried in the hidden `imageId`
 * field and shown, so nothing uploaded is lost; "remove" drops it on save. With JavaScript a
 * chosen file is previewed, and one over 2 MB is refused before it is sent.
 */
export function ImageField({
  meta,
  removeMeta,
  current,
}: {
  meta: FieldMetadata<string>;
  removeMeta: FieldMetadata<string>;
  current: { id: string; url: string } | null;
}) {
  const { t } = useTranslation(NS, { nsMode: "fallback" });
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const errors = localError ? [localError] : meta.errors;
  const maxMb = MAX_IMAGE_BYTES / 1024 / 1024;

  return (
    <div className="grid content-start gap-2" data-testid="image-field">
      <Label htmlFor={`${id}-file`}>{t("form.image")}</Label>
      <input type="hidden" name="imageId" value={current?.id ?? ""} data-testid="image-id" />
      {(preview || current) && (
        <img
          src={preview ?? current!.url}
          alt={t("form.imagePreview")}
          className="max-h-48 w-fit max-w-full rounded-md border object-contain"
          data-testid={preview ? "image-preview-new" : "image-preview"}
        />
      )}
      <FileInput
        id={`${id}-file`}
        name={meta.name}
        accept={ACCEPT}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={`${id}-hint ${meta.errorId}`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          setPreview(null);
          setLocalError(null);
          if (!file) return;
          if (file.size > MAX_IMAGE_BYTES) {
            e.currentTarget.value = "";
            setLocalError("validation.image_too_large");
            return;
          }
          setPreview(URL.createObjectURL(file));
        }}
        data-testid="image-input"
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t("form.imageHint", { max: maxMb })}
      </p>
      {current && !preview && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={removeMeta.name}
            defaultChecked={removeMeta.initialValue === "on"}
            key={removeMeta.key}
            data-testid="image-remove"
          />
          {t("form.imageRemove")}
        </label>
      )}
      <ErrorList id={meta.errorId} errors={errors} ns={NS} values={{ max: maxMb }} />
    </div>
  );
}
