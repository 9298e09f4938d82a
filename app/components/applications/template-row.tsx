import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import type { TemplatesReply } from "~/routes/_app+/candidatures_.modeles.server";
import { TemplateForm, type TemplateRowData } from "./template-form";

const NS = ["applications", "common"];

/** One reply template: its language, name and subject, with its edit form or the confirmation of its deletion. */
export function TemplateRow({
  row,
  editing,
  confirming,
  reply,
}: {
  row: TemplateRowData;
  editing: boolean;
  confirming: boolean;
  reply?: TemplatesReply;
}) {
  const { t } = useTranslation(NS);
  return (
    <li className="card-surface grid gap-2 p-4" data-testid="template" data-id={row.id} data-name={row.name}>
      <div className="flex flex-wrap items-center gap-2">
        <span
          className="rounded bg-secondary px-2 py-0.5 text-xs font-semibold"
          title={t(`common:languages.${row.language}`)}
          data-testid="template-language"
        >
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
      {editing && (
        <TemplateForm
          intent="change"
          template={row}
          language={row.language}
          lastResult={reply?.intent === "change" ? reply.result : undefined}
        />
      )}
    </li>
  );
}
