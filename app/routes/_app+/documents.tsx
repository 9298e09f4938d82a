import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DOCUMENT_ERROR_NS, FileField } from "~/components/documents/document-fields";
import { ProgressForm } from "~/components/documents/progress-form";
import { ErrorList } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatDate } from "~/utils/dates";
import { AGENCY_DOCUMENT_KINDS, shareAgencyDocumentSchema } from "#server/modules/agency-documents/contract";
import type { loader, Reply } from "./documents.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "documents"] };

export { action, loader } from "./documents.server";

export default function AgencyDocuments() {
  const { t } = useTranslation("documents");
  const { documents, canShare, done } = useLoaderData<typeof loader>();
  const actionData = useActionReply<Reply>();
  const [xhrReply, setXhrReply] = useState<Reply | null>(null);
  const reply = xhrReply ?? actionData ?? null;
  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeader title={t("agency.title")} />
      <p className="text-sm text-muted-foreground">{t("agency.intro")}</p>
      {(done === "shared" || done === "withdrawn") && (
        <StatusNotice tone="success" testId="agency-documents-done">
          {t(`agency.${done}`)}
        </StatusNotice>
      )}
      {reply?.intent === "withdraw" && (
        <ErrorList errors={reply.result.error?.[""] ?? undefined} ns={DOCUMENT_ERROR_NS} />
      )}
      {canShare && <ShareForm lastResult={reply?.intent === "share" ? reply.result : null} onReply={setXhrReply} />}
      {documents.length === 0 ? (
        <p className="card-surface p-6 text-sm" data-testid="no-agency-documents">
          {t("agency.empty")}
        </p>
      ) : (
        <ul className="grid gap-3">
          {documents.map((d) => (
            <li key={d.id} className="card-surface grid gap-3 p-4" data-testid="agency-document" data-title={d.title}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium">{d.title}</span>
                <span className="text-sm text-muted-foreground">
                  {t(`kinds.${d.kind}`)} · {t("agencyDocs.sharedOn", { date: formatDate(d.createdAt) })}
                </span>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Button asChild size="sm" variant="outline">
                  <a href={`/documents/${d.id}/fichier?apercu=1`} target="_blank" rel="noreferrer">
                    {t("agencyDocs.open")}
                  </a>
                </Button>
                {canShare && (
                  <Form method="post">
                    <input type="hidden" name="documentId" value={d.id} />
                    <SubmitButton name="intent" value="withdraw" size="sm" variant="ghost" data-testid="withdraw">
                      {t("agency.withdraw")}
                    </SubmitButton>
                  </Form>
                )}
              </div>
              {d.acknowledgements && (
                <div className="text-sm" data-testid="acknowledgements">
                  <p className="font-medium">{t("agency.acks")}</p>
                  {d.acknowledgements.length === 0 ? (
                    <p className="text-muted-foreground">{t("agency.noAcks")}</p>
                  ) : (
                    <ul className="list-disc pl-5">
                      {d.acknowledgements.map((a) => (
                        <li key={a.userId} data-testid="acknowledgement">
                          {a.name} {t("agency.ackedOn", { date: formatDate(a.acknowledgedAt) })}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ShareForm({
  lastResult,
  onReply,
}: {
  lastResult: SubmissionResult<string[]> | null;
  onReply: (r: Reply) => void;
}) {
  const { t } = useTranslation("documents");
  const [form, fields] = useZodForm(shareAgencyDocumentSchema, lastResult, { id: "share-document" });
  return (
    <section className="card-surface grid gap-4 p-5">
      <h2 className="text-lg font-semibold">{t("agency.shareHeading")}</h2>
      <ProgressForm<Reply>
        onReply={onReply}
        formProps={getFormProps(form)}
        className="grid gap-4 sm:grid-cols-3"
        testId="share-form"
      >
        <input type="hidden" name="intent" value="share" />
        <div className="grid content-start gap-1.5">
          <Label htmlFor={fields.title.id}>{t("agency.docTitle")}</Label>
          <Input {...getInputProps(fields.title, { type: "text" })} key={fields.title.key} data-testid="share-title" />
          <ErrorList id={fields.title.errorId} errors={fields.title.errors} ns={DOCUMENT_ERROR_NS} />
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={fields.kind.id}>{t("agency.kind")}</Label>
          <select
            {...getSelectProps(fields.kind)}
            key={fields.kind.key}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm"
            data-testid="share-kind"
          >
            {AGENCY_DOCUMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
          <ErrorList id={fields.kind.errorId} errors={fields.kind.errors} ns={DOCUMENT_ERROR_NS} />
        </div>
        <FileField label={t("upload.file")} meta={fields.file} required />
        <div className="sm:col-span-3">
          <SubmitButton data-testid="share-submit">{t("agency.submit")}</SubmitButton>
          <ErrorList id={form.errorId} errors={form.errors} ns={DOCUMENT_ERROR_NS} />
        </div>
      </ProgressForm>
    </section>
  );
}
