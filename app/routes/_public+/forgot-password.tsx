import { seoMeta } from "~/utils/seo";
import { seoOf } from "~/utils/seo.server";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ErrorList, TextField } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { redirectSignedIn } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { SubmitButton } from "~/components/submit-button";
import { StatusNotice } from "~/components/status-notice";

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

const schema = z.object({ email: z.string({ required_error: "validation.required" }).trim().email("validation.email") });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedIn(request, context);
  return json({ seo: await seoOf(request, "forgotPassword") });
}

/** Mails a single-use reset link; email_not_exist for an unknown address (spec section 8). */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return json({ result: submission.reply(), sent: false }, { status: 400 });
  const { throttle, identity } = context.services;
  const done = await attempt(async () => {
    await throttle.consume("reset", context.clientIp);
    await identity.requestPasswordReset(submission.value.email);
  });
  if (!done.ok) return json({ result: replyWithError(submission, done.error), sent: false }, { status: done.status });
  return json({ result: submission.reply({ resetForm: true }), sent: true });
}

export default function ForgotPassword() {
  const { t } = useTranslation();
  const data = useActionReply<typeof action>();
  const [form, fields] = useZodForm(schema, data?.result, { browserValidation: false });
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
        <SubmitButton data-testid="forgot-submit">
          {t("forgot.submit")}
        </SubmitButton>
      </Form>
      <Link to="/login" className="mt-6 inline-block text-sm text-primary underline">
        {t("forgot.back")}
      </Link>
    </div>
  );
}
