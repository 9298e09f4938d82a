import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { SubmitButton } from "~/components/submit-button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useZodForm } from "~/components/forms/use-zod-form";
import { formatDate } from "~/utils/dates";
import {
  ARCHIVE_TEXT_MAX_LENGTH,
  DEACTIVATE_REASONS,
  REACTIVATE_REASONS,
  deactivateSchema,
  reactivateSchema,
} from "#server/modules/candidate-file/contract";
import { resultFor, type FileData, type FileReply } from "./types";

const NS = ["candidate-file", "common"];

/**
 * Deactivate the candidate for this agency (a reason, its text for "other"), or reactivate them
 * (a reason too): the candidate keeps their account and every other agency (ADR 0038).
 */
export function DeactivationPanel({ file, reply }: { file: FileData; reply?: FileReply }) {
  const { t } = useTranslation(NS);
  const deactivated = Boolean(file.deactivation);
  const intent = deactivated ? "reactivate" : "deactivate";
  const [form, fields] = useZodForm(deactivated ? reactivateSchema : deactivateSchema, resultFor(reply, intent), {
    id: intent,
  });
  const reasons = deactivated ? REACTIVATE_REASONS : DEACTIVATE_REASONS;
  return (
    <section className="card-surface grid gap-3 p-5" data-testid="file-deactivation">
      <h2 className="font-semibold">{t("sections.deactivation")}</h2>
      {file.deactivation ? (
        <p className="text-sm" data-testid="deactivated-since">
          {t("deactivation.since", {
            date: formatDate(file.deactivation.at),
            reason: t(`deactivateReasons.${file.deactivation.reason}`),
          })}
          {file.deactivation.text ? ` · ${file.deactivation.text}` : ""}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">{t("deactivation.hint")}</p>
      )}
      <Form method="post" {...getFormProps(form)} className="grid gap-2" key={intent}>
        <fieldset className="grid gap-1" aria-describedby={fields.reason.errorId}>
          <legend className="text-sm font-medium">{t("deactivation.reason")}</legend>
          {reasons.map((r) => (
            <label key={r} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.reason.name}
                value={r}
                defaultChecked={fields.reason.initialValue === r}
                data-testid={`${intent}-reason-${r}`}
              />
              {t(`${deactivated ? "reactivateReasons" : "deactivateReasons"}.${r}`)}
            </label>
          ))}
        </fieldset>
        <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} ns={NS} />
        <div className="grid gap-1.5">
          <Label htmlFor={fields.text.id}>{t("deactivation.text")}</Label>
          <Input
            {...getInputProps(fields.text, { type: "text" })}
            key={fields.text.key}
            maxLength={ARCHIVE_TEXT_MAX_LENGTH}
          />
          <ErrorList id={fields.text.errorId} errors={fields.text.errors} ns={NS} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
        <SubmitButton name="intent" value={intent} variant="outline" data-testid={`${intent}-submit`}>
          {t(`deactivation.${intent}`)}
        </SubmitButton>
      </Form>
    </section>
  );
}
