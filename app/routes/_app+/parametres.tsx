import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { DeactivateForm, EmailForm, PasswordForm } from "~/components/settings/security-forms";
import { useSigningOut } from "~/hooks/use-live";
import { loginAfter, skipRevalidationWhenSignedOut } from "~/utils/signed-out";
import { isBuilt } from "~/utils/abilities";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { ErasureSection } from "~/components/erasure/erasure-forms";
import { ApiTokensSection } from "~/components/settings/api-tokens";
import type { action, loader } from "./parametres.server";

export { action, loader } from "./parametres.server";
export const meta: MetaFunction = () => [{ title: "Missio" }];
// the API token families are listed here (their texts are the api namespace's)
export const handle = { i18n: ["common", "api"] };

/** Spec section 4: after a change of password or email, or a deactivation, logout after 1 s. */
const LOGOUT_DELAY_MS = 1000;

// the session is gone: reloading this page's data would send the person to /login at once
export const shouldRevalidate = skipRevalidationWhenSignedOut;

export default function Security() {
  const { t } = useTranslation();
  const { email, erasure, apiTokens } = useLoaderData<typeof loader>();
  const data = useActionReply<typeof action>();
  useSigningOut(Boolean(data?.done));
  // the session is already gone on the server; leave the page after the spec's 1 s
  useEffect(() => {
    if (!data?.done || "erasure" in data) return;
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
      {data && "erasure" in data && data.erasure && (
        <StatusNotice testId="erasure-done">{t(`erasure.${data.erasure}`)}</StatusNotice>
      )}
      <PasswordForm lastResult={data?.intent === "password" ? data.result : undefined} />
      <EmailForm current={email} lastResult={data?.intent === "email" ? data.result : undefined} />
      <DeactivateForm lastResult={data?.intent === "deactivate" ? data.result : undefined} />
      <ApiTokensSection
        families={apiTokens}
        revoked={Boolean(data && "apiTokenRevoked" in data && data.apiTokenRevoked)}
      />
      {erasure && (
        <Link to="/parametres/consentements" className="text-sm text-primary underline" data-testid="consents-link">
          {t("security.consents")}
        </Link>
      )}
      {erasure && (
        <ErasureSection
          request={erasure.request}
          lastResult={data?.intent === "erase" && "erasure" in data ? data.result : undefined}
        />
      )}
      {/* staff: the spec's way, through support */}
      {!erasure && (
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
      )}
    </div>
  );
}
