import { seoMeta } from "~/utils/seo";
import { getFormProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { ErrorList, TextField } from "~/components/forms/field";
import { usePublicForm } from "~/components/forms/use-public-form";
import { SubmitButton } from "~/components/submit-button";
import { StatusNotice } from "~/components/status-notice";
import type { action, loader, schema } from "./forgot-password.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export { action, loader } from "./forgot-password.server";

export default function ForgotPassword() {
  const { t } = useTranslation();
  const { constraint } = useLoaderData<typeof loader>();
  const data = useActionReply<typeof action>();
  const [form, fields] = usePublicForm<typeof schema>(constraint, data?.result);
  return (
    <div className="card-surface w-full max-w-md p-8">
      <h1 className="mb-1 text-2xl font-semibold">{t("forgot.title")}</h1>
      <p className="mb-6 text-sm text-muted-foreground">{t("forgot.subtitle")}</p>
      {data?.sent && (
        <StatusNotice className="mb-4" testId="reset-sent">
          {t("success_send_mail_reset_pwd")}
        </StatusNotice>
      )}
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <TextField label={t("login.email")} meta={fields.email} type="email" autoComplete="email" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton data-testid="forgot-submit">{t("forgot.submit")}</SubmitButton>
      </Form>
      <Link to="/login" className="mt-6 inline-block text-sm text-primary underline">
        {t("forgot.back")}
      </Link>
    </div>
  );
}
