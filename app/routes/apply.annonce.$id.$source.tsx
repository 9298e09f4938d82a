import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { AdErrorBoundary, AdFacts, adMeta } from "~/components/ads/public-ad";
import { ApplyForm } from "~/components/applications/apply-form";
import { OpenPage } from "~/components/layout/open-page";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import type { AnonymousReply, loader } from "./apply.annonce.$id.$source.server";

export const handle = { i18n: ["common", "search", "reference", "applications", "register", "profile"] };

// the ad page is the one to index; this one only leads to applying
export const meta: MetaFunction<typeof loader> = ({ data }) => adMeta(data, true);

export { action, loader } from "./apply.annonce.$id.$source.server";

export default function AnonymousApply() {
  const data = useLoaderData<typeof loader>();
  return (
    <OpenPage shell={data.shell}>
      <AnonymousApplyView />
    </OpenPage>
  );
}

function AnonymousApplyView() {
  const { t } = useTranslation("applications");
  const { ad, source, shell, urls, constraint } = useLoaderData<typeof loader>();
  const reply = useActionReply<AnonymousReply>();
  const location = useLocation();
  const f = ad.fields;
  return (
    <article className="mx-auto grid max-w-3xl gap-6" data-testid="anonymous-apply-page" data-source={source}>
      <header className="card-surface grid gap-2 p-6">
        <p className="text-sm text-muted-foreground">{t("anonymous.heading")}</p>
        <h1 className="text-2xl font-semibold" data-testid="ad-title">
          {f.title}
        </h1>
        <p className="text-sm text-muted-foreground">{ad.agencyName}</p>
        <Link to={new URL(urls.page).pathname} className="text-sm text-primary underline" data-testid="ad-link">
          {t("apply.seeAd", { ns: "search" })}
        </Link>
      </header>
      <section className="card-surface grid gap-4 p-6">
        <AdFacts ad={ad} />
      </section>
      <section className="card-surface grid gap-4 p-6" data-testid="apply-next">
        {shell ? (
          <p role="status" data-testid="apply-candidates-only">
            {t("anonymous.candidatesOnly")}
          </p>
        ) : reply?.kind === "applied" || reply?.kind === "resent" ? (
          <Outcome reply={reply} />
        ) : (
          <>
            <p className="text-sm">{t("anonymous.intro")}</p>
            <p className="text-sm">
              {t("anonymous.haveAccount")}{" "}
              <Link
                to={`/login?redirectTo=${encodeURIComponent(new URL(urls.apply).pathname)}`}
                className="text-primary underline"
                data-testid="apply-login"
              >
                {t("anonymous.signIn")}
              </Link>
            </p>
            {reply?.kind === "error" && (
              <p
                role="alert"
                className="rounded-md bg-destructive/10 p-3 text-sm text-destructive"
                data-testid="apply-error"
              >
                {t(reply.error, { ns: ["applications", "common"] })}
              </p>
            )}
            {/* a new key per answer: the form shows the reply's values and kept CV, not the previous ones */}
            <ApplyForm
              key={location.key}
              questions={f.questions}
              anonymous
              constraint={constraint}
              keptCv={reply?.kind === "form" ? reply.keptCv : null}
              lastResult={reply?.kind === "form" ? reply.result : null}
            />
          </>
        )}
      </section>
    </article>
  );
}

/** What the account of the email made of the application (spec "Anonymous apply statuses"). */
function Outcome({ reply }: { reply: Extract<AnonymousReply, { kind: "applied" } | { kind: "resent" }> }) {
  const { t } = useTranslation("applications");
  if (reply.kind === "resent")
    return (
      <StatusNotice testId="verification-resent">
        <p>{t("anonymous.resent")}</p>
      </StatusNotice>
    );
  return (
    <StatusNotice testId="apply-success">
      <p className="font-medium" data-testid="apply-outcome" data-outcome={reply.outcome}>
        {t(`anonymous.${reply.outcome}`)}
      </p>
      <p className="mt-1">{t("apply.thanks")}</p>
      {reply.outcome === "ACCOUNT_VERIFIED" && (
        <p className="mt-3">
          <Link
            to="/login?redirectTo=%2Fcandidatures-en-attente"
            className="text-primary underline"
            data-testid="outcome-login"
          >
            {t("anonymous.signIn")}
          </Link>
        </p>
      )}
      {reply.outcome === "ACCOUNT_NOT_VERIFIED" && (
        <Form method="post" encType="multipart/form-data" className="mt-3">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={reply.email} />
          <SubmitButton variant="outline" data-testid="resend-verification">
            {t("anonymous.resend")}
          </SubmitButton>
        </Form>
      )}
    </StatusNotice>
  );
}

export const ErrorBoundary = AdErrorBoundary;
