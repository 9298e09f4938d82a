import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BuilderForm, NS } from "~/components/presentations/builder-form";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { useActionReply } from "~/hooks/use-action-reply";
import type { BuildReply, loader } from "./mes-dossiers_.presentations_.nouveau.server";

export { action, loader } from "./mes-dossiers_.presentations_.nouveau.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "documents", "presentations"] };

/** The presentation dossier's builder (issue 29, ADR 0044), from a folder or a selection of candidates. */
export default function NewPresentation() {
  const { t } = useTranslation(NS);
  const { candidates, clients, folder } = useLoaderData<typeof loader>();
  const reply = useActionReply<BuildReply>();
  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeader title={t("new")} />
      <Link to="/mes-dossiers/presentations" className="text-sm text-primary hover:underline">
        {t("page.back")}
      </Link>
      {candidates.length === 0 ? (
        <EmptyState message={t("builder.noCandidates")} testId="builder-no-candidates" />
      ) : clients.length === 0 ? (
        <EmptyState message={t("builder.noClients")} testId="builder-no-clients" />
      ) : (
        <BuilderForm
          candidates={candidates}
          clients={clients}
          result={reply?.result ?? null}
          defaultTitle={folder?.name ?? ""}
        />
      )}
    </div>
  );
}
