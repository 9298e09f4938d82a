import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { requireAbility } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { PREVIEWABLE } from "#server/modules/candidates/contract";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "documents"] };

/**
 * /candidatures/{id}/documents: the documents of an application's candidate, for the agency's
 * staff (the candidate applied to the agency); the look is recorded in the candidate's stream.
 * Anyone else, another agency included, gets 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.applications");
  const application = await context.services.applications.applicationDetails(user, params.id ?? "");
  const documents = application
    ? await context.services.candidates.openCandidateDocuments(user, application.candidateId)
    : null;
  if (!application || !documents) throw new Response("Not found", { status: 404 });
  return json({ application: { id: application.id, candidateName: application.candidateName }, documents });
}

export default function CandidateDocumentsForAgency() {
  const { t } = useTranslation("documents");
  const { application, documents } = useLoaderData<typeof loader>();
  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeader
        title={`${t("candidate.title")} · ${application.candidateName}`}
        actions={
          <Link to={`/candidatures/${application.id}`} className="text-sm text-primary underline">
            {t("candidate.back")}
          </Link>
        }
      />
      <p className="text-sm text-muted-foreground">{t("candidate.intro")}</p>
      {documents.length === 0 ? (
        <p className="card-surface p-6 text-sm">{t("list.empty")}</p>
      ) : (
        <ul className="grid gap-2" data-testid="candidate-documents">
          {documents.map((d) => {
            const href = `/candidatures/${application.id}/documents/${d.id}`;
            return (
              <li
                key={d.id}
                className="card-surface flex flex-wrap items-center justify-between gap-3 p-3 text-sm"
                data-testid="candidate-document"
              >
                <span>
                  <span className="text-muted-foreground">{t(`categories.${d.category}`)}</span> ·{" "}
                  <span className="font-medium">{d.name}</span> ·{" "}
                  {d.expiresAt ? t("list.expires", { date: formatDate(d.expiresAt) }) : t("list.noExpiry")}
                  {d.expiry === "expired" || d.expiry === "expiring" ? ` · ${t(`state.${d.expiry}`)}` : ""}
                </span>
                <span className="flex gap-3">
                  {PREVIEWABLE.includes(d.mime) && (
                    <a href={`${href}?apercu=1`} target="_blank" rel="noreferrer" className="text-primary underline">
                      {t("actions.preview")}
                    </a>
                  )}
                  <a href={href} download={d.name} className="text-primary underline">
                    {t("actions.download")}
                  </a>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
