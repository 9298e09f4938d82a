import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ClientCandidateCard } from "~/components/presentations/client-candidate";
import { AgencyLogo } from "~/components/agency-logo";
import { useActionReply } from "~/hooks/use-action-reply";
import type { AnswerReply, loader } from "./presentations.lien.$token.server";

export { action, loader } from "./presentations.lien.$token.server";

export const meta: MetaFunction = () => [{ title: "Missio" }, { name: "robots", content: "noindex" }];
export const handle = { i18n: ["common", "presentations"] };

/** The client's login-free page of a presentation dossier (issue 29, ADR 0044): the candidates and an answer form for each. */
export default function ClientPresentation() {
  const { t } = useTranslation(["presentations", "common"]);
  const { problem, view, labels } = useLoaderData<typeof loader>();
  const reply = useActionReply<AnswerReply>();
  const failed = reply?.problem ?? problem;
  if (failed || !view || !labels)
    return (
      <div
        className="card-surface grid w-full max-w-md gap-3 p-6"
        data-testid="dossier-link-problem"
        data-state={failed}
      >
        <h1 className="text-xl font-semibold">{t(`link.${failed ?? "invalid"}`)}</h1>
        <p className="text-sm text-muted-foreground">{t("link.problemHint")}</p>
      </div>
    );
  return (
    <div className="grid w-full max-w-3xl gap-4" lang={view.language} data-testid="client-dossier">
      <header className="flex flex-wrap items-center gap-3">
        <AgencyLogo name={view.agencyName} logoId={view.logoId} size="lg" />
        <div>
          <h1 className="text-xl font-semibold">{view.title}</h1>
          <p className="text-sm text-muted-foreground">{labels.heading}</p>
        </div>
      </header>
      {view.candidates.length === 0 && <p className="text-sm">{labels.none}</p>}
      {view.candidates.map((c) => (
        <ClientCandidateCard key={c.n} candidate={c} labels={labels} result={reply?.n === c.n ? reply.result : null} />
      ))}
    </div>
  );
}
