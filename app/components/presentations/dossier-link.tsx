import { getFormProps, getSelectProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { Label } from "~/components/ui/label";
import { formatDate } from "~/utils/dates";
import { sendDossierSchema } from "#server/modules/presentations/contract";
import type { DossierReply } from "~/routes/_app+/mes-dossiers_.presentations_.$id.server";

const NS = ["presentations", "common"];

/**
 * The client link: its expiry, create (or create anew), revoke; a new link's address is shown once
 * (only its hash is kept). Sending mails a new link to one of the client company's users.
 */
export function DossierLink({
  dossier,
  reply,
}: {
  dossier: {
    linkActive: boolean;
    linkExpiresAt: string | null;
    recipients: { id: string; name: string; email: string }[];
  };
  reply: DossierReply | undefined;
}) {
  const { t } = useTranslation(NS);
  const sendResult = reply?.intent === "send" ? (reply.result ?? null) : null;
  const [form, fields] = useZodForm(sendDossierSchema, sendResult, { id: "send-dossier" });
  const sent = reply?.intent === "send" && reply.result?.status === "success";
  return (
    <>
      <section className="card-surface grid gap-2 p-4" data-testid="presentation-link">
        <h2 className="font-semibold">{t("link.title")}</h2>
        <p className="text-sm" data-testid="link-state" data-active={dossier.linkActive}>
          {dossier.linkActive && dossier.linkExpiresAt
            ? t("link.activeUntil", { date: formatDate(dossier.linkExpiresAt) })
            : t("link.none")}
        </p>
        {reply?.intent === "issue" && reply.link && (
          <StatusNotice tone="success" testId="fresh-link">
            <span className="block">{t("link.copy")}</span>
            <input
              readOnly
              value={reply.link}
              aria-label={t("link.title")}
              className="mt-1 w-full rounded border bg-background px-2 py-1 font-mono text-xs"
              data-testid="fresh-link-url"
            />
          </StatusNotice>
        )}
        <Form method="post" className="flex flex-wrap gap-2">
          <SubmitButton name="intent" value="issue" size="sm" data-testid="link-issue">
            {dossier.linkActive ? t("link.regenerate") : t("link.issue")}
          </SubmitButton>
          {dossier.linkActive && (
            <SubmitButton name="intent" value="revoke" size="sm" variant="outline" data-testid="link-revoke">
              {t("link.revoke")}
            </SubmitButton>
          )}
        </Form>
      </section>
      <section className="card-surface grid gap-2 p-4">
        <h2 className="font-semibold">{t("send.title")}</h2>
        {sent && (
          <StatusNotice tone="success" testId="dossier-sent">
            {t("send.sent")}
          </StatusNotice>
        )}
        {dossier.recipients.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("send.noRecipients")}</p>
        ) : (
          <Form method="post" {...getFormProps(form)} className="grid gap-2" data-testid="send-dossier">
            <Label htmlFor={fields.recipientId.id}>{t("fields.recipient")}</Label>
            <select
              {...getSelectProps(fields.recipientId)}
              key={fields.recipientId.key}
              className="h-9 rounded-md border border-input bg-background px-2 text-sm"
            >
              {dossier.recipients.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name} ({r.email})
                </option>
              ))}
            </select>
            <ErrorList id={fields.recipientId.errorId} errors={fields.recipientId.errors} ns={NS} />
            <p className="text-xs text-muted-foreground">{t("send.hint")}</p>
            <div>
              <SubmitButton name="intent" value="send" size="sm" data-testid="send-submit">
                {t("send.submit")}
              </SubmitButton>
            </div>
          </Form>
        )}
      </section>
    </>
  );
}
