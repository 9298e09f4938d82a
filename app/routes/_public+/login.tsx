import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ErrorList, TextField } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { StatusPanel } from "~/components/status-panel";
import { Button } from "~/components/ui/button";
import { redirectSignedIn } from "~/utils/auth.server";
import { rememberPending, signIn } from "~/utils/sign-in.server";
import { readLoginOutcome, type OutcomeModal } from "~/utils/social-login.server";
import { attempt } from "~/utils/action.server";
import type { LoginRefusal } from "#server/modules/identity/contract";
import { SubmitButton } from "~/components/submit-button";
import { StatusNotice } from "~/components/status-notice";

export const meta: MetaFunction = () => [{ title: "Missio" }];

const schema = z.object({
  email: z.string({ required_error: "validation.required" }).trim().email("validation.email"),
  password: z.string({ required_error: "validation.required" }),
  // the candidate / agency toggle of spec section 6: 0 candidate, 1 agency
  is_candidate: z.enum(["0", "1"]).default("0"),
  redirectTo: z.string().optional(),
});

/** Login outcomes of spec section 4 that open a modal instead of signing in. */
type Modal = LoginRefusal | "verification_sent";

const PROVIDER_NAMES = { google: "Google", linkedin: "LinkedIn" } as const;
// the social links follow the candidate / agency toggle without JavaScript (CSS :has)
const SHOWN_FOR_CANDIDATE = String.raw`group-has-[[name=is\_candidate][value='1']:checked]/login:hidden`;
const SHOWN_FOR_AGENCY = String.raw`hidden group-has-[[name=is\_candidate][value='1']:checked]/login:inline-flex`;

function socialHref(provider: keyof typeof PROVIDER_NAMES, isCandidate: "0" | "1", redirectTo: string | null) {
  const query = new URLSearchParams({ is_candidate: isCandidate });
  if (redirectTo) query.set("redirectTo", redirectTo);
  return `/auth/${provider}?${query}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedIn(request, context);
  const url = new URL(request.url);
  const signedOut = url.searchParams.get("signedOut");
  // a social login that stopped short comes back as ?outcome= (auth.$provider.callback.tsx)
  const outcome = readLoginOutcome(url);
  return json({ signedOut: signedOut === "revoked" ? "revoked" : null, outcome, social: context.services.social.enabled });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services, clientIp } = context;
  const form = await request.clone().formData();
  const intent = form.get("intent");

  if (intent === "reactivate" || intent === "resend") {
    const session = await services.sessions.getSession(request.headers.get("Cookie"));
    const userId = session.get("pendingUserId");
    const user = userId ? await services.identity.userById(userId) : null;
    if (!user) return json({ result: null, modal: null, error: "failed_operation" }, { status: 400 });
    if (intent === "reactivate") {
      await services.identity.reactivateAccount(user);
      return signIn(context, { ...user, enabled: true, disabledBy: null }, undefined);
    }
    const sent = await attempt(async () => {
      await services.throttle.consume("verify", clientIp);
      await services.identity.requestVerification(user.id);
    });
    if (!sent.ok) return json({ result: null, modal: null, error: sent.error.key }, { status: sent.status });
    return json({ result: null, modal: "verification_sent" as Modal, error: null });
  }

  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: ["password"] }), modal: null, error: null }, { status: 400 });
  const { email, is_candidate, redirectTo } = submission.value;
  const fail = (key: string, status: number) => json({ result: submission.reply({ formErrors: [key], hideFields: ["password"] }), modal: null, error: null }, { status });
  const modal = (m: Modal, status: number, headers?: HeadersInit) => json({ result: submission.reply({ hideFields: ["password"] }), modal: m, error: null }, { status, headers });

  const signedIn = await attempt(() => services.identity.signIn({ method: "form", request, email, ip: clientIp }, is_candidate === "0"));
  if (!signedIn.ok) return fail(signedIn.error.key, signedIn.status);
  const outcome = signedIn.value;
  if (outcome.outcome === "signed_in") return signIn(context, outcome.user, redirectTo);
  if (outcome.outcome === "unknown_email") return fail("invalid_credential", 401);
  return modal(outcome.refusal, outcome.status, outcome.followUp ? { "Set-Cookie": await rememberPending(context, outcome.user.id) } : undefined);
}

export default function Login() {
  const { t } = useTranslation();
  const { signedOut, outcome, social } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  // the form's own answer wins over the outcome a social login came back with
  const modal: Modal | OutcomeModal | null = data ? data.modal : outcome.modal;
  const [params] = useSearchParams();
  const [form, fields] = useZodForm(schema, data?.result, { defaultValue: { is_candidate: "0" } });
  const accountType = fields.is_candidate.value ?? fields.is_candidate.initialValue ?? "0";
  const close = (
    <Button asChild variant="outline">
      <Link to="/login">{t("actions.close")}</Link>
    </Button>
  );

  return (
    <div className="card-surface group/login w-full max-w-md p-8">
      <h1 className="mb-1 text-2xl font-semibold">{t("login.title")}</h1>
      <p className="mb-6 text-sm text-muted-foreground">{t("login.subtitle")}</p>
      {signedOut && !data && (
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
            <label key={v} className="cursor-pointer rounded px-3 py-2 text-center text-sm has-[:checked]:bg-card has-[:checked]:font-semibold has-[:checked]:shadow-sm">
              <input type="radio" name={fields.is_candidate.name} value={v} defaultChecked={accountType === v} className="sr-only" data-testid={`account-type-${v}`} />
              {t(v === "0" ? "login.candidate" : "login.agency")}
            </label>
          ))}
        </fieldset>
        <TextField label={t("login.email")} meta={fields.email} type="email" autoComplete="email" />
        <TextField label={t("login.password")} meta={fields.password} type="password" autoComplete="current-password" />
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton data-testid="login-submit">
          {t("login.submit")}
        </SubmitButton>
      </Form>
      {social.length > 0 && (
        <div className="mt-4 grid gap-2" data-testid="social-login">
          <p className="text-center text-xs text-muted-foreground">{t("login.social.or")}</p>
          {/* plain links (no JavaScript needed): one per account type, CSS shows the one matching the toggle */}
          {social.flatMap((provider) =>
            (["0", "1"] as const).map((v) => (
              <Button key={`${provider}-${v}`} asChild variant="outline" className={v === "0" ? SHOWN_FOR_CANDIDATE : SHOWN_FOR_AGENCY}>
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

      {modal === "WRONG_ACCOUNT_TYPE" && (
        <StatusPanel testId="wrong-account-type" titleKey="login.WRONG_ACCOUNT_TYPE.title" textKey="login.WRONG_ACCOUNT_TYPE.text">
          <Button asChild>
            <Link to="/login">{t("actions.ok")}</Link>
          </Button>
        </StatusPanel>
      )}
      {modal === "REACTIVATE_ACCOUNT" && (
        <StatusPanel testId="reactivate-account" titleKey="login.REACTIVATE_ACCOUNT.title" textKey="login.REACTIVATE_ACCOUNT.text">
          {close}
          <Form method="post">
            <Button type="submit" name="intent" value="reactivate" data-testid="reactivate">
              {t("login.REACTIVATE_ACCOUNT.action")}
            </Button>
          </Form>
        </StatusPanel>
      )}
      {modal === "ACCOUNT_DISABLED_BY_AGENCY" && (
        <StatusPanel testId="disabled-by-agency" titleKey="login.ACCOUNT_DISABLED_BY_AGENCY.title" textKey="login.ACCOUNT_DISABLED_BY_AGENCY.text">
          {close}
        </StatusPanel>
      )}
      {modal === "AGENCY_NOT_VERIFIED_ACCOUNT" && (
        <StatusPanel testId="agency-not-verified" titleKey="login.AGENCY_NOT_VERIFIED_ACCOUNT.title" textKey="login.AGENCY_NOT_VERIFIED_ACCOUNT.text">
          {close}
        </StatusPanel>
      )}
      {modal === "not_verified_account" && (
        <StatusPanel testId="not-verified" titleKey="login.not_verified_account.title" textKey="login.not_verified_account.text">
          {close}
          <Form method="post">
            <Button type="submit" name="intent" value="resend" data-testid="resend-verification">
              {t("login.not_verified_account.action")}
            </Button>
          </Form>
        </StatusPanel>
      )}
      {modal === "unsaved_mail" && (
        <StatusPanel testId="unsaved-mail" titleKey="unsaved_mail_title" textKey="unsaved_mail_subtitle">
          {close}
          <Button asChild variant="outline">
            <Link to="/register/agency">{t("login.registerAgency")}</Link>
          </Button>
          <Button asChild>
            <Link to="/register/user">{t("login.registerCandidate")}</Link>
          </Button>
        </StatusPanel>
      )}
      {modal === "verification_sent" && (
        <StatusPanel testId="verification-sent" titleKey="login.verification_sent.title" textKey="login.verification_sent.text">
          {close}
        </StatusPanel>
      )}
    </div>
  );
}
