import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DOCUMENT_ERROR_NS } from "~/components/documents/document-fields";
import { DocumentRow } from "~/components/documents/document-row";
import { UploadForm } from "~/components/documents/upload-form";
import { ErrorList } from "~/components/forms/field";
import { PageHeader } from "~/components/page-header";
import { CvParseStatus } from "~/components/profile/cv-suggestions";
import { StatusNotice } from "~/components/status-notice";
import type { loader, Reply } from "./mes-documents.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "documents", "register", "cv"] };

export { action, loader } from "./mes-documents.server";

export default function MyDocuments() {
  const { t } = useTranslation("documents");
  const { documents, cv, done, confirmDelete } = useLoaderData<typeof loader>();
  const actionData = useActionReply<Reply>();
  const [xhrReply, setXhrReply] = useState<Reply | null>(null);
  const reply = xhrReply ?? actionData ?? null;
  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeader
        title={t("title")}
        actions={
          <Link to="/agency-docs" className="text-sm text-primary underline" data-testid="agency-docs-link">
            {t("agencyDocsLink")}
          </Link>
        }
      />
      <p className="text-sm text-muted-foreground">{t("intro")}</p>
      {done && (done === "uploaded" || done === "updated" || done === "deleted") && (
        <StatusNotice tone="success" testId="documents-done">
          {t(`done.${done}`)}
        </StatusNotice>
      )}
      {reply?.intent === "delete" && (
        <ErrorList errors={reply.result.error?.[""] ?? undefined} ns={DOCUMENT_ERROR_NS} />
      )}
      <CvParseStatus parse={cv} />
      <UploadForm lastResult={reply?.intent === "upload" ? reply.result : null} onReply={setXhrReply} />
      {documents.length === 0 ? (
        <p className="card-surface p-6 text-sm" data-testid="no-documents">
          {t("list.empty")}
        </p>
      ) : (
        <ul className="grid gap-3" data-testid="documents">
          {documents.map((d) => (
            <DocumentRow
              key={d.id}
              doc={d}
              confirming={confirmDelete === d.id}
              lastResult={reply?.intent === "update" && reply.documentId === d.id ? reply.result : null}
              onReply={setXhrReply}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
