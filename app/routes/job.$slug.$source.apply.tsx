import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdErrorBoundary, AdFacts, adMeta, JobPostingJsonLd } from "~/components/ads/public-ad";
import { OpenPage } from "~/components/layout/open-page";
import { Button } from "~/components/ui/button";
import { adNotFound, publicAdPage, sourceOf } from "~/utils/public-ad.server";

export const handle = { i18n: ["common", "search", "reference"] };

// the ad page is the one to index; this one only leads to applying
export const meta: MetaFunction<typeof loader> = ({ data }) => adMeta(data, true);

/**
 * /job/{slug}/{source}/apply: where job boards send people who want to apply, with the board's
 * source code. Visitors sign in or create an account and come back here; candidates see what
 * they will be asked and reach the ad's contact; other roles are told only candidates apply.
 * The application form itself belongs to the applications module.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const source = sourceOf(params.source);
  const ad = source ? await context.services.missions.publicAdBySlug(params.slug ?? "") : null;
  if (!ad || !source) throw adNotFound();
  // an older slug of the ad (its title changed): the current address
  if (ad.slug !== params.slug) throw redirect(`/job/${ad.slug}/${source}/apply`, 301);
  const page = await publicAdPage(request, context, ad, source);
  // the contact's address only for a signed-in candidate, not for crawlers and visitors
  return json({ ...page, contactEmail: page.candidate ? ad.contactEmail : null });
}

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
  const { ad, source, shell, candidate, contactEmail, jsonLd, urls } = useLoaderData<typeof loader>();
  const location = useLocation();
  const back = encodeURIComponent(location.pathname);
  const f = ad.fields;
  const subject = encodeURIComponent(t("apply.mailSubject", { title: f.title, reference: `${ad.id}/${source}` }));
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
        {f.questions.length > 0 && (
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
        {candidate && (
          <>
            <p>{t("apply.contact", { agency: ad.agencyName })}</p>
            {contactEmail ? (
              <Button asChild className="justify-self-start">
                <a href={`mailto:${contactEmail}?subject=${subject}`} data-testid="apply-mail">
                  {t("apply.mail", { name: ad.contactName ?? ad.agencyName })}
                </a>
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">{t("apply.noContact")}</p>
            )}
          </>
        )}
      </section>
    </article>
  );
}

export const ErrorBoundary = AdErrorBoundary;
