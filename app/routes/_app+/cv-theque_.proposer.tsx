import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProposeForm } from "~/components/candidate-file/propose-form";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { useActionReply } from "~/hooks/use-action-reply";
import type { BulkProposeReply, loader } from "./cv-theque_.proposer.server";

export { action, loader } from "./cv-theque_.proposer.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "candidate-file", "library", "placements", "applications"] };

/** /cv-theque/proposer: one of the agency's online ads proposed to the candidates ticked in the library. */
export default function BulkPropose() {
  const { t } = useTranslation(["candidate-file", "library", "common"]);
  const { candidates, ads } = useLoaderData<typeof loader>();
  const reply = useActionReply<BulkProposeReply>();
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader
        title={t("bulkPropose.title")}
        actions={
          <Link to="/cv-theque" className="text-sm text-primary underline">
            {t("bulkPropose.back")}
          </Link>
        }
      />
      {reply?.outcomes && (
        <StatusNotice tone="success" testId="bulk-outcomes">
          <ul className="grid gap-1">
            {reply.outcomes.map((o) => (
              <li key={o.candidateId} data-testid="bulk-outcome" data-outcome={o.outcome}>
                {o.name || t("bulkPropose.unknown")}: {t(`outcomes.${o.outcome}`)}
              </li>
            ))}
          </ul>
        </StatusNotice>
      )}
      {candidates.length === 0 ? (
        <StatusNotice tone="info" testId="bulk-empty">
          {t("library:bulk.empty")}
        </StatusNotice>
      ) : (
        <section className="card-surface grid gap-4 p-5">
          <h2 className="font-semibold">{t("bulkPropose.selected", { count: candidates.length })}</h2>
          <ul className="list-inside list-disc text-sm" data-testid="bulk-candidates">
            {candidates.map((c) => (
              <li key={c.id}>{c.name}</li>
            ))}
          </ul>
          <ProposeForm ads={ads} result={reply?.result} id="bulk-propose">
            {candidates.map((c) => (
              <input key={c.id} type="hidden" name="id" value={c.id} />
            ))}
          </ProposeForm>
        </section>
      )}
    </div>
  );
}
