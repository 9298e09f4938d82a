import type { MetaDescriptor } from "@remix-run/node";
import { Link, useRouteError, isRouteErrorResponse } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/error-page";
import { formatDate } from "~/utils/dates";
import { useNonce } from "~/utils/nonce";
import { formatMoneyRange } from "#server/lib/contract";
import { jsonForScript } from "#server/modules/missions/contract";
import { currencyOf, type AdFields } from "#server/modules/missions/contract";

export interface PublicAdView {
  id: number;
  agencyName: string;
  branchName: string | null;
  contactName: string | null;
  fields: AdFields;
  descriptionText: string;
  publishedAt: string;
  image: string | null;
}

/** Title, description, Open Graph and canonical tags of a public ad page. */
export function adMeta(
  data: { ad: PublicAdView; urls: { canonical: string } } | undefined,
  noindex = false,
): MetaDescriptor[] {
  if (!data) return [{ title: "Missio" }];
  const { ad, urls } = data;
  const title = `${ad.fields.title} – ${ad.fields.place.name} | ${ad.agencyName}`;
  const description = ad.descriptionText.length > 160 ? `${ad.descriptionText.slice(0, 157)}…` : ad.descriptionText;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: urls.canonical },
    { property: "og:locale", content: ad.fields.language },
    ...(ad.image ? [{ property: "og:image", content: new URL(ad.image, urls.canonical).toString() }] : []),
    { name: "twitter:card", content: "summary" },
    { tagName: "link", rel: "canonical", href: urls.canonical },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** The schema.org JobPosting search engines read (inert data: it runs nothing). */
export function JobPostingJsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      data-testid="job-posting-ld"
      dangerouslySetInnerHTML={{ __html: jsonForScript(data) }}
    />
  );
}

/** The facts a job seeker weighs first, as a definition list. */
export function AdFacts({ ad }: { ad: PublicAdView }) {
  const { t, i18n } = useTranslation(["search", "reference", "common", "profile"]);
  const f = ad.fields;
  const salary = f.hideSalary ? null : formatMoneyRange(f.salaryMin, f.salaryMax, f.country, i18n.language);
  const rate =
    f.activityRateMin === f.activityRateMax ? `${f.activityRateMax} %` : `${f.activityRateMin}–${f.activityRateMax} %`;
  const rows: [string, string, string][] = [
    [
      "place",
      t("ad.place"),
      `${f.place.name} (${f.place.postalCode}), ${f.place.region} · ${t(`common:countries.${f.country}`)}`,
    ],
    [
      "profession",
      t("form.profession"),
      `${t(`reference:professions.${f.professionId}`)} · ${t(`reference:sectors.${f.sectorId}`)}`,
    ],
    ["contract", t("form.contract"), `${t(`contracts.${f.contract}`)} · ${t(`jobTypes.${f.jobType}`)}`],
    ["rate", t("form.rateMin"), rate],
    [
      "salary",
      t("card.salary"),
      salary
        ? t("card.salaryAmount", {
            amount: salary,
            currency: currencyOf(f.country),
            period: t(`periods.${f.salaryPeriod}`),
          })
        : t("card.salaryHidden"),
    ],
    [
      "start",
      t("card.start"),
      f.commitment === "date" && f.commitmentDate
        ? formatDate(`${f.commitmentDate}T12:00:00`)
        : t(`commitments.${f.commitment}`),
    ],
    ["duration", t("ad.duration"), f.duration || t("common:common.empty")],
    ["slots", t("ad.slots"), f.slots || t("common:common.empty")],
    ...requirementRows(f, t, i18n.language),
    ["places", t("ad.places"), String(f.places)],
    ["qualification", t("ad.qualification"), f.qualification || t("common:common.empty")],
    ["until", t("ad.until"), formatDate(`${f.endDate}T12:00:00`)],
    ["reference", t("ad.reference"), String(ad.id)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]" data-testid="ad-facts">
      {rows.map(([key, label, value]) => (
        <div key={key} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd data-testid={`ad-${key}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the candidate must bring (the ad's requirements, issue 32): a row only when it asks something. */
function requirementRows(f: AdFields, t: (key: string) => string, language: string): [string, string, string][] {
  const r = f.requirements;
  if (!r) return [];
  const names = new Intl.DisplayNames([language, "en"], { type: "language" });
  const asked = [
    ...r.languages.map(
      (l) => `${names.of(l.code) ?? l.code} ${l.level === "native" ? t("profile:levels.native") : l.level}`,
    ),
    ...r.licences.map((l) => t(`profile:licences.${l}`)),
    ...(r.workPermit ? [t("ad.permitRequired")] : []),
  ];
  return asked.length ? [["requirements", t("ad.requirements"), asked.join(" · ")]] : [];
}

/** "Announcement not found" with status 404, and a way back to the search. */
export function AdErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  return status === 404 ? (
    <ErrorPage status={404} kind="adNotFound" back={{ to: "/rechercher-un-emploi", labelKey: "errors.backToSearch" }} />
  ) : (
    <ErrorPage status={status} />
  );
}

export function BackToSearch() {
  const { t } = useTranslation("search");
  return (
    <Link to="/rechercher-un-emploi" className="text-sm text-primary underline" data-testid="back-to-search">
      {t("ad.back")}
    </Link>
  );
}
