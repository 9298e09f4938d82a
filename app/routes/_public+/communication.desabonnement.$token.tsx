import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/submit-button";
import { attempt } from "~/utils/action.server";
import { useActionReply } from "~/hooks/use-action-reply";

export const meta: MetaFunction = () => [{ title: "Missio" }, { name: "robots", content: "noindex" }];
export const handle = { i18n: ["common", "communication"] };

/**
 * /communication/desabonnement/{token}: a mail's one-click unsubscribe link (RFC 8058, ADR 0047),
 * no sign-in. Opening it only asks (a mail scanner following links must not unsubscribe anyone);
 * a POST unsubscribes that person from that kind's mails: the confirm button, or the mail
 * client's own one-click POST (`List-Unsubscribe=One-Click`), which carries no CSRF token: the
 * signed token is the whole authority, and it can do nothing else.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const link = await attempt(() => context.services.notifications.unsubscribeLink(params.token ?? ""));
  return json({ kind: link.ok ? link.value.kind : null }, { status: link.ok ? 200 : 404 });
}

export async function action({ params, context }: ActionFunctionArgs) {
  const done = await attempt(() => context.services.notifications.unsubscribe(params.token ?? ""));
  return json({ done: done.ok, kind: done.ok ? done.value.kind : null }, { status: done.ok ? 200 : 404 });
}

export default function Unsubscribe() {
  const { t } = useTranslation(["communication", "common"]);
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionReply<typeof action>();
  const kind = acted?.kind ?? loaded.kind;
  const manage = (
    <Link to="/communication" className="text-sm text-primary underline">
      {t("unsubscribe.manage")}
    </Link>
  );
  if (!kind)
    return (
      <div className="card-surface grid w-full max-w-md gap-4 p-6 sm:p-8" data-testid="unsubscribe-invalid">
        <h1 className="text-2xl font-semibold">{t("unsubscribe.title")}</h1>
        <p role="alert" className="text-sm text-destructive">
          {t("unsubscribe.invalid")}
        </p>
        {manage}
      </div>
    );
  const label = t(`kinds.${kind}`);
  return (
    <div className="card-surface grid w-full max-w-md gap-4 p-6 sm:p-8" data-testid="unsubscribe">
      <h1 className="text-2xl font-semibold">{t("unsubscribe.title")}</h1>
      {acted?.done ? (
        <p role="status" className="text-sm" data-testid="unsubscribed">
          {t("unsubscribe.done", { kind: label })}
        </p>
      ) : (
        <Form method="post" className="grid gap-4">
          <p className="text-sm">{t("unsubscribe.confirm", { kind: label })}</p>
          <SubmitButton className="justify-self-start" data-testid="submit-unsubscribe">
            {t("unsubscribe.submit")}
          </SubmitButton>
        </Form>
      )}
      {manage}
    </div>
  );
}
