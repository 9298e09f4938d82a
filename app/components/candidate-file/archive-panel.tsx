import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { SubmitButton } from "~/components/submit-button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useZodForm } from "~/components/forms/use-zod-form";
import { formatDate } from "~/utils/dates";
import { ARCHIVE_REASONS, ARCHIVE_TEXT_MAX_LENGTH, archiveSchema } from "#server/modules/candidate-file/contract";
import { resultFor, type FileData, type FileReply } from "./types";

const NS = ["candidate-file", "common"];

/** Archive with a reason (and its text for "other"), or restore an archived candidate. */
export function ArchivePanel({ file, reply }: { file: FileData; reply?: FileReply }) {
  const { t } = useTranslation(NS);
  const [form, fields] = useZodForm(archiveSchema, resultFor(reply, "archive"), { id: "archive" });
  const restoreErrors = resultFor(reply, "restore")?.error?.[""] ?? undefined;
  return (
    <section className="card-surface grid gap-3 p-5" data-testid="file-archive">
      <h2 className="font-semibold">{t("sections.archive")}</h2>
      {file.archive ? (
        <Form method="post" className="grid gap-2">
          <p className="text-sm" data-testid="archived-since">
            {t("archive.since", { date: formatDate(file.archive.at), reason: t(`reasons.${file.archive.reason}`) })}
            {file.archive.text ? ` · ${file.archive.text}` : ""}
          </p>
          <SubmitButton name="intent" value="restore" variant="outline">
            {t("archive.restore")}
          </SubmitButton>
          <ErrorList errors={restoreErrors} ns={NS} />
        </Form>
      ) : (
        <Form method="post" {...getFormProps(form)} className="grid gap-2">
          <p className="text-xs text-muted-foreground">{t("archive.hint")}</p>
          <fieldset className="grid gap-1" aria-describedby={fields.reason.errorId}>
            <legend className="text-sm font-medium">{t("archive.reason")}</legend>
            {ARCHIVE_REASONS.map((r) => (
              <label key={r} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={fields.reason.name}
                  value={r}
                  defaultChecked={fields.reason.initialValue === r}
                />
                {t(`reasons.${r}`)}
              </label>
            ))}
          </fieldset>
          <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} ns={NS} />
          <div className="grid gap-1.5">
            <Label htmlFor={fields.text.id}>{t("archive.text")}</Label>
            <Input
              {...getInputProps(fields.text, { type: "text" })}
              key={fields.text.key}
              maxLength={ARCHIVE_TEXT_MAX_LENGTH}
            />
            <ErrorList id={fields.text.errorId} errors={fields.text.errors} ns={NS} />
          </div>
          <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
          <SubmitButton name="intent" value="archive" variant="outline">
            {t("archive.submit")}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
