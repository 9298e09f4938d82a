import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { AgencyLogo } from "~/components/agency-logo";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { AdErrorBoundary, AdFacts, adMeta, BackToSearch, JobPostingJsonLd } from "~/components/ads/public-ad";
import { ShareLinks } from "~/components/ads/share-links";
import { OpenPage } from "~/components/layout/open-page";
import { FavouriteToggle } from "~/components/search/result-card";
import { Button } from "~/components/ui/button";
import { FitBadge, FitReasons } from "~/components/search/fit";
import { applyCandidateAdAction } from "~/utils/candidate-ad-actions.server";
import { requireAbility } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { adNotFound, publicAdPage, sourceOf } from "~/utils/public-ad.server";

export const handle = { i18n: ["common", "search", "reference", "profile", "fit"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => adMeta(data);

/**
 * /annonce/{id}/{source}: an online ad for everyone, reached from our search (S01) or from a job
 * board (its source code, kept on the way to applying). Anything else is "announcement not
 * found" with status 404. Search engines get JSON-LD and one canonical address.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const source = sourceOf(params.source);
  const id = /^\d{1,15}$/.test(params.id ?? "") ? Number(params.id) : null;
  const ad = source && id !== null ? await context.services.missions.publicAd(id) : null;
  if (!ad || !source) throw adNotFound();
  return json(await publicAdPage(request, context, ad, source));
}

/** Candidates keep the ad in their favourites or take it out, from its page (also without JavaScript). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const intent = (await request.formData()).get("intent");
  const adId = Number(params.id);
  if ((intent !== "favourite" && intent !== "unfavourite") || !Number.isSafeInteger(adId))
    return json({ error: "failed_operation" }, { status: 400 });
  const { error, status } = await applyCandidateAdAction(context, user, intent, adId);
  return json({ error }, { status });
}

export default function AdPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <OpenPage shell={data.shell}>
      <AdView />
    </OpenPage>
  );
}

function AdView() {
  const { t } = useTranslation("search");
  const { ad, urls, jsonLd, candidate, favourite, fit } = useLoaderData<typeof loader>();
  const done = useActionReply<typeof action>();
  const f = ad.fields;
  return (
    <article className="mx-auto grid max-w-4xl gap-6" data-testid="ad-page" data-ad-id={ad.id}>
      <JobPostingJsonLd data={jsonLd} />
      <BackToSearch />
      <header className="card-surface grid gap-3 p-6">
        {ad.image && (
          <img src={ad.image} alt="" className="max-h-56 w-full rounded-md object-cover" data-testid="ad-image" />
        )}
        <div className="flex items-start justify-between gap-3">
          <h1 className="text-2xl font-semibold leading-tight" data-testid="ad-title">
            {f.title}
          </h1>
          {candidate && <FavouriteToggle adId={ad.id} favourite={favourite} />}
        </div>
        {done?.error && (
          <p
            role="alert"
            className="rounded-md bg-destructive/10 p-3 text-sm text-destructive"
            data-testid="action-error"
          >
            {t(done.error, { ns: "common" })}
          </p>
        )}
        <div className="flex items-center gap-3">
          <AgencyLogo name={ad.agencyName} logoId={ad.logoId} />
          <p className="text-sm text-muted-foreground" data-testid="ad-published">
            {t("ad.publishedBy", {
              agency: ad.branchName ? `${ad.agencyName} – ${ad.branchName}` : ad.agencyName,
              date: formatDate(ad.publishedAt),
            })}
          </p>
        </div>
        {fit && (
          <div className="grid gap-1" data-testid="ad-fit">
            <FitBadge fit={fit} />
            <FitReasons fit={fit} />
          </div>
        )}
        <div>
          <Button asChild>
            <Link to={new URL(urls.apply).pathname} data-testid="apply-link">
              {t("ad.apply")}
            </Link>
          </Button>
        </div>
      </header>
      <section className="card-surface grid gap-4 p-6">
        <AdFacts ad={ad} />
      </section>
      <section className="card-surface grid gap-3 p-6" aria-labelledby="description-heading">
        <h2 id="description-heading" className="text-lg font-medium">
          {t("ad.description")}
        </h2>
        {/* sanitised on the server when the ad was saved (server/modules/missions/description.ts) */}
        <div
          lang={f.language}
          className="max-w-none text-sm leading-relaxed [&_a]:text-primary [&_a]:underline [&_h2]:mt-3 [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-medium [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6"
          data-testid="ad-description"
          dangerouslySetInnerHTML={{ __html: f.description }}
        />
        {f.questions.length > 0 && (
          <div data-testid="ad-questions">
            <h3 className="mb-1 font-medium">{t("ad.questions")}</h3>
            <ol className="list-decimal pl-6 text-sm">
              {f.questions.map((q) => (
                <li key={q}>{q}</li>
              ))}
            </ol>
          </div>
        )}
        {ad.contactName && <p className="text-sm text-muted-foreground">{t("ad.contact", { name: ad.contactName })}</p>}
      </section>
      <section className="card-surface p-6">
        <ShareLinks url={urls.canonical} title={f.title} />
      </section>
    </article>
  );
}

export const ErrorBoundary = AdErrorBoundary;
