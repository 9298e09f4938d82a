import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/submit-button";
import { useActionReply } from "~/hooks/use-action-reply";
import { formatDate } from "~/utils/dates";

export const meta: MetaFunction = () => [{ title: "Missio" }, { name: "robots", content: "noindex" }];
export const handle = { i18n: ["common"] };

/**
 * /conservation/annulation/{token}: the retention warning mail's link (issue 30, ADR 0048), no
 * sign-in. Opening it only asks (a mail scanner following links must not cancel anything); the
 * POST cancels that person's retention erasure. The random token is the whole authority.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const warning = await context.services.erasure.retentionWarning(params.token ?? "");
  return json({ dueAt: warning?.dueAt ?? null }, { status: warning ? 200 : 404 });
}

export async function action({ params, context }: ActionFunctionArgs) {
  const done = await context.services.erasure.cancelRetention(params.token ?? "");
  return json({ done }, { status: done ? 200 : 404 });
}

export default function KeepAccount() {
  const { t } = useTranslation("common");
  const { dueAt } = useLoaderData<typeof loader>();
  const acted = useActionReply<typeof action>();
  return (
    <div className="card-surface grid w-full max-w-md gap-4 p-6 sm:p-8" data-testid="retention-cancel">
      <h1 className="text-2xl font-semibold">{t("erasure.retention.title")}</h1>
      {acted?.done ? (
        <p role="status" className="text-sm" data-testid="retention-kept">
          {t("erasure.retention.done")}
        </p>
      ) : dueAt && !acted ? (
        <Form method="post" className="grid gap-4">
          <p className="text-sm">{t("erasure.retention.confirm", { date: formatDate(dueAt) })}</p>
          <SubmitButton className="justify-self-start" data-testid="submit-retention-cancel">
            {t("erasure.retention.submit")}
          </SubmitButton>
        </Form>
      ) : (
        <p role="alert" className="text-sm text-destructive" data-testid="retention-invalid">
          {t("erasure.retention.invalid")}
        </p>
      )}
      <Link to="/login" className="text-sm text-primary underline">
        {t("erasure.retention.signIn")}
      </Link>
    </div>
  );
}
