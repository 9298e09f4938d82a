import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, TextField } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { SubmitButton } from "~/components/submit-button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { deactivateSchema, emailSchema, passwordSchema, type Intent } from "~/utils/security-schema";

type Result = SubmissionResult<string[]> | null | undefined;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="card-surface grid gap-4 p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Submit({ intent, label }: { intent: Intent; label: string }) {
  return (
    <SubmitButton data-testid={`submit-${intent}`} className="justify-self-start">
      {label}
    </SubmitButton>
  );
}

export function PasswordForm({ lastResult }: { lastResult: Result }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(passwordSchema, lastResult, { id: "password" });
  return (
    <Section title={t("security.password.title")}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="password" />
        <TextField
          label={t("security.password.old")}
          meta={fields.oldPassword}
          type="password"
          autoComplete="current-password"
        />
        <TextField
          label={t("setPassword.password")}
          meta={fields.password}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          label={t("setPassword.confirm")}
          meta={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit intent="password" label={t("security.password.submit")} />
      </Form>
    </Section>
  );
}

export function EmailForm({ current, lastResult }: { current: string; lastResult: Result }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(emailSchema, lastResult, { id: "email" });
  return (
    <Section title={t("security.email.title")}>
      <p className="text-sm text-muted-foreground">
        {t("security.email.current")} <strong>{current}</strong>
      </p>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="email" />
        <TextField label={t("security.email.new")} meta={fields.email} type="email" autoComplete="email" />
        <TextField label={t("security.email.confirm")} meta={fields.confirmEmail} type="email" autoComplete="email" />
        <TextField
          label={t("security.password.old")}
          meta={fields.currentPassword}
          type="password"
          autoComplete="current-password"
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit intent="email" label={t("security.email.submit")} />
      </Form>
    </Section>
  );
}

export function DeactivateForm({ lastResult }: { lastResult: Result }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(deactivateSchema, lastResult, { id: "deactivate" });
  return (
    <Section title={t("security.deactivate.title")}>
      <p className="text-sm text-muted-foreground">{t("security.deactivate.text")}</p>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="deactivate" />
        <div className="grid gap-1.5">
          <Label htmlFor={fields.reason.id}>{t("security.deactivate.reason")}</Label>
          <Textarea
            {...getTextareaProps(fields.reason)}
            key={fields.reason.key}
            rows={3}
            className="rounded-md border border-input bg-background p-2 text-sm aria-[invalid=true]:border-destructive"
          />
          <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Submit intent="deactivate" label={t("security.deactivate.submit")} />
      </Form>
    </Section>
  );
}
