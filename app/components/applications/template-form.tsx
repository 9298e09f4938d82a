import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, TextField } from "~/components/forms/field";
import { SelectField } from "~/components/forms/select-field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { SubmitButton } from "~/components/submit-button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import {
  placeholderList,
  TEMPLATE_BODY_MAX,
  TEMPLATE_LANGUAGES,
  TEMPLATE_PURPOSES,
  templateSchema,
} from "#server/modules/applications/contract";
import type { loader } from "~/routes/_app+/candidatures_.modeles.server";

/** A reply template as the templates page lists it. */
export type TemplateRowData = SerializeFrom<typeof loader>["templates"][number];
const NS = ["applications", "common"];

/** The create and edit form: the same schema as the server, input kept when refused. */
export function TemplateForm({
  intent,
  template,
  language,
  lastResult,
}: {
  intent: "create" | "change";
  template?: TemplateRowData;
  language: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation(NS);
  const [form, fields] = useZodForm(templateSchema, lastResult, {
    id: template ? `template-${template.id}` : "template-new",
    defaultValue: template
      ? {
          name: template.name,
          purpose: template.purpose,
          language: template.language,
          subject: template.subject,
          body: template.body,
        }
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
