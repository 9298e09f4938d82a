import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { DOCUMENT_ERROR_NS } from "~/components/documents/document-fields";
import { ErrorList } from "~/components/forms/field";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { attempt } from "~/utils/action.server";
import { requireAbility } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "documents"] };

/**
 * /agency-docs: the documents the agencies a candidate applied to (or works for) share with them
 * (contracts, rules), to read and acknowledge; the date of their acknowledgement is shown here
 * and to the agency.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const documents = await context.services.agencyDocuments.agencyDocumentsForCandidate(user);
  return json({ documents, done: new URL(request.url).searchParams.get("done") === "1" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const form = await request.formData();
  const documentId = String(form.get("documentId") ?? "");
  const done = await attempt(() => context.services.agencyDocuments.acknowledgeAgencyDocument(user, documentId));
  if (!done.ok) return json({ documentId, error: [done.error.key] }, { status: done.status });
  return redirect("/agency-docs?done=1");
}

export default function AgencyDocs() {
  const { t } = useTranslation("documents");
  const { documents, done } = useLoaderData<typeof loader>();
  const reply = useActionReply<typeof action>();
  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeader
        title={t("agencyDocs.title")}
        actions={
          <Link to="/mes-documents" className="text-sm text-primary underline">
            {t("myDocumentsLink")}
          </Link>
        }
      />
      <p className="text-sm text-muted-foreground">{t("agencyDocs.intro")}</p>
      {done && (
        <StatusNotice tone="success" testId="ack-done">
          {t("agencyDocs.done")}
        </StatusNotice>
      )}
      {reply && <ErrorList errors={reply.error} ns={DOCUMENT_ERROR_NS} />}
      {documents.length === 0 ? (
        <p className="card-surface p-6 text-sm" data-testid="no-agency-documents">
          {t("agencyDocs.empty")}
        </p>
      ) : (
        <ul className="grid gap-3">
          {documents.map((d) => (
            <li key={d.id} className="card-surface grid gap-2 p-4" data-testid="agency-document" data-title={d.title}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium">{d.title}</span>
                <span className="text-sm text-muted-foreground">
                  {d.agencyName} · {t(`kinds.${d.kind}`)} ·{" "}
                  {t("agencyDocs.sharedOn", { date: formatDate(d.createdAt) })}
                </span>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <Button asChild size="sm" variant="outline">
                  <a
                    href={`/documents/${d.id}/fichier?apercu=1`}
                    target="_blank"
                    rel="noreferrer"
                    data-testid="agency-document-open"
                  >
                    {t("agencyDocs.open")}
                  </a>
                </Button>
                {d.acknowledgedAt ? (
                  <span className="text-sm text-emerald-700 dark:text-emerald-300" data-testid="acknowledged-on">
                    {t("agencyDocs.acknowledgedOn", { date: formatDate(d.acknowledgedAt) })}
                  </span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="documentId" value={d.id} />
                    <SubmitButton size="sm" data-testid="acknowledge">
                      {t("agencyDocs.acknowledge")}
                    </SubmitButton>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
