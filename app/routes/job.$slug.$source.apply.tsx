import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { AdErrorBoundary, AdFacts, adMeta, JobPostingJsonLd } from "~/components/ads/public-ad";
import { OpenPage } from "~/components/layout/open-page";
import { Button } from "~/components/ui/button";
import { ApplyForm } from "~/components/applications/apply-form";
import { StatusNotice } from "~/components/status-notice";
import type { ApplyReply, loader } from "./job.$slug.$source.apply.server";

export const handle = { i18n: ["common", "search", "reference", "applications", "register", "profile"] };

// the ad page is the one to index; this one only leads to applying
export const meta: MetaFunction<typeof loader> = ({ data }) => adMeta(data, true);

export { action, loader } from "./job.$slug.$source.apply.server";

export default function ApplyEntry() {
  const data = useLoaderData<typeof loader>();
  return (
    <OpenPage shell={data.shell}>
      <ApplyView />
    </OpenPage>
  );
}

function ApplyView() {
  const { t } = useTranslation("search");
  const { ad, source, shell, candidate, jsonLd, urls } = useLoaderData<typeof loader>();
  const location = useLocation();
  const back = encodeURIComponent(location.pathname);
  const f = ad.fields;
  return (
    <article className="mx-auto grid max-w-3xl gap-6" data-testid="apply-page" data-source={source}>
      <JobPostingJsonLd data={jsonLd} />
      <header className="card-surface grid gap-2 p-6">
        <p className="text-sm text-muted-foreground">{t("apply.heading")}</p>
        <h1 className="text-2xl font-semibold" data-testid="ad-title">
          {f.title}
        </h1>
        <p className="text-sm text-muted-foreground">{ad.agencyName}</p>
        <Link to={new URL(urls.page).pathname} className="text-sm text-primary underline" data-testid="ad-link">
          {t("apply.seeAd")}
        </Link>
      </header>
      <section className="card-surface grid gap-4 p-6">
        <AdFacts ad={ad} />
        {f.questions.length > 0 && !candidate && (
          <div data-testid="ad-questions">
            <h2 className="mb-1 font-medium">{t("ad.questions")}</h2>
            <ol className="list-decimal pl-6 text-sm">
              {f.questions.map((q) => (
                <li key={q}>{q}</li>
              ))}
            </ol>
          </div>
        )}
      </section>
      <section className="card-surface grid gap-3 p-6" data-testid="apply-next">
        {!shell && (
          <>
            <p>{t("apply.signInFirst")}</p>
            <div className="flex flex-wrap gap-3">
              <Button asChild>
                <Link to={`/login?redirectTo=${back}`} data-testid="apply-login">
                  {t("header.login")}
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/register/user" data-testid="apply-register">
                  {t("header.register")}
                </Link>
              </Button>
            </div>
          </>
        )}
        {shell && !candidate && (
          <p role="status" data-testid="apply-candidates-only">
            {t("apply.candidatesOnly")}
          </p>
        )}
        {candidate && <CandidateApply />}
      </section>
    </article>
  );
}

/** A candidate's part: the form, or where their application stands. */
function CandidateApply() {
  const { t } = useTranslation("applications");
  const { ad, mine, applied, constraint } = useLoaderData<typeof loader>();
  const reply = useActionReply<ApplyReply>();
  if (applied)
    return (
      <StatusNotice testId="apply-success">
        <p className="font-medium">{t("success_apply_mission")}</p>
        <p className="mt-1">{t("apply.thanks")}</p>
        <p className="mt-3 flex flex-wrap gap-4">
          <Link to="/candidatures-en-attente" className="text-primary underline" data-testid="see-applications">
            {t("apply.seeApplications")}
          </Link>
          <Link to="/rechercher-un-emploi" className="text-primary underline">
            {t("apply.moreJobs")}
          </Link>
        </p>
      </StatusNotice>
    );
  if (mine?.existing && !mine.existing.withdrawn)
    return (
      <p role="status" data-testid="candidature-exist">
        {t("candidature_exist")}{" "}
        <Link to="/candidatures-en-attente" className="text-primary underline">
          {t("apply.seeApplications")}
        </Link>
      </p>
    );
  return (
    <ApplyForm
      questions={ad.fields.questions}
      registeredCv={mine?.cv ?? null}
      constraint={constraint}
      lastResult={reply?.result}
    />
  );
}

export const ErrorBoundary = AdErrorBoundary;
