import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/submit-button";
import { TokenProblem } from "~/components/token-problem";
import { Button } from "~/components/ui/button";
import { attempt } from "~/utils/action.server";
import { seoMeta } from "~/utils/seo";
import { seoOf } from "~/utils/seo.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo, { noindex: true });

/**
 * The link of the mail sent to the old address after a change of email. Opening it only asks
 * (a mail scanner following links must not undo anything); the button gives the address back
 * and signs every session out (identity.restoreEmail).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const state = await context.services.identity.tokenState(params.token ?? "", ["restore_email"]);
  return json(
    { state, seo: await seoOf(request, "restoreEmail") },
    { status: state === "valid" ? 200 : state === "token_invalid" ? 400 : 410 },
  );
}

export async function action({ params, context }: ActionFunctionArgs) {
  const { identity, throttle } = context.services;
  const done = await attempt(async () => {
    await throttle.consume("verify", context.clientIp);
    await identity.restoreEmail(params.token ?? "");
  });
  if (done.ok) return json({ state: "restored" as const, error: null });
  const { key } = done.error;
  const state = key.startsWith("token_") || key === "temporarily_blocked" ? key : null;
  return json({ state, error: state ? null : key }, { status: done.status });
}

export default function RestoreEmail() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionReply<typeof action>();
  const state = acted?.state ?? loaded.state;
  if (state === "restored")
    return (
      <div className="card-surface grid w-full max-w-md gap-4 p-8" data-testid="email-restored">
        <h1 className="text-2xl font-semibold">{t("restoreEmail.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("restoreEmail.done")}</p>
        <Button asChild>
          <Link to="/login">{t("login.submit")}</Link>
        </Button>
      </div>
    );
  if (state !== "valid") return <TokenProblem state={state} retry="/login" retryKey="login.submit" />;
  return (
    <div className="card-surface grid w-full max-w-md gap-4 p-8" data-testid="restore-email">
      <h1 className="text-2xl font-semibold">{t("restoreEmail.title")}</h1>
      <p className="text-sm text-muted-foreground">{t("restoreEmail.text")}</p>
      {acted?.error && (
        <p role="alert" className="text-sm text-destructive">
          {t(acted.error)}
        </p>
      )}
      <Form method="post">
        <SubmitButton data-testid="submit-restore">{t("restoreEmail.submit")}</SubmitButton>
      </Form>
    </div>
  );
}
