import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, TextField } from "~/components/forms/field";
import { usePublicForm, type Constraints } from "~/components/forms/use-public-form";
import { SubmitButton } from "~/components/submit-button";
import { Label } from "~/components/ui/label";
import { MESSAGE_MAX, type anonymousApplySchema, type applySchema } from "#server/modules/applications/contract";
import { DOCUMENT_ACCEPT } from "#server/modules/candidates/contract";
import { FileInput } from "~/components/ui/file-input";
import { Textarea } from "~/components/ui/textarea";

const NS = ["applications", "register", "common"];

/**
 * The application form (spec "Apply payload"): the ad's yes/no questions, the CV, a message; the
 * anonymous form adds the email and names and always takes a CV. A plain multipart form, so it
 * works without JavaScript; what the person typed comes back with the errors.
 */
export function ApplyForm({
  questions,
  registeredCv,
  anonymous = false,
  keptCv = null,
  constraint,
  lastResult,
}: {
  questions: string[];
  /** the CV the candidate already has (signed in), offered by default */
  registeredCv?: { name: string } | null;
  anonymous?: boolean;
  /** the anonymous form's CV kept from a refused submit: sent again by its id unless replaced */
  keptCv?: { id: string; name: string } | null;
  /** the fields' constraints from the schema, which the loader computes (the server checks the form) */
  constraint: Constraints;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation(NS);
  const [form, fields] = usePublicForm<ReturnType<typeof applySchema | typeof anonymousApplySchema>>(
    constraint,
    lastResult,
    {
      id: "apply",
      defaultValue: { cv: registeredCv ? "registered" : "upload" },
    },
  );
  const f = fields as unknown as Record<string, (typeof fields)[keyof typeof fields]>;
  const [cvChoice, setCvChoice] = useState<string>(
    String(f.cv?.initialValue ?? (registeredCv ? "registered" : "upload")),
  );
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="grid gap-5"
      data-testid="apply-form"
    >
      {anonymous && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t("apply.firstName")} meta={f.firstName as never} autoComplete="given-name" ns={NS} />
          <TextField label={t("apply.lastName")} meta={f.lastName as never} autoComplete="family-name" ns={NS} />
          <div className="sm:col-span-2">
            <TextField label={t("apply.email")} meta={f.email as never} type="email" autoComplete="email" ns={NS} />
          </div>
        </div>
      )}
      {questions.map((q, i) => {
        const meta = f[`q${i}`]!;
        return (
          <fieldset
            key={i}
            className="grid gap-1"
            aria-invalid={meta.errors ? true : undefined}
            aria-describedby={meta.errorId}
            data-testid={`question-${i}`}
          >
            <legend className="text-sm font-medium">{q}</legend>
            <div className="flex gap-6">
              {(["yes", "no"] as const).map((v) => (
                <label key={v} className="flex items-center gap-2 text-sm">
                  <input type="radio" name={meta.name} value={v} defaultChecked={meta.initialValue === v} required />
                  {t(`apply.${v}`)}
                </label>
              ))}
            </div>
            <ErrorList id={meta.errorId} errors={meta.errors} ns={NS} />
          </fieldset>
        );
      })}
      <fieldset className="grid gap-2" data-testid="cv-choice">
        <legend className="text-sm font-medium">{t("apply.cv")}</legend>
        {anonymous ? (
          <>
            <input type="hidden" name="cv" value="upload" />
            {keptCv && (
              <p className="text-sm" data-testid="kept-cv">
                <input type="hidden" name="keptCv" value={keptCv.id} />
                {t("anonymous.keptCv", { name: keptCv.name })}
              </p>
            )}
          </>
        ) : (
          <>
            {registeredCv && (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="cv"
                  value="registered"
                  checked={cvChoice === "registered"}
                  onChange={() => setCvChoice("registered")}
                />
                {t("apply.cvRegistered", { name: registeredCv.name })}
              </label>
            )}
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="cv"
                value="upload"
                checked={cvChoice === "upload"}
                onChange={() => setCvChoice("upload")}
              />
              {t("apply.cvUpload")}
            </label>
          </>
        )}
        <FileInput
          name="cvFile"
          accept={DOCUMENT_ACCEPT}
          aria-label={t("apply.cvFile")}
          aria-describedby={`${form.id}-cv-hint ${f.cvFile?.errorId ?? ""}`}
          onChange={() => setCvChoice("upload")}
          data-testid="cv-file"
        />
        <p id={`${form.id}-cv-hint`} className="text-xs text-muted-foreground">
          {t("apply.cvHint")}
        </p>
        <ErrorList id={f.cvFile?.errorId} errors={f.cvFile?.errors} ns={NS} />
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor={f.message!.id}>{t("apply.message")}</Label>
        <Textarea
          {...getTextareaProps(f.message!)}
          key={f.message!.key}
          rows={4}
          maxLength={MESSAGE_MAX}
          className="rounded-md border bg-background p-2 text-sm"
        />
        <ErrorList id={f.message!.errorId} errors={f.message!.errors} ns={NS} />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
      <SubmitButton className="justify-self-start" data-testid="apply-submit" pendingLabel={t("apply.sending")}>
        {t("apply.submit")}
      </SubmitButton>
    </Form>
  );
}
