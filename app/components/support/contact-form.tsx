import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, TextField } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { SubmitButton } from "~/components/submit-button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { MAX_UPLOAD_BYTES } from "#server/modules/candidates/contract";
import { ERASURE_GRACE_DAYS } from "#server/modules/erasure/contract";
import { contactSchema, FAQ_TOPICS, SUPPORT_MESSAGE_MAX, type RequestKind } from "#server/modules/support/contract";

export const NS = ["support", "common"];
const selectClass =
  "h-10 rounded-md border border-input bg-background px-3 text-sm aria-[invalid=true]:border-destructive";

/**
 * The contact form: topic, kind (deletion and export for candidates), name and e-mail (the
 * account's, prefilled), message and an optional file. A plain multipart form: it works without
 * JavaScript, and a refused form comes back with every field typed (the file must be chosen again).
 */
export function ContactForm({
  result,
  kinds,
  defaults,
}: {
  result: SubmissionResult<string[]> | null;
  kinds: RequestKind[];
  defaults: { name: string; email: string };
}) {
  const { t } = useTranslation(NS);
  const [form, fields] = useZodForm(contactSchema, result, {
    id: "contact",
    defaultValue: { ...defaults, kind: "question" },
    browserValidation: false,
  });
  return (
    <Form
      method="post"
      action="/support"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="group grid gap-3"
      data-testid="contact-form"
    >
      <div className="grid gap-3 sm:grid-cols-2 [&>*]:min-w-0">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={fields.topic.id}>{t("contact.topic")}</Label>
          <select {...getSelectProps(fields.topic)} key={fields.topic.key} className={selectClass}>
            <option value="">{t("contact.chooseTopic")}</option>
            {FAQ_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {t(`topics.${topic}`)}
              </option>
            ))}
          </select>
          <ErrorList id={fields.topic.errorId} errors={fields.topic.errors} ns={NS} />
        </div>
        {kinds.length > 1 ? (
          <div className="grid content-start gap-1.5">
            <Label htmlFor={fields.kind.id}>{t("contact.kind")}</Label>
            <select {...getSelectProps(fields.kind)} key={fields.kind.key} className={selectClass}>
              {kinds.map((k) => (
                <option key={k} value={k} className={`kind-${k}`}>
                  {t(`kinds.${k}`)}
                </option>
              ))}
            </select>
            <ErrorList id={fields.kind.errorId} errors={fields.kind.errors} ns={NS} />
          </div>
        ) : (
          <input type="hidden" name={fields.kind.name} value="question" />
        )}
        <TextField label={t("contact.name")} meta={fields.name} autoComplete="name" ns={NS} />
        <TextField label={t("contact.email")} meta={fields.email} type="email" autoComplete="email" ns={NS} />
      </div>
      {kinds.includes("deletion") ? (
        // shown once "delete my account" is chosen, by CSS alone (the form works without JavaScript);
        // a refused password keeps it shown, with its error
        <div
          className={fields.password.errors ? "grid gap-1.5" : "hidden gap-1.5 group-has-[.kind-deletion:checked]:grid"}
          data-testid="contact-password"
        >
          <TextField
            label={t("contact.password")}
            meta={fields.password}
            type="password"
            autoComplete="current-password"
            ns={NS}
          />
          <p className="text-xs text-muted-foreground">{t("contact.passwordHint", { days: ERASURE_GRACE_DAYS })}</p>
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={fields.message.id}>{t("contact.message")}</Label>
        <Textarea
          {...getTextareaProps(fields.message)}
          key={fields.message.key}
          maxLength={SUPPORT_MESSAGE_MAX}
          rows={6}
          className="rounded-md border border-input bg-background px-3 py-2 text-sm"
        />
        <p className="text-xs text-muted-foreground">{t("contact.messageHint", { max: SUPPORT_MESSAGE_MAX })}</p>
        <ErrorList id={fields.message.errorId} errors={fields.message.errors} ns={NS} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="contact-attachment">{t("contact.attachment")}</Label>
        <input
          id="contact-attachment"
          type="file"
          name="attachment"
          accept=".pdf,.odt,.doc,.docx,.png,.jpg,.jpeg"
          aria-describedby="contact-attachment-hint"
          className="w-full min-w-0 max-w-full text-sm"
          data-testid="contact-attachment"
        />
        <p id="contact-attachment-hint" className="text-xs text-muted-foreground">
          {t("contact.attachmentHint", { mb: MAX_UPLOAD_BYTES / 1024 / 1024 })}
        </p>
        <ErrorList id="contact-attachment-error" errors={result?.error?.attachment ?? undefined} ns={NS} />
      </div>
      {/* people never see or fill this field; bots do (the request is then dropped) */}
      <div aria-hidden className="sr-only">
        <label>
          Website
          <input {...getInputProps(fields.website, { type: "text" })} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
      <div>
        <SubmitButton data-testid="contact-submit">{t("contact.submit")}</SubmitButton>
      </div>
    </Form>
  );
}
