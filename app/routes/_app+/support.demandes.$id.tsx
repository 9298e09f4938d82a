import { getFormProps, getTextareaProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { NS } from "~/components/support/contact-form";
import { Badge } from "~/components/ui/badge";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { useActionReply } from "~/hooks/use-action-reply";
import { useLive } from "~/hooks/use-live";
import { formatDate } from "~/utils/dates";
import { MANUAL_STATUSES, replySchema, SUPPORT_MESSAGE_MAX } from "#server/modules/support/contract";
import type { loader, RequestReply } from "./support.demandes.$id.server";

export { action, loader } from "./support.demandes.$id.server";

export const meta: MetaFunction = () => [{ title: "Support · Missio" }];
export const handle = { i18n: ["common", "support"] };

/** One support request: its messages, the answer (admins) or the reply (its requester), live. */
export default function SupportRequestPage() {
  const { t } = useTranslation(NS);
  const { request, admin, sent } = useLoaderData<typeof loader>();
  const reply = useActionReply<RequestReply>();
  // an answer, a reply or a status set elsewhere shows at once
  useLive((e) => e.streamId === `support-${request.id}`);
  const [form, fields] = useZodForm(replySchema, reply?.intent !== "status" ? reply?.result : null, { id: "reply" });
  // an admin answers the others' requests; a requester replies to their own
  const intent = admin && !request.mine ? "answer" : "reply";
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader
        title={t(`topics.${request.topic}`)}
        actions={
          <Link to={admin ? "/support/boite" : "/support"} className="text-sm text-primary hover:underline">
            {admin ? t("inbox.title") : t("title")}
          </Link>
        }
      >
        <Badge data-testid="request-status">{t(`statuses.${request.status}`)}</Badge>
        {request.kind !== "question" && <Badge data-testid="request-kind">{t(`kinds.${request.kind}`)}</Badge>}
      </PageHeader>
      {sent && (
        <StatusNotice tone="success" testId="request-sent">
          {t("contact.sent")}
        </StatusNotice>
      )}
      <p className="text-sm text-muted-foreground">
        {request.name} · {request.email} · {formatDate(request.createdAt)}
      </p>
      {admin && request.kind === "deletion" && (
        // carried out or waited for on the erasure requests' page (ADR 0048)
        <Link to="/demandes-effacement" className="text-sm text-primary hover:underline" data-testid="request-erasures">
          {t("request.erasures")}
        </Link>
      )}
      {request.attachmentName && (
        <a
          href={`/support/demandes/${request.id}/piece-jointe`}
          className="text-sm text-primary hover:underline"
          data-testid="request-attachment"
        >
          {t("request.attachment", { name: request.attachmentName })}
        </a>
      )}
      <ol className="grid gap-3" data-testid="messages">
        {request.messages.map((m, i) => (
          <li
            key={i}
            className={m.fromRequester ? "card-surface p-3" : "rounded-md border border-primary/40 bg-primary/5 p-3"}
            data-testid={m.fromRequester ? "message-requester" : "message-admin"}
          >
            <p className="text-xs text-muted-foreground">
              {m.fromRequester ? request.name : t("request.supportTeam")} · {formatDate(m.at)}
            </p>
            <p className="whitespace-pre-line text-sm">
              {m.body || <span className="italic text-muted-foreground">{t("request.noMessage")}</span>}
            </p>
          </li>
        ))}
      </ol>
      {(admin || !request.visitor) && (
        <Form method="post" {...getFormProps(form)} className="grid gap-2" data-testid="reply-form">
          <Label htmlFor={fields.message.id}>{intent === "answer" ? t("request.answer") : t("request.reply")}</Label>
          <Textarea
            {...getTextareaProps(fields.message)}
            key={fields.message.key}
            maxLength={SUPPORT_MESSAGE_MAX}
            rows={4}
            className="rounded-md border border-input bg-background px-3 py-2 text-sm"
          />
          <ErrorList id={fields.message.errorId} errors={fields.message.errors} ns={NS} />
          <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
          <div>
            <SubmitButton name="intent" value={intent} data-testid="reply-submit">
              {intent === "answer" ? t("request.sendAnswer") : t("request.sendReply")}
            </SubmitButton>
          </div>
        </Form>
      )}
      {admin && (
        <Form method="post" className="flex flex-wrap items-center gap-2" data-testid="status-form">
          <input type="hidden" name="intent" value="status" />
          {MANUAL_STATUSES.map((s) => (
            <SubmitButton key={s} name="status" value={s} variant="outline" size="sm" data-testid={`set-${s}`}>
              {t(`request.set.${s}`)}
            </SubmitButton>
          ))}
          {reply?.intent === "status" && <ErrorList errors={reply.result.error?.[""] ?? undefined} ns={NS} />}
        </Form>
      )}
    </div>
  );
}
