import { getFormProps, getSelectProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { Label } from "~/components/ui/label";
import { fileMailSchema } from "#server/modules/candidate-file/contract";
import { ProposeForm } from "./propose-form";
import { resultFor, type FileData, type FileReply } from "./types";

const NS = ["candidate-file", "applications", "common"];

/** "Propose for an ad" from the file: what became of the candidate is told in place (proposed, or why not). */
export function ProposePanel({
  file,
  ads,
  reply,
}: {
  file: FileData;
  ads: { id: number; title: string; places: number }[];
  reply?: FileReply;
}) {
  const { t } = useTranslation(NS);
  const outcome = reply?.intent === "propose" ? reply.outcome : undefined;
  if (file.deactivation) return null;
  return (
    <section className="card-surface grid gap-3 p-5" data-testid="file-propose">
      <h2 className="font-semibold">{t("sections.propose")}</h2>
      {outcome && (
        <StatusNotice tone={outcome === "proposed" ? "success" : "info"} testId="propose-outcome">
          {t(`outcomes.${outcome}`)}{" "}
          {outcome === "proposed" && (
            <Link to="/candidatures/propositions" className="underline">
              {t("propose.open")}
            </Link>
          )}
        </StatusNotice>
      )}
      <ProposeForm ads={ads} result={resultFor(reply, "propose")} id="file-propose" />
    </section>
  );
}

/**
 * "Send an e-mail from a reply template": the agency's templates, placeholders filled on sending.
 * Shown only where the agency may contact the candidate and has not deactivated them.
 */
export function MailPanel({
  file,
  templates,
  reply,
}: {
  file: FileData;
  templates: { id: string; name: string; language: string }[];
  reply?: FileReply;
}) {
  const { t } = useTranslation(NS);
  const [form, fields] = useZodForm(fileMailSchema, resultFor(reply, "mail"), { id: "file-mail" });
  if (!file.profile.contact || file.deactivation || !file.person.enabled) return null;
  const sent = reply?.intent === "mail" ? reply.subject : undefined;
  return (
    <section className="card-surface grid gap-3 p-5" data-testid="file-mail">
      <h2 className="font-semibold">{t("sections.mail")}</h2>
      {sent && (
        <StatusNotice tone="success" testId="mail-sent">
          {t("mail.sent", { subject: sent })}
        </StatusNotice>
      )}
      {templates.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {t("mail.noTemplates")}{" "}
          <Link to="/candidatures/modeles" className="underline">
            {t("mail.manage")}
          </Link>
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="grid gap-2">
          <Label htmlFor={fields.templateId.id}>{t("mail.template")}</Label>
          <select
            {...getSelectProps(fields.templateId)}
            key={fields.templateId.key}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
            data-testid="mail-template"
          >
            <option value="">{t("mail.choose")}</option>
            {templates.map((tpl) => (
              <option key={tpl.id} value={tpl.id}>
                {tpl.name} ({tpl.language})
              </option>
            ))}
          </select>
          <ErrorList id={fields.templateId.errorId} errors={fields.templateId.errors} ns={NS} />
          <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
          <SubmitButton name="intent" value="mail" size="sm" className="justify-self-start" data-testid="mail-submit">
            {t("mail.submit")}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
