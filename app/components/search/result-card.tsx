import { Form, Link, useFetcher } from "@remix-run/react";
import { Heart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { AgencyLogo } from "~/components/agency-logo";
import { formatDate } from "~/utils/dates";
import { formatMoneyRange, formatNumber } from "#server/lib/contract";
import { currencyOf, OWN_SITE } from "#server/modules/missions/contract";
import type { AdHit } from "#server/modules/missions/search";
import { FitBadge, FitReasons } from "./fit";

/**
 * One ad in the results: what a person needs to decide to open it. Candidates also get a
 * favourite toggle and "not interested" (plain POST forms, so both work without JavaScript), and
 * how the ad fits their profile, with why.
 */
export function ResultCard({
  hit,
  logoId,
  candidate,
  favourite,
}: {
  hit: AdHit;
  logoId?: string;
  candidate: boolean;
  favourite: boolean;
}) {
  const { t, i18n } = useTranslation(["search", "reference"]);
  const salary = hit.hideSalary ? null : formatMoneyRange(hit.salaryMin, hit.salaryMax, hit.country, i18n.language);
  const rate =
    hit.activityRateMin === hit.activityRateMax
      ? `${hit.activityRateMax} %`
      : `${hit.activityRateMin}–${hit.activityRateMax} %`;
  const start =
    hit.commitment === "date" && hit.commitmentDate
      ? formatDate(`${hit.commitmentDate}T12:00:00`)
      : t(`commitments.${hit.commitment}`);
  return (
    <article className="card-surface grid gap-2 p-4" data-testid="result" data-ad-id={hit.id}>
      <div className="flex items-start gap-3">
        <AgencyLogo name={hit.agencyName} logoId={logoId} />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 className="text-lg font-semibold leading-tight">
            <Link to={`/annonce/${hit.id}/${OWN_SITE}`} className="hover:underline" data-testid="result-title">
              {hit.title}
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">
            <span data-testid="result-agency">{hit.agencyName}</span>
            {" · "}
            <span data-testid="result-place">
              {hit.placeName} ({hit.postalCode})
            </span>
            {hit.distanceKm != null && (
              <span data-testid="result-distance">
                {" "}
                · {t("card.distance", { km: formatNumber(hit.distanceKm, i18n.language, 1) })}
              </span>
            )}
          </p>
        </div>
        {candidate && <FavouriteToggle adId={hit.id} favourite={favourite} />}
      </div>
      <ul className="flex flex-wrap gap-2 text-xs">
        <li className="rounded-full bg-secondary px-2 py-0.5" data-testid="result-contract">
          {t(`contracts.${hit.contract}`)}
        </li>
        <li className="rounded-full bg-secondary px-2 py-0.5">{t(`jobTypes.${hit.jobType}`)}</li>
        <li className="rounded-full bg-secondary px-2 py-0.5">{rate}</li>
        <li className="rounded-full bg-secondary px-2 py-0.5">{t(`reference:professions.${hit.professionId}`)}</li>
      </ul>
      {hit.fit && (
        <div className="grid gap-1">
          <FitBadge fit={hit.fit} />
          <FitReasons fit={hit.fit} />
        </div>
      )}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-0.5 text-sm">
        <dt className="text-muted-foreground">{t("card.salary")}</dt>
        <dd data-testid="result-salary">
          {salary
            ? t("card.salaryAmount", {
                amount: salary,
                currency: currencyOf(hit.country),
                period: t(`periods.${hit.salaryPeriod}`),
              })
            : t("card.salaryHidden")}
        </dd>
        <dt className="text-muted-foreground">{t("card.start")}</dt>
        <dd>{start}</dd>
        <dt className="text-muted-foreground">{t("card.published")}</dt>
        <dd>{formatDate(new Date(hit.publishedAt * 1000))}</dd>
      </dl>
      {hit.excerpt && (
        <p className="text-sm text-muted-foreground" data-testid="result-excerpt">
          {hit.excerpt}
        </p>
      )}
      {candidate && (
        <Form method="post" preventScrollReset className="justify-self-end">
          <input type="hidden" name="adId" value={hit.id} />
          <Button type="submit" name="intent" value="hide" variant="ghost" size="sm" data-testid="hide-ad">
            {t("card.notInterested")}
          </Button>
        </Form>
      )}
    </article>
  );
}

/** A heart that flips at once (the server confirms through the fetcher's revalidation). */
export function FavouriteToggle({ adId, favourite }: { adId: number; favourite: boolean }) {
  const { t } = useTranslation("search");
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("intent");
  const on = pending ? pending === "favourite" : favourite;
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="adId" value={adId} />
      <Button
        type="submit"
        name="intent"
        value={on ? "unfavourite" : "favourite"}
        variant="ghost"
        size="icon"
        aria-pressed={on}
        aria-label={on ? t("card.unfavourite") : t("card.favourite")}
        title={on ? t("card.unfavourite") : t("card.favourite")}
        data-testid="favourite-toggle"
      >
        <Heart className={on ? "h-5 w-5 fill-current text-destructive" : "h-5 w-5"} aria-hidden />
      </Button>
    </fetcher.Form>
  );
}
