import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { AccountStep, CountryChoice, Done, ProfileStep, Steps, useRegisterT } from "~/components/registration/steps";
import { seoMeta } from "~/utils/seo";
import type { action, loader, Reply, View } from "./register.user.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);
export const handle = { i18n: ["common", "register", "reference"] };

/**
 * Candidate registration in steps (spec sections 3, 5, 8, 9): the country first (it decides the
 * consent clauses), then the account (names, email with a live "already used" check, password,
 * consents), then the CV, birth date and desired jobs; the account is created at the end and
 * the verification mail sent. The draft lives on the server and its id in a cookie, so a
 * reload or a later visit resumes at the right step. Every form works without JavaScript.
 */
export { action, loader } from "./register.user.server";

export default function RegisterUser() {
  const { t } = useRegisterT();
  const data = useLoaderData<typeof loader>();
  const reply = useActionReply<typeof action>() as Reply | undefined;
  const view: View = reply?.view ?? data.view;
  const country = data.country;

  return (
    <div className="card-surface w-full max-w-2xl p-8" data-testid="register-user">
      <h1 className="mb-1 text-2xl font-semibold">{t("title")}</h1>
      <p className="mb-6 text-sm text-muted-foreground">{t("subtitle")}</p>
      {view !== "country" && <Steps current={view} />}
      {view === "country" && <CountryChoice />}
      {view === "account" && country && (
        <AccountStep
          country={country}
          draft={data.draft}
          constraint={data.constraints.account}
          lastResult={reply?.account}
        />
      )}
      {view === "profile" && country && data.draft && (
        <ProfileStep draft={data.draft} constraint={data.constraints.profile} lastResult={reply?.profile} />
      )}
      {view === "done" && <Done />}
    </div>
  );
}
