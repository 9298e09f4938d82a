import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/empty-state";
import { ErrorList, TextField } from "~/components/forms/field";
import { SelectField } from "~/components/forms/select-field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { useLive } from "~/hooks/use-live";
import { placeholderList, TEMPLATE_BODY_MAX, TEMPLATE_LANGUAGES, TEMPLATE_PURPOSES, templateSchema } from "#server/modules/applications/contract";
import type { loader, TemplatesReply } from "./candidatures_.modeles.server";

export { action, loader } from "./candidatures_.modeles.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "applications"] };
const NS = ["applications", "common"];

type Row = ReturnType<typeof useLoaderData<typeof loader>>["templates"][number];

export default function ReplyTemplates() {
  const { t } = useTranslation(NS);
  const data = useLoaderData<typeof loader>();
  const reply = useActionReply<TemplatesReply>();
  // a colleague's change shows without reloading
  useLive((e) => e.type.startsWith("ReplyTemplate"));
  const saved = data.templates.find((x) => x.id === data.saved);
  const full = data.templates.length >= data.max;
  return (
    <div className="grid max-w-5xl gap-6" data-testid="reply-templates">
      <PageHeader
        title={t("templates.title")}
        actions={
          <>
            <span className="text-sm text-muted-foreground" data-testid="template-count">
              {t("templates.count", { count: data.templates.length, max: data.max })}
            </span>
            <Link to="/candidatures" className="text-sm text-primary underline">
              {t("templates.back")}
            </Link>
          </>
        }
      />
      <p className="text-sm text-muted-foreground">{t("templates.intro")}</p>
      {saved && (
        <StatusNotice tone="success" testId="template-saved">
          {t("templates.saved", { name: saved.name })}
        </StatusNotice>
      )}
      {data.deleted && <StatusNotice testId="template-deleted">{t("templates.deleted")}</StatusNotice>}
      {reply?.error && <ErrorList errors={[reply.error]} ns={NS} />}

      <details className="card-surface p-5" open={data.templates.length === 0 || reply?.intent === "create"} data-testid="create-template">
        <summary className="cursor-pointer font-semibold">{t("templates.create")}</summary>
        {full ? (
          <p className="mt-3 text-sm">{t("templates.limit", { max: data.max })}</p>
        ) : (
          <TemplateForm intent="create" language={data.language} lastResult={reply?.intent === "create" ? reply.result : undefined} />
        )}
      </details>

      {data.templates.length === 0 ? (
        <EmptyState message={t("templates.empty")} testId="no-templates" />
      ) : (
        TEMPLATE_PURPOSES.map((purpose) => {
          const rows = data.templates.filter((x) => x.purpose === purpose);
          if (!rows.length) return null;
          return (
            <section key={purpose} className="grid gap-3" data-testid={`purpose-${purpose}`}>
              <h2 className="text-lg font-semibold">{t(`templates.purposes.${purpose}`)}</h2>
              <ul className="grid gap-3">
                {rows.map((row) => (
                  <TemplateRow
                    key={row.id}
                    row={row}
                    editing={data.editing === row.id || (reply?.intent === "change" && reply.templateId === row.id)}
                    confirming={data.confirmDelete === row.id}
                    reply={reply?.templateId === row.id ? reply : undefined}
                  />
                ))}
              </ul>
            </section>
          );
        })
      )}
    </div>
  );
}

function TemplateRow({ row, editing, confirming, reply }: { row: Row; editing: boolean; confirming: boolean; reply?: TemplatesReply }) {
  const { t } = useTranslation(NS);
  return (
    <li className="card-surface grid gap-2 p-4" data-testid="template" data-id={row.id} data-name={row.name}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-secondary px-2 py-0.5 text-xs font-semibold" title={t(`common:languages.${row.language}`)} data-testid="template-language">
          {row.language.toUpperCase()}
        </span>
        <h3 className="font-medium" data-testid="template-name">
          {row.name}
        </h3>
        {row.forRefusals && (
          <span className="rounded-full bg-amber-100 px-2 text-xs text-amber-900" data-testid="for-refusals">
            {t("templates.forRefusals")}
          </span>
        )}
        <div className="ml-auto flex gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={`?edit=${row.id}`} preventScrollReset data-testid="edit-template">
              {t("templates.edit")}
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to={`?delete=${row.id}`} preventScrollReset data-testid="delete-template">
              {t("templates.delete")}
            </Link>
          </Button>
        </div>
      </div>
      <p className="text-sm" data-testid="template-subject">
        {row.subject}
      </p>
      {!editing && <p className="line-clamp-3 whitespace-pre-wrap text-sm text-muted-foreground">{row.body}</p>}
      {reply?.error && <ErrorList errors={[reply.error]} ns={NS} />}
      {confirming && (
        <Form
          method="post"
          className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
          role="alertdialog"
          aria-label={t("templates.confirmDelete", { name: row.name })}
          data-testid="confirm-delete-panel"
        >
          <span>{t("templates.confirmDelete", { name: row.name })}</span>
          <input type="hidden" name="templateId" value={row.id} />
          <SubmitButton name="intent" value="delete" variant="destructive" size="sm" data-testid="confirm-delete">
            {t("templates.delete")}
          </SubmitButton>
          <Link to="/candidatures/modeles" preventScrollReset className="text-primary underline">
            {t("common:actions.cancel")}
          </Link>
        </Form>
      )}
      {editing && <TemplateForm intent="change" template={row} language={row.language} lastResult={reply?.intent === "change" ? reply.result : undefined} />}
    </li>
  );
}

/** The create and edit form: the same schema as the server, input kept when refused. */
function TemplateForm({
  intent,
  template,
  language,
  lastResult,
}: {
  intent: "create" | "change";
  template?: Row;
  language: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation(NS);
  const [form, fields] = useZodForm(templateSchema, lastResult, {
    id: template ? `template-${template.id}` : "template-new",
    defaultValue: template
      ? { name: template.name, purpose: template.purpose, language: template.language, subject: template.subject, body: template.body }
      : { purpose: "refusal", language },
  });
  const values = { placeholders: placeholderList() };
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3" data-testid={`${intent}-template-form`}>
      <input type="hidden" name="intent" value={intent} />
      {template && <input type="hidden" name="templateId" value={template.id} />}
      <div className="grid gap-3 md:grid-cols-3">
        <TextField label={t("templates.fields.name")} meta={fields.name} ns={NS} />
        <SelectField
          label={t("templates.fields.purpose")}
          meta={fields.purpose}
          options={TEMPLATE_PURPOSES.map((p) => ({ value: p, label: t(`templates.purposes.${p}`) }))}
        />
        <SelectField
          label={t("templates.fields.language")}
          meta={fields.language}
          options={TEMPLATE_LANGUAGES.map((l) => ({ value: l, label: t(`common:languages.${l}`) }))}
        />
      </div>
      <TextField label={t("templates.fields.subject")} meta={fields.subject} ns={NS} values={values} />
      <div className="grid gap-1.5">
        <Label htmlFor={fields.body.id}>{t("templates.fields.body")}</Label>
        <Textarea
          {...getTextareaProps(fields.body)}
          key={fields.body.key}
          rows={8}
          maxLength={TEMPLATE_BODY_MAX}
          className="rounded-md border bg-background p-2 text-sm"
          data-testid="template-body"
        />
        <ErrorList id={fields.body.errorId} errors={fields.body.errors} ns={NS} values={values} />
      </div>
      <p className="text-xs text-muted-foreground">{t("templates.placeholdersHint", values)}</p>
      <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
      <div className="flex items-center gap-3">
        <SubmitButton size="sm" data-testid={`${intent}-template-submit`}>
          {t(intent === "create" ? "templates.createSubmit" : "templates.save")}
        </SubmitButton>
        {template && (
          <Link to="/candidatures/modeles" preventScrollReset className="text-sm text-primary underline">
            {t("common:actions.cancel")}
          </Link>
        )}
      </div>
    </Form>
  );
}
