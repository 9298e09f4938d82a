import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DateField, DOCUMENT_ERROR_NS, FileField } from "~/components/documents/document-fields";
import { ProgressForm } from "~/components/documents/progress-form";
import { ErrorList } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/utils/dates";
import { cn } from "~/utils/cn";
import { PREVIEWABLE, updateDocumentSchema } from "#server/modules/candidates/contract";
import type { loader, Reply } from "~/routes/_app+/mes-documents.server";

type Doc = SerializeFrom<typeof loader>["documents"][number];

const STATE_TONES: Record<string, string> = {
  expired: "bg-destructive/10 text-destructive",
  expiring: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  valid: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
};

/**
 * One of the candidate's documents (/mes-documents): its category, name, expiry and state,
 * preview, download, delete (confirmed on the row) and a folded form to change its date or file.
 */
export function DocumentRow({
  doc,
  confirming,
  lastResult,
  onReply,
}: {
  doc: Doc;
  confirming: boolean;
  lastResult: SubmissionResult<string[]> | null;
  onReply: (r: Reply) => void;
}) {
  const { t } = useTranslation(["documents", "common"]);
  const { pathname } = useLocation();
  const [form, fields] = useZodForm(updateDocumentSchema, lastResult, {
    id: `update-${doc.id}`,
    defaultValue: { expiresAt: doc.expiresAt ?? "" },
    browserValidation: false,
  });
  const href = `/mes-documents/${doc.id}/fichier`;
  return (
    <li className="card-surface grid gap-3 p-4" data-testid="document" data-category={doc.category} data-id={doc.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-0.5">
          <span className="text-sm text-muted-foreground" data-testid="document-category-label">
            {t(`categories.${doc.category}`)}
          </span>
          <span className="font-medium" data-testid="document-name">
            {doc.name}
          </span>
          <span className="text-sm" data-testid="document-expiry-text">
            {doc.expiresAt ? t("list.expires", { date: formatDate(doc.expiresAt) }) : t("list.noExpiry")}
          </span>
        </div>
        {doc.expiry !== "none" && (
          <span
            className={cn("rounded-full px-2 py-0.5 text-xs font-medium", STATE_TONES[doc.expiry])}
            data-testid="document-state"
            data-state={doc.expiry}
          >
            {t(`state.${doc.expiry}`)}
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {PREVIEWABLE.includes(doc.mime) && (
          <Button asChild size="sm" variant="outline">
            <a href={`${href}?apercu=1`} target="_blank" rel="noreferrer" data-testid="document-preview">
              {t("actions.preview")}
            </a>
          </Button>
        )}
        <Button asChild size="sm" variant="outline">
          <a href={href} download={doc.name} data-testid="document-download">
            {t("actions.download")}
          </a>
        </Button>
        <Button asChild size="sm" variant="ghost">
          <Link to={`?delete=${doc.id}`} preventScrollReset data-testid="document-delete">
            {t("actions.delete")}
          </Link>
        </Button>
      </div>
      <details open={Boolean(lastResult?.error && Object.keys(lastResult.error).length)} className="text-sm">
        <summary className="cursor-pointer text-primary" data-testid="document-edit">
          {t("actions.edit")}
        </summary>
        <ProgressForm<Reply>
          onReply={onReply}
          formProps={getFormProps(form)}
          className="mt-3 grid gap-3 sm:grid-cols-3"
        >
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="documentId" value={doc.id} />
          {doc.category !== "cv" && <DateField label={t("upload.expiresAt")} meta={fields.expiresAt} />}
          <FileField label={t("actions.newFile")} meta={fields.file} />
          <div className="sm:col-span-3">
            <SubmitButton size="sm" data-testid="document-save">
              {t("actions.save")}
            </SubmitButton>
            <ErrorList id={form.errorId} errors={form.errors} ns={DOCUMENT_ERROR_NS} />
          </div>
        </ProgressForm>
      </details>
      {confirming && (
        <Form
          method="post"
          className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
          role="alertdialog"
          aria-label={t("actions.confirmDelete", { name: doc.name })}
          data-testid="confirm-delete-panel"
        >
          <span>{t("actions.confirmDelete", { name: doc.name })}</span>
          <input type="hidden" name="documentId" value={doc.id} />
          <SubmitButton name="intent" value="delete" variant="destructive" size="sm" data-testid="confirm-delete">
            {t("actions.deleteConfirm")}
          </SubmitButton>
          <Link to={pathname} preventScrollReset className="text-primary underline">
            {t("actions.cancel")}
          </Link>
        </Form>
      )}
    </li>
  );
}
