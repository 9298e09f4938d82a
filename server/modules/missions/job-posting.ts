import type { PublicAd } from "./queries";
import { currencyOf, type AdFields, type JobBoardCode } from "./rules";

/** The public addresses of an ad for a source (spec public routes): its page and where to apply. */
export function adUrls(publicUrl: string, ad: Pick<PublicAd, "id" | "slug">, source: JobBoardCode | string) {
  const base = publicUrl.replace(/\/+$/, "");
  return { page: `${base}/annonce/${ad.id}/${source}`, apply: `${base}/job/${ad.slug}/${source}/apply` };
}

/**
 * schema.org employment types of an ad: its contract, then its working time. A permanent
 * full-time job is FULL_TIME; a temporary mission is TEMPORARY and FULL_TIME or PART_TIME.
 */
export function employmentTypes(f: Pick<AdFields, "contract" | "jobType">): string[] {
  const byContract: Record<AdFields["contract"], string | null> = {
    temporary: "TEMPORARY",
    fixed_term: "TEMPORARY",
    permanent: null,
    internship: "INTERN",
    apprenticeship: "INTERN",
  };
  const byTime: Record<AdFields["jobType"], string> = {
    full_time: "FULL_TIME",
    part_time: "PART_TIME",
    shift_work: "FULL_TIME",
    on_call: "PER_DIEM",
  };
  return [...new Set([byContract[f.contract], byTime[f.jobType]].filter((v): v is string => v !== null))];
}

const SALARY_UNIT: Record<AdFields["salaryPeriod"], "HOUR" | "MONTH" | "YEAR"> = {
  hour: "HOUR",
  month: "MONTH",
  year: "YEAR",
};

/** YYYY-MM-DD of the last day an ad is online, as the end of that day in UTC. */
const endOfDay = (date: string) => `${date}T23:59:59Z`;

/**
 * An online ad as a schema.org JobPosting (what search engines read on the ad page, and each
 * item of the JSON feed). A hidden salary is left out; the description keeps its cleaned HTML.
 */
export function jobPosting(ad: PublicAd, urls: { page: string; apply: string }) {
  const f = ad.fields;
  const salary =
    !f.hideSalary && (f.salaryMin != null || f.salaryMax != null)
      ? {
          "@type": "MonetaryAmount",
          currency: currencyOf(f.country),
          value: {
            "@type": "QuantitativeValue",
            ...(f.salaryMin != null ? { minValue: f.salaryMin } : {}),
            ...(f.salaryMax != null ? { maxValue: f.salaryMax } : {}),
            unitText: SALARY_UNIT[f.salaryPeriod],
          },
        }
      : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: f.title,
    description: f.description,
    identifier: { "@type": "PropertyValue", name: ad.agencyName, value: String(ad.id) },
    datePosted: ad.publishedAt.toISOString(),
    validThrough: endOfDay(f.endDate),
    employmentType: employmentTypes(f),
    // the agency employs the people it places: it is the hiring organisation; clients stay unnamed
    hiringOrganization: { "@type": "Organization", name: ad.agencyName },
    jobLocation: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        addressLocality: f.place.name,
        postalCode: f.place.postalCode,
        addressRegion: f.place.region,
        addressCountry: f.country,
      },
      geo: { "@type": "GeoCoordinates", latitude: f.place.lat, longitude: f.place.lng },
    },
    ...(salary ? { baseSalary: salary } : {}),
    ...(f.commitment === "date" && f.commitmentDate ? { jobStartDate: f.commitmentDate } : {}),
    ...(f.qualification ? { qualifications: f.qualification } : {}),
    ...(f.slots ? { workHours: f.slots } : {}),
    totalJobOpenings: f.places,
    inLanguage: f.language,
    directApply: true,
    url: urls.page,
  };
}

export type JobPosting = ReturnType<typeof jobPosting>;
