import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { AddToFolderLink } from "~/components/folders/add-to-folder-link";
import { EmptyState } from "~/components/empty-state";
import { ErrorList } from "~/components/forms/field";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { useLive } from "~/hooks/use-live";
import { formatDate } from "~/utils/dates";
import { formatDay } from "~/components/placements/format";
import type { loader, ProposalsReply } from "./candidatures_.propositions.server";

export { action, loader } from "./candidatures_.propositions.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "applications", "placements", "candidate-file", "folders"] };
const NS = ["placements", "applications", "common"];

type Proposal = ReturnType<typeof useLoaderData<typeof loader>>["proposals"][number];

/** The agency's proposals, live: each candidate's answer, the pick (pick mode), close or cancel; then the validated missions. */
export default function AgencyProposals() {
  const { t } = useTranslation(NS);
  const data = useLoaderData<typeof loader>();
  const reply = useActionReply<ProposalsReply>();
  const done = useSearchParams()[0].get("done");
  useLive((e) => e.type.startsWith("Proposal") || e.type === "PlacementValidated");
  return (
    <div className="grid max-w-5xl gap-6" data-testid="agency-proposals">
      <PageHeader
        title={t("agency.title")}
        actions={
          <Link to="/candidatures" className="text-sm text-primary underline">
            {t("agency.back")}
          </Link>
        }
      />
      {/* the propose form of an application's details, sent without JavaScript, lands here */}
      {reply?.intent === "propose" &&
        (reply.proposalId ? (
          <StatusNotice tone="success" testId="proposal-sent">
            {t("propose.sent")}
          </StatusNotice>
        ) : (
          <ErrorList
            errors={[...new Set(Object.values(reply.result.error ?? {}).flat())].filter((e): e is string => Boolean(e))}
            ns={NS}
          />
        ))}
      {reply && reply.intent !== "propose" && <ErrorList errors={[reply.error]} ns={NS} />}
      {!reply && (done === "choose" || done === "close" || done === "cancel") && (
        <StatusNotice tone="success" testId="proposal-done">
          {t(`agency.done.${done}`)}
        </StatusNotice>
      )}

      <section className="grid gap-3" aria-labelledby="proposals-heading">
        <h2 id="proposals-heading" className="font-semibold">
          {t("agency.proposals")}
        </h2>
        {data.proposals.length === 0 ? (
          <EmptyState testId="no-proposals" message={t("agency.empty")} />
        ) : (
          <ul className="grid gap-3">
            {data.proposals.map((p) => (
              <ProposalCard key={p.id} p={p} canHandle={data.canHandle} />
            ))}
          </ul>
        )}
      </section>

      <section className="grid gap-3" aria-labelledby="missions-heading">
        <h2 id="missions-heading" className="font-semibold">
          {t("agency.missions")}
        </h2>
        {data.missions.length === 0 ? (
          <EmptyState testId="no-missions" message={t("agency.noMissions")} />
        ) : (
          <ul className="grid gap-2">
            {data.missions.map((m) => (
              <li
                key={m.id}
                className="card-surface flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
                data-testid="agency-mission"
                data-id={m.id}
                data-proposal={m.proposalId ?? ""}
              >
                <span>
                  {data.canHandle ? (
                    <Link to={`/cv-theque/${m.candidateId}`} className="font-semibold text-primary underline">
                      {m.candidateName}
                    </Link>
                  ) : (
                    <strong>{m.candidateName}</strong>
                  )}{" "}
                  · {m.adTitle} · {m.placeName}
                  {data.canHandle && (
                    <AddToFolderLink candidateId={m.candidateId} className="ml-2 text-xs text-primary underline" />
                  )}
                </span>
                <span className="text-muted-foreground">
                  {m.startDate
                    ? t("dates.range", { start: formatDay(m.startDate), end: formatDay(m.endDate) })
                    : t("dates.toBeAgreed", { end: formatDay(m.endDate) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ProposalCard({ p, canHandle }: { p: Proposal; canHandle: boolean }) {
  const { t } = useTranslation(NS);
  const placed = p.candidates.filter((c) => c.response === "chosen").length;
  const open = p.status === "open";
  return (
    <li
      id={`proposal-${p.id}`}
      className="card-surface grid gap-3 p-4"
      data-testid="agency-proposal"
      data-id={p.id}
      data-status={p.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-0.5">
          <p className="font-medium" data-testid="proposal-title">
            {p.adTitle}
          </p>
          <p className="text-sm text-muted-foreground">
            {t(`modes.${p.mode}`)} · {t("agency.placed", { placed, places: p.places })} ·{" "}
            {t("expires", { date: formatDate(p.expiresAt) })}
            {p.consultantName ? ` · ${p.consultantName}` : ""}
          </p>
        </div>
        <span className="rounded-full bg-secondary px-3 py-1 text-xs font-medium" data-testid="proposal-status">
          {t(`status.${p.status}`)}
        </span>
      </div>
      {p.message && <p className="whitespace-pre-wrap text-sm">{p.message}</p>}
      <ul className="grid gap-1 text-sm">
        {p.candidates.map((c) => (
          <li
            key={c.id}
            className="flex flex-wrap items-center justify-between gap-2"
            data-testid="proposal-candidate"
            data-candidate={c.id}
            data-response={c.response}
          >
            <span>{c.name}</span>
            <span className="flex items-center gap-2">
              <span className="text-muted-foreground">{t(`response.${c.response}`)}</span>
              {canHandle && open && p.mode === "pick" && c.response === "accepted" && (
                <Form method="post">
                  <input type="hidden" name="proposalId" value={p.id} />
                  <input type="hidden" name="candidateId" value={c.id} />
                  <SubmitButton size="sm" name="intent" value="choose" data-testid="choose-candidate">
                    {t("agency.choose")}
                  </SubmitButton>
                </Form>
              )}
            </span>
          </li>
        ))}
      </ul>
      {canHandle && open && (
        <Form method="post" className="flex flex-wrap gap-2 justify-self-end">
          <input type="hidden" name="proposalId" value={p.id} />
          <SubmitButton size="sm" variant="outline" name="intent" value="close" data-testid="close-proposal">
            {t("agency.close")}
          </SubmitButton>
          {placed === 0 && (
            <SubmitButton size="sm" variant="outline" name="intent" value="cancel" data-testid="cancel-proposal">
              {t("agency.cancel")}
            </SubmitButton>
          )}
        </Form>
      )}
    </li>
  );
}
