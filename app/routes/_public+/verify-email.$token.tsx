import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TokenProblem } from "~/components/token-problem";
import { Button } from "~/components/ui/button";
import { attempt } from "~/utils/action.server";
import { seoMeta } from "~/utils/seo";
import { seoOf } from "~/utils/seo.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo, { noindex: true });

/** The verification link of the mail: verifies once, then says so (verified_account). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { identity, throttle } = context.services;
  const seo = await seoOf(request, "verifyEmail");
  const done = await attempt(async () => {
    await throttle.consume("verify", context.clientIp);
    await identity.verifyEmail(params.token ?? "");
  });
  if (done.ok) return json({ state: "verified" as const, seo });
  const { key } = done.error;
  return json(
    { state: key.startsWith("token_") || key === "temporarily_blocked" ? key : "token_invalid", seo },
    { status: done.status },
  );
}

export default function VerifyEmail() {
  const { t } = useTranslation();
  const { state } = useLoaderData<typeof loader>();
  if (state !== "verified") return <TokenProblem state={state} retry="/login" retryKey="verify.askAgain" />;
  return (
    <div className="card-surface grid w-full max-w-md gap-4 p-8" data-testid="email-verified">
      <h1 className="text-2xl font-semibold">{t("verify.title")}</h1>
      <p className="text-sm text-muted-foreground">{t("verified_account")}</p>
      <Button asChild>
        <Link to="/login">{t("login.submit")}</Link>
      </Button>
    </div>
  );
}
