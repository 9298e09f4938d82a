import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ErrorList, TextField } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { TokenProblem } from "~/components/token-problem";
import { Button } from "~/components/ui/button";
import { attempt, replyWithError } from "~/utils/action.server";
import { seoMeta } from "~/utils/seo";
import { seoOf } from "~/utils/seo.server";
import { AppError } from "#server/lib/contract";
import { checkPasswordPair, newPasswordField } from "#server/modules/identity/contract";
import { SubmitButton } from "~/components/submit-button";

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo, { noindex: true });

const schema = z
  .object({ password: newPasswordField, confirmPassword: z.string({ required_error: "validation.required" }) })
  .superRefine(checkPasswordPair);

/** Token problems (forged, used, expired) get a page with a way forward: ask for a new link. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const state = await context.services.identity.tokenState(params.token ?? "", ["reset", "invite"]);
  return json({ state, seo: await seoOf(request, "setPassword") });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success")
    return json(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }), done: false },
      { status: 400 },
    );
  const done = await attempt(() =>
    context.services.identity.setPasswordWithToken(params.token ?? "", submission.value.password),
  );
  if (!done.ok) {
    const { error } = done;
    // a bad link or a refused password say so; anything else is the spec's "password not updated"
    const failure =
      error.key.startsWith("token_") || error.field === "password"
        ? error
        : new AppError(error.kind, "echec_update_pwd");
    return json(
      { result: replyWithError(submission, failure, ["password", "confirmPassword"]), done: false },
      { status: done.status },
    );
  }
  return json({ result: submission.reply({ resetForm: true }), done: true });
}

export default function SetPassword() {
  const { t } = useTranslation();
  const { state } = useLoaderData<typeof loader>();
  const data = useActionReply<typeof action>();
  const [form, fields] = useZodForm(schema, data?.result);
  if (data?.done) {
    return (
      <div className="card-surface grid w-full max-w-md gap-4 p-8" data-testid="password-updated">
        <h1 className="text-2xl font-semibold">{t("reset_password_saccess_title")}</h1>
        <p className="text-sm text-muted-foreground">{t("setPassword.done")}</p>
        <Button asChild>
          <Link to="/login">{t("login.submit")}</Link>
        </Button>
      </div>
    );
  }
  if (state !== "valid") return <TokenProblem state={state} retry="/forgot-password" retryKey="setPassword.askAgain" />;
  return (
    <div className="card-surface w-full max-w-md p-8">
      <h1 className="mb-1 text-2xl font-semibold">{t("setPassword.title")}</h1>
      <p className="mb-6 text-sm text-muted-foreground">
        {t("validation.password_policy", { numberOfCharacters: 10 })}
      </p>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
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
        <SubmitButton data-testid="set-password-submit">{t("setPassword.submit")}</SubmitButton>
      </Form>
    </div>
  );
}
