import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DossierHistory } from "~/components/presentations/dossier-history";
import { DossierLink } from "~/components/presentations/dossier-link";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { useActionReply } from "~/hooks/use-action-reply";
import { useLive } from "~/hooks/use-live";
import { formatDate } from "~/utils/dates";
import type { DossierReply, loader } from "./mes-dossiers_.presentations_.$id.server";

export { action, loader } from "./mes-dossiers_.presentations_.$id.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "presentations"] };
const NS = ["presentations", "common"];

/** A presentation dossier (issue 29, ADR 0044): the client's answers arrive live through the agency's room. */
export default function Presentation() {
  const { t } = useTranslation(NS);
  const { dossier } = useLoaderData<typeof loader>();
  const reply = useActionReply<DossierReply>();
  useLive((e) => e.streamId === `presentation-${dossier.id}`);
  return (
    <div className="grid max-w-5xl gap-6" data-testid="presentation" data-version={dossier.version}>
      <PageHeader title={dossier.title} />
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Link to="/mes-dossiers/presentations" className="text-primary hover:underline">
          {t("page.back")}
        </Link>
        <span>{dossier.companyName}</span>
        <Badge data-testid="presentation-status">{t(`status.${dossier.status}`)}</Badge>
        <span className="text-muted-foreground">
          {t("page.settings", {
            language: t(`languages.${dossier.language}`),
            anonymised: t(dossier.anonymised ? "page.anonymised" : "page.named"),
          })}
        </span>
        <a
          href={`/mes-dossiers/presentations/${dossier.id}/pdf`}
          className="text-primary underline"
          data-testid="presentation-pdf"
        >
          {t("page.pdf")}
        </a>
      </div>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <section className="grid content-start gap-3" aria-labelledby="dossier-candidates">
          <h2 id="dossier-candidates" className="font-semibold">
            {t("page.candidates")}
          </h2>
          <p className="text-xs text-muted-foreground">{t("page.live")}</p>
          <p className="text-sm" data-testid="presentation-opened">
            {dossier.firstOpenedAt && dossier.lastOpenedAt
              ? t("page.opened", { first: formatDate(dossier.firstOpenedAt), last: formatDate(dossier.lastOpenedAt) })
              : t("page.notOpened")}
          </p>
          <ol className="grid gap-2">
            {dossier.members.map((m) => (
              <li
                key={m.candidateId}
                className="card-surface grid gap-1 p-3"
                data-testid="presentation-member"
                data-answer={m.answer ?? ""}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="tabular-nums text-muted-foreground">#{m.position + 1}</span>
                  <Link to={`/cv-theque/${m.candidateId}`} className="font-medium text-primary hover:underline">
                    {m.name}
                  </Link>
                  <Badge data-testid="member-answer">{m.answer ? t(`answers.${m.answer}`) : t("page.noAnswer")}</Badge>
                  {m.answeredAt && (
                    <span className="text-xs text-muted-foreground">
                      {t("page.answeredOn", { date: formatDate(m.answeredAt) })}
                    </span>
                  )}
                </div>
                {m.answerComment && <p className="text-sm italic">{m.answerComment}</p>}
                {m.comment && <p className="text-xs text-muted-foreground">{m.comment}</p>}
              </li>
            ))}
          </ol>
        </section>
        <aside className="grid content-start gap-6">
          <DossierLink dossier={dossier} reply={reply} />
          <DossierHistory history={dossier.history} />
        </aside>
      </div>
    </div>
  );
}
