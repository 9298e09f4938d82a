import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { DateField, DOCUMENT_ERROR_NS, FileField } from "~/components/documents/document-fields";
import { ProgressForm } from "~/components/documents/progress-form";
import { ErrorList } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { SubmitButton } from "~/components/submit-button";
import { Label } from "~/components/ui/label";
import { DOCUMENT_CATEGORIES, uploadDocumentSchema } from "#server/modules/candidates/contract";
import type { Reply } from "~/routes/_app+/mes-documents.server";

/** The candidate's new document (/mes-documents): its category, expiry date and file, sent with a progress bar. */
export function UploadForm({
  lastResult,
  onReply,
}: {
  lastResult: SubmissionResult<string[]> | null;
  onReply: (r: Reply) => void;
}) {
  const { t } = useTranslation("documents");
  const [form, fields] = useZodForm(uploadDocumentSchema, lastResult, {
    id: "upload-document",
    browserValidation: false,
  });
  return (
    <section className="card-surface grid gap-4 p-5">
      <h2 className="text-lg font-semibold">{t("upload.heading")}</h2>
      <ProgressForm<Reply>
        onReply={onReply}
        formProps={getFormProps(form)}
        className="grid gap-4 sm:grid-cols-3"
        testId="upload-form"
      >
        <input type="hidden" name="intent" value="upload" />
        <div className="grid content-start gap-1.5">
          <Label htmlFor={fields.category.id}>{t("upload.category")}</Label>
          <select
            {...getSelectProps(fields.category)}
            key={fields.category.key}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm"
            data-testid="document-category"
          >
            <option value="">{t("upload.chooseCategory")}</option>
            {DOCUMENT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </select>
          <ErrorList id={fields.category.errorId} errors={fields.category.errors} ns={DOCUMENT_ERROR_NS} />
        </div>
        <DateField label={t("upload.expiresAt")} meta={fields.expiresAt} hint={t("upload.expiresHint")} />
        <FileField label={t("upload.file")} meta={fields.file} required />
        <div className="sm:col-span-3">
          <SubmitButton data-testid="upload-submit">{t("upload.submit")}</SubmitButton>
          <ErrorList id={form.errorId} errors={form.errors} ns={DOCUMENT_ERROR_NS} />
        </div>
      </ProgressForm>
    </section>
  );
}
