import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FitBadge, FitReasons } from "~/components/search/fit";
import { OWN_SITE } from "#server/modules/missions/contract";
import type { JobsForYou } from "~/utils/jobs-for-you.server";

/** The dashboard's "jobs for you": the online ads that fit the candidate best, each with why. */
export function JobsForYouCard({ jobs }: { jobs: JobsForYou }) {
  const { t } = useTranslation(["fit", "reference"]);
  return (
    <section className="card-surface grid gap-3 p-6" aria-labelledby="jobs-for-you" data-testid="jobs-for-you">
      <div className="grid gap-1">
        <h2 id="jobs-for-you" className="text-lg font-semibold">
          {t("forYou.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("forYou.intro")}</p>
      </div>
      {jobs.state === "noCriteria" && (
        <p className="text-sm">
          {t("forYou.noCriteria")}{" "}
          <Link to="/mobility" className="text-primary underline" data-testid="jobs-for-you-criteria">
            {t("forYou.completeProfile")}
          </Link>
        </p>
      )}
      {jobs.state === "unavailable" && (
        <p role="status" className="text-sm text-muted-foreground">
          {t("forYou.unavailable")}
        </p>
      )}
      {jobs.state === "ok" && !jobs.hits.length && <p className="text-sm">{t("forYou.none")}</p>}
      {jobs.state === "ok" && jobs.hits.length > 0 && (
        <>
          <ul className="grid gap-3">
            {jobs.hits.map((hit) => (
              <li
                key={hit.id}
                className="grid gap-1 rounded-md border p-3"
                data-testid="job-for-you"
                data-ad-id={hit.id}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link to={`/annonce/${hit.id}/${OWN_SITE}`} className="font-medium hover:underline">
                    {hit.title}
                  </Link>
                  {hit.fit && <FitBadge fit={hit.fit} />}
                </div>
                <p className="text-sm text-muted-foreground">
                  {hit.agencyName} · {hit.placeName} · {t(`reference:professions.${hit.professionId}`)}
                </p>
                {hit.fit && <FitReasons fit={hit.fit} />}
              </li>
            ))}
          </ul>
          <Link to={jobs.more} className="text-sm text-primary underline" data-testid="jobs-for-you-more">
            {t("forYou.more")}
          </Link>
        </>
      )}
    </section>
  );
}
