import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ErrorList, TextField } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { useSigningOut } from "~/hooks/use-live";
import { loginAfter, skipRevalidationWhenSignedOut } from "~/utils/signed-out";
import { sessionEnded } from "~/utils/signed-out.server";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { requireAbility } from "~/utils/auth.server";
import { isBuilt } from "~/utils/abilities";
import { attempt, replyWithError } from "~/utils/action.server";
import { checkPasswordPair, newPasswordField } from "#server/modules/identity/contract";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";

export const meta: MetaFunction = () => [{ title: "Missio" }];

/** Spec section 4: after a change of password or email, or a deactivation, logout after 1 s. */
const LOGOUT_DELAY_MS = 1000;

const passwordSchema = z
  .object({
    intent: z.literal("password"),
    oldPassword: z.string({ required_error: "validation.required" }),
    password: newPasswordField,
    confirmPassword: z.string({ required_error: "validation.required" }),
  })
  .superRefine(checkPasswordPair);
const emailSchema = z
  .object({
    intent: z.literal("email"),
    email: z.string({ required_error: "validation.required" }).trim().email("validation.email"),
    confirmEmail: z.string({ required_error: "validation.required" }).trim(),
    // a stolen session alone must not be enough to take the account over
    currentPassword: z.string({ required_error: "validation.required" }),
  })
  .refine((v) => v.email.toLowerCase() === v.confirmEmail.toLowerCase(), {
    path: ["confirmEmail"],
    message: "validation.emails_differ",
  });
const deactivateSchema = z.object({
  intent: z.literal("deactivate"),
  reason: z.string({ required_error: "validation.required" }).trim().min(3, "validation.required").max(500),
});
const schemas = { password: passwordSchema, email: emailSchema, deactivate: deactivateSchema } as const;
type Intent = keyof typeof schemas;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "account.security");
  return json({ email: user.email });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "account.security");
  const form = await request.formData();
  const intent = String(form.get("intent")) as Intent;
  const schema = schemas[intent];
  if (!schema) return json({ intent, result: null, done: false }, { status: 400 });
  const submission = parseWithZod(form, { schema });
  const hidden = ["oldPassword", "password", "confirmPassword", "currentPassword"];
  if (submission.status !== "success")
    return json({ intent, result: submission.reply({ hideFields: hidden }), done: false }, { status: 400 });
  const { identity } = context.services;
  const value = submission.value;
  // a new password or email signs every session out (the identity module's commands do it)
  const done = await attempt(() =>
    value.intent === "password"
      ? identity.changePassword(user, value.oldPassword, value.password)
      : value.intent === "email"
        ? identity.changeEmail(user, value.email, value.currentPassword)
        : identity.deactivateAccount(user, value.reason),
  );
  if (!done.ok)
    return json(
      { intent, result: replyWithError(submission, done.error, hidden), done: false },
      { status: done.status },
    );
  return sessionEnded(request, value.intent, { intent, result: submission.reply({ resetForm: true }), done: true });
}

// the session is gone: reloading this page's data would send the person to /login at once
export const shouldRevalidate = skipRevalidationWhenSignedOut;

export default function Security() {
  const { t } = useTranslation();
  const { email } = useLoaderData<typeof loader>();
  const data = useActionReply<typeof action>();
  useSigningOut(Boolean(data?.done));
  // the session is already gone on the server; leave the page after the spec's 1 s
  useEffect(() => {
    if (!data?.done) return;
    const timer = setTimeout(() => window.location.assign(loginAfter(data.intent)), LOGOUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [data]);

  return (
    <div className="grid max-w-2xl gap-6">
      <PageHeader title={t("security.title")} />
      {data?.done && (
        <StatusNotice testId="security-done">
          {t(`security.${data.intent}.done`)} {t("security.loggingOut")}
        </StatusNotice>
      )}
      <PasswordForm lastResult={data?.intent === "password" ? data.result : undefined} />
      <EmailForm current={email} lastResult={data?.intent === "email" ? data.result : undefined} />
      <DeactivateForm lastResult={data?.intent === "deactivate" ? data.result : undefined} />
      <section className="card-surface grid gap-2 p-6">
        <h2 className="text-lg font-semibold">{t("security.delete.title")}</h2>
        <p className="text-sm text-muted-foreground" data-testid="delete-account">
          {t("echec_delete_account")}
        </p>
        {isBuilt("/support") && (
          <Link to="/support" className="text-sm text-primary underline">
            {t("menu.support")}
          </Link>
        )}
      </section>
    </div>
  );
}

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

function PasswordForm({ lastResult }: { lastResult: Result }) {
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

function EmailForm({ current, lastResult }: { current: string; lastResult: Result }) {
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

function DeactivateForm({ lastResult }: { lastResult: Result }) {
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
