import { getFormProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { ToServiceWorker } from "~/utils/offline-pages";
import { ErrorList, TextField } from "~/components/forms/field";
import { usePublicForm } from "~/components/forms/use-public-form";
import { LoginModal } from "~/components/auth/login-modal";
import { Button } from "~/components/ui/button";
import type { OutcomeModal } from "~/utils/social-login.server";
import type { loginSchema } from "#server/modules/identity/contract";
import type { action, loader, Modal } from "./login.server";
import { SubmitButton } from "~/components/submit-button";
import { StatusNotice } from "~/components/status-notice";
import { seoMeta } from "~/utils/seo";
export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export { action, loader } from "./login.server";

const PROVIDER_NAMES = { google: "Google", linkedin: "LinkedIn" } as const;
// the social links follow the candidate / agency toggle without JavaScript (CSS :has)
const SHOWN_FOR_CANDIDATE = String.raw`group-has-[[name=is\_candidate][value='1']:checked]/login:hidden`;
const SHOWN_FOR_AGENCY = String.raw`hidden group-has-[[name=is\_candidate][value='1']:checked]/login:inline-flex`;

function socialHref(provider: keyof typeof PROVIDER_NAMES, isCandidate: "0" | "1", redirectTo: string | null) {
  const query = new URLSearchParams({ is_candidate: isCandidate });
  if (redirectTo) query.set("redirectTo", redirectTo);
  return `/auth/${provider}?${query}`;
}

export default function Login() {
  const { t } = useTranslation();
  // nobody is signed in on this device now: its service worker forgets the last person's pages
  useEffect(() => {
    const signedOut: ToServiceWorker = { type: "signed-out" };
    navigator.serviceWorker?.controller?.postMessage(signedOut);
  }, []);
  const { signedOut, done, outcome, social, constraint } = useLoaderData<typeof loader>();
  const data = useActionReply<typeof action>();
  // the form's own answer wins over the outcome a social login came back with, and over the
  // reason the session ended (the agency disabled the account: spec section 4, "logged out with a warning")
  const modal: Modal | OutcomeModal | null = data
    ? data.modal
    : (outcome.modal ?? (signedOut === "disabled" ? "ACCOUNT_DISABLED_BY_AGENCY" : null));
  const [params] = useSearchParams();
  // ?type=1 opens the agency tab (the wrong-account-type answer's OK leads to the other tab)
  const [form, fields] = usePublicForm<typeof loginSchema>(constraint, data?.result, {
    defaultValue: { is_candidate: params.get("type") === "1" ? "1" : "0" },
  });
  const accountType = fields.is_candidate.value ?? fields.is_candidate.initialValue ?? "0";

  return (
    <div className="card-surface group/login w-full max-w-md p-8">
      <h1 className="mb-1 text-2xl font-semibold">{t("login.title")}</h1>
      <p className="mb-6 text-sm text-muted-foreground">{t("login.subtitle")}</p>
      {done && !data && (
        <StatusNotice className="mb-4" testId="security-done">
          {t(`security.${done}.done`)} {t("login.signedOut")}
        </StatusNotice>
      )}
      {signedOut === "revoked" && !done && !data && (
        <StatusNotice className="mb-4" testId="signed-out">
          {t("login.signedOut")}
        </StatusNotice>
      )}
      {data?.error && <ErrorList errors={[data.error]} />}
      {!data && outcome.error && (
        <div className="mb-4" data-testid="social-error">
          <ErrorList errors={[outcome.error]} />
        </div>
      )}
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <fieldset className="grid grid-cols-2 gap-1 rounded-md bg-muted p-1" aria-label={t("login.accountType")}>
          {(["0", "1"] as const).map((v) => (
            <label
              key={v}
              className="cursor-pointer rounded px-3 py-2 text-center text-sm has-[:checked]:bg-card has-[:checked]:font-semibold has-[:checked]:shadow-sm"
            >
              <input
                type="radio"
                name={fields.is_candidate.name}
                value={v}
                defaultChecked={accountType === v}
                className="sr-only"
                data-testid={`account-type-${v}`}
              />
              {t(v === "0" ? "login.candidate" : "login.agency")}
            </label>
          ))}
        </fieldset>
        <TextField label={t("login.email")} meta={fields.email} type="email" autoComplete="email" />
        <TextField label={t("login.password")} meta={fields.password} type="password" autoComplete="current-password" />
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton data-testid="login-submit">{t("login.submit")}</SubmitButton>
      </Form>
      {social.length > 0 && (
        <div className="mt-4 grid gap-2" data-testid="social-login">
          <p className="text-center text-xs text-muted-foreground">{t("login.social.or")}</p>
          {/* plain links (no JavaScript needed): one per account type, CSS shows the one matching the toggle */}
          {social.flatMap((provider) =>
            (["0", "1"] as const).map((v) => (
              <Button
                key={`${provider}-${v}`}
                asChild
                variant="outline"
                className={v === "0" ? SHOWN_FOR_CANDIDATE : SHOWN_FOR_AGENCY}
              >
                <a href={socialHref(provider, v, params.get("redirectTo"))} data-testid={`social-${provider}-${v}`}>
                  {t("login.social.continueWith", { provider: PROVIDER_NAMES[provider] })}
                </a>
              </Button>
            )),
          )}
        </div>
      )}
      <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/forgot-password" className="text-primary underline">
          {t("login.forgot")}
        </Link>
        <span className="flex gap-3">
          <Link to="/register/user" className="text-primary underline">
            {t("login.registerCandidate")}
          </Link>
          <Link to="/register/agency" className="text-primary underline">
            {t("login.registerAgency")}
          </Link>
        </span>
      </div>

      <LoginModal modal={modal} accountType={accountType} />
    </div>
  );
}
