import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, TextField } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import {
  customMailSchema,
  placeholderList,
  TEMPLATE_BODY_MAX,
  type TemplateLanguage,
  type TemplatePurpose,
} from "#server/modules/applications/contract";

const NS = ["applications", "common"];

export interface MailComposer {
  language: string;
  reachable: boolean;
  templates: { id: string; name: string; purpose: TemplatePurpose; language: TemplateLanguage }[];
  picked: { id: string; purpose: TemplatePurpose; subject: string; body: string } | null;
  /** the link to the agency's templates (its staff only) */
  manageTemplates?: boolean;
}

/**
 * "Send an email" on an application's page: pick one of the agency's templates (the page reloads
 * with ?template=<id> and the server fills in its placeholders, so it works without JavaScript) or
 * write freely, edit, send. The mail goes out and shows on the timeline.
 */
export function SendMail({
  composer,
  reply,
}: {
  composer: MailComposer;
  reply?: { ok: boolean; result?: SubmissionResult<string[]> };
}) {
  const { t } = useTranslation(NS);
  const submit = useSubmit();
  const { picked, templates } = composer;
  const own = templates.filter((x) => x.language === composer.language);
  const others = templates.filter((x) => x.language !== composer.language);
  const label = (x: (typeof templates)[number]) =>
    `${x.name} · ${t(`templates.purposes.${x.purpose}`)} · ${x.language.toUpperCase()}`;
  const [form, fields] = useZodForm(customMailSchema, reply?.result, {
    // a new template (or a sent mail) starts a fresh form with its text
    id: `mail-${picked?.id ?? "free"}`,
    defaultValue: { templateId: picked?.id ?? "", subject: picked?.subject ?? "", body: picked?.body ?? "" },
  });
  return (
    <section className="card-surface grid gap-3 p-5" data-testid="send-mail" aria-labelledby="send-mail-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="send-mail-heading" className="font-semibold">
          {t("templates.send.title")}
        </h2>
        {composer.manageTemplates && (
          <Link to="/candidatures/modeles" className="text-sm text-primary underline">
            {t("templates.send.manage")}
          </Link>
        )}
      </div>
      {reply?.ok && (
        <StatusNotice tone="success" testId="mail-sent">
          {t("templates.send.sent")}
        </StatusNotice>
      )}
      {!composer.reachable && <p className="text-sm text-destructive">{t("templates.candidate_unreachable")}</p>}

      <Form
        method="get"
        preventScrollReset
        replace
        className="flex flex-wrap items-end gap-2"
        data-testid="template-picker"
      >
        <div className="grid min-w-64 flex-1 gap-1.5">
          <Label htmlFor="mail-template">{t("templates.send.template")}</Label>
          <select
            id="mail-template"
            name="template"
            defaultValue={picked?.id ?? ""}
            key={picked?.id ?? "free"}
            // with JavaScript the choice applies at once; without, the button below does it
            onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true, replace: true })}
            className="h-9 rounded-md border bg-background px-2 text-sm"
            data-testid="template-select"
          >
            <option value="">{t("templates.send.free")}</option>
            {own.length > 0 && (
              <optgroup
                label={t("templates.send.inLanguage", { language: t(`common:languages.${composer.language}`) })}
              >
                {own.map((x) => (
                  <option key={x.id} value={x.id}>
                    {label(x)}
                  </option>
                ))}
              </optgroup>
            )}
            {others.length > 0 && (
              <optgroup label={t("templates.send.otherLanguages")}>
                {others.map((x) => (
                  <option key={x.id} value={x.id}>
                    {label(x)}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </div>
        <Button type="submit" variant="outline" size="sm" data-testid="template-use">
          {t("templates.send.use")}
        </Button>
      </Form>

      {/* remounted for another template: its inputs start from that template's text */}
      <Form
        method="post"
        preventScrollReset
        {...getFormProps(form)}
        key={form.id}
        className="grid gap-3"
        data-testid="mail-form"
      >
        <input type="hidden" name="intent" value="mail" />
        {picked && <input type="hidden" name="templateId" value={picked.id} />}
        <TextField
          label={t("templates.fields.subject")}
          meta={fields.subject}
          ns={NS}
          values={{ placeholders: placeholderList() }}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={fields.body.id}>{t("templates.fields.body")}</Label>
          <Textarea
            {...getTextareaProps(fields.body)}
            key={fields.body.key}
            rows={8}
            maxLength={TEMPLATE_BODY_MAX}
            className="rounded-md border bg-background p-2 text-sm"
            data-testid="mail-body"
          />
          <ErrorList
            id={fields.body.errorId}
            errors={fields.body.errors}
            ns={NS}
            values={{ placeholders: placeholderList() }}
          />
        </div>
        <p className="text-xs text-muted-foreground">
          {t("templates.placeholdersHint", { placeholders: placeholderList() })}
        </p>
        <ErrorList id={form.errorId} errors={[...(form.errors ?? []), ...(fields.templateId.errors ?? [])]} ns={NS} />
        <SubmitButton
          size="sm"
          className="justify-self-start"
          data-testid="mail-submit"
          pendingLabel={t("templates.send.sending")}
        >
          {t("templates.send.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
