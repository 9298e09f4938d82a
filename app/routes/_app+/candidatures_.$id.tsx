import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { SendMail } from "~/components/applications/send-mail";
import { ProposeMission } from "~/components/applications/propose-mission";
import { StatusBadge } from "~/components/applications/status-badge";
import { Timeline } from "~/components/applications/timeline";
import { ErrorList } from "~/components/forms/field";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { Textarea } from "~/components/ui/textarea";
import { useLive } from "~/hooks/use-live";
import { INTERESTS, NOTE_MAX } from "#server/modules/applications/contract";
import { StatusChoice } from "~/components/applications/status-choice";
import { ApplicationAnswers, ApplicationCandidate } from "~/components/applications/application-candidate";
import type { DetailsReply, loader } from "./candidatures_.$id.server";

export { action, loader } from "./candidatures_.$id.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = {
  i18n: ["common", "applications", "reference", "placements", "documents", "profile", "candidate-file"],
};
const NS = ["applications", "common"];

export default function ApplicationDetails() {
  const { t } = useTranslation(NS);
  const { application: a, nextStatuses, canHandle, composer, now } = useLoaderData<typeof loader>();
  const reply = useActionReply<DetailsReply>();
  // this application's own events (another consultant acting) refresh the page
  useLive((e) => e.streamId === `application-${a.id}`);
  const errorFor = (intent: string) => (reply && reply.intent === intent && reply.error ? [reply.error] : undefined);
  return (
    <div
      className="grid max-w-5xl gap-6"
      data-testid="application-details"
      data-status={a.status}
      data-version={a.version}
    >
      <PageHeader
        title={a.candidateName}
        actions={
          <Link to="/candidatures" className="text-sm text-primary underline">
            {t("details.back")}
          </Link>
        }
      >
        <StatusBadge status={a.status} withdrawn={Boolean(a.withdrawnAt)} />
      </PageHeader>
      {reply?.ok && reply.intent !== "mail" && (
        <StatusNotice tone="success" testId="saved">
          {t("details.saved")}
        </StatusNotice>
      )}

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-6">
          <ApplicationCandidate application={a} now={now} fileLink={canHandle} />
          <ApplicationAnswers application={a} />

          {a.message && (
            <section className="card-surface grid gap-2 p-5">
              <h2 className="font-semibold">{t("details.message")}</h2>
              <p className="whitespace-pre-wrap text-sm" data-testid="candidate-message">
                {a.message}
              </p>
            </section>
          )}

          {composer && <SendMail composer={composer} reply={reply?.intent === "mail" ? reply : undefined} />}

          <section className="card-surface grid gap-3 p-5">
            <h2 className="font-semibold">{t("history")}</h2>
            <Timeline items={a.timeline} />
          </section>
        </div>

        {canHandle && (
          <aside className="grid content-start gap-6">
            <section className="card-surface grid gap-3 p-5" data-testid="status-actions">
              <h2 className="font-semibold">{t("details.changeStatus")}</h2>
              {nextStatuses.length === 0 ? (
                <p className="text-sm text-muted-foreground" data-testid="status-locked">
                  {t("failed_operation_update_status")}
                </p>
              ) : (
                <StatusForm next={nextStatuses} version={a.version} />
              )}
              <ErrorList errors={errorFor("status")} ns={NS} />
            </section>

            <section className="card-surface grid gap-3 p-5">
              <h2 className="font-semibold">{t("details.interest")}</h2>
              <Form method="post" className="flex flex-wrap gap-2" data-testid="interest-form">
                <input type="hidden" name="intent" value="interest" />
                <input type="hidden" name="version" value={a.version} />
                {INTERESTS.map((i) => (
                  <SubmitButton
                    key={i}
                    name="interest"
                    value={i}
                    size="sm"
                    variant={a.interest === i ? "default" : "outline"}
                    aria-pressed={a.interest === i}
                    data-testid={`interest-${i}`}
                  >
                    {t(`interest.${i}`)}
                  </SubmitButton>
                ))}
              </Form>
              <ErrorList errors={errorFor("interest")} ns={NS} />
            </section>

            <section className="card-surface grid gap-3 p-5">
              <h2 className="font-semibold">{t("details.note")}</h2>
              <p className="text-xs text-muted-foreground">{t("details.noteHint")}</p>
              <Form
                method="post"
                className="grid gap-2"
                key={reply?.intent === "note" && reply.ok ? a.version : "note"}
              >
                <input type="hidden" name="intent" value="note" />
                <Textarea
                  id="application-note"
                  name="note"
                  rows={3}
                  maxLength={NOTE_MAX}
                  required
                  aria-label={t("details.note")}
                  defaultValue={reply?.intent === "note" && !reply.ok ? reply.note : ""}
                  className="rounded-md border bg-background p-2 text-sm"
                  data-testid="note-input"
                />
                <ErrorList errors={errorFor("note")} ns={NS} />
                <SubmitButton size="sm" className="justify-self-start" data-testid="note-submit">
                  {t("details.addNote")}
                </SubmitButton>
              </Form>
            </section>
            <ProposeMission applicationId={a.id} adId={a.adId} adTitle={a.adTitle} />
          </aside>
        )}
      </div>
    </div>
  );
}

function StatusForm({ next, version }: { next: number[]; version: number }) {
  const { t } = useTranslation(NS);
  return (
    <Form method="post" className="grid gap-2" data-testid="status-form">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="version" value={version} />
      <StatusChoice statuses={next} testId="details" />
      <SubmitButton size="sm" className="justify-self-start" data-testid="status-submit">
        {t("details.apply")}
      </SubmitButton>
    </Form>
  );
}
