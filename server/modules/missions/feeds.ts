import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces";
import { adUrls, jobPosting } from "./job-posting";
import type { PublicAd } from "./queries";
import { currencyOf, type AdFields, type JOB_BOARDS } from "./rules";

type Board = (typeof JOB_BOARDS)[number];

export const FEED_TYPES = ["xml", "json"] as const;
export type FeedType = (typeof FEED_TYPES)[number];

export interface FeedOptions {
  board: Board;
  publicUrl: string;
  now: Date;
  /** the profession's name in the ad's language (the boards' category) */
  professionName: (professionId: string, language: string) => string;
  /** JobCloud customer number of the platform (ORGANISATIONID) */
  jobcloudOrganisationId: number;
}

/**
 * A board's feed (/partners/export/{s}/{typeFile}): `xml` in the board's own dialect (Indeed-style
 * or JobCloud-style), `json` as schema.org JobPostings for every board. Every link carries the
 * board's source code, so an application coming back from the board keeps it.
 */
export function renderFeed(type: FeedType, ads: PublicAd[], opts: FeedOptions): { body: string; contentType: string } {
  if (type === "json")
    return { body: JSON.stringify(jsonFeed(ads, opts)), contentType: "application/json; charset=utf-8" };
  const body = opts.board.xml === "jobcloud" ? jobcloudXml(ads, opts) : indeedXml(ads, opts);
  return { body, contentType: "application/xml; charset=utf-8" };
}

export function jsonFeed(ads: PublicAd[], opts: FeedOptions) {
  return {
    source: { code: opts.board.code, name: opts.board.name },
    generatedAt: opts.now.toISOString(),
    count: ads.length,
    jobs: ads.map((ad) => {
      const urls = adUrls(opts.publicUrl, ad, opts.board.code);
      return { ...jobPosting(ad, urls), applyUrl: urls.apply };
    }),
  };
}

/** What XML 1.0 allows nowhere, not even in CDATA: C0 controls but tab and line breaks (Word pastes U+000B), lone surrogates, U+FFFE/U+FFFF. */
const NOT_XML_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Text in CDATA sections, split where the text itself holds the end marker `]]>`. The feeds are
 * not pretty-printed: xmlbuilder2 would put split sections on lines of their own, adding
 * whitespace inside the text (and its txt() leaves `&amp;`-like text unescaped, so no escaping).
 */
function cdata(el: XMLBuilder, text: string) {
  text.split("]]>").forEach((part, i, all) => el.dat((i > 0 ? ">" : "") + part + (i < all.length - 1 ? "]]" : "")));
}

function element(parent: XMLBuilder, name: string, value: string | number | null | undefined, asCdata = false) {
  const text = value === null || value === undefined ? "" : String(value).replace(NOT_XML_CHARS, "");
  if (text === "") return;
  const el = parent.ele(name);
  if (asCdata) cdata(el, text);
  else el.txt(text);
}

/** "25–30 CHF per hour" style salary text, or null when hidden or not given. */
function salaryText(f: AdFields) {
  if (f.hideSalary || (f.salaryMin == null && f.salaryMax == null)) return null;
  const range =
    f.salaryMin != null && f.salaryMax != null && f.salaryMin !== f.salaryMax
      ? `${f.salaryMin}-${f.salaryMax}`
      : String(f.salaryMin ?? f.salaryMax);
  return `${range} ${currencyOf(f.country)} per ${f.salaryPeriod}`;
}

const INDEED_JOBTYPE: Record<AdFields["contract"], string> = {
  temporary: "temporary",
  fixed_term: "contract",
  permanent: "",
  internship: "internship",
  apprenticeship: "internship",
};

/** Indeed's XML job feed: <source> with publisher facts and one <job> per ad. */
export function indeedXml(ads: PublicAd[], opts: FeedOptions): string {
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele("source");
  root.ele("publisher").txt("Missio").up();
  root.ele("publisherurl").txt(opts.publicUrl).up();
  root.ele("lastBuildDate").txt(opts.now.toUTCString()).up();
  for (const ad of ads) {
    const f = ad.fields;
    const urls = adUrls(opts.publicUrl, ad, opts.board.code);
    const job = root.ele("job");
    element(job, "title", f.title, true);
    element(job, "date", ad.publishedAt.toUTCString(), true);
    element(job, "referencenumber", String(ad.id), true);
    element(job, "requisitionid", f.internalId, true);
    element(job, "url", urls.page, true);
    element(job, "company", ad.agencyName, true);
    element(job, "sourcename", ad.agencyName, true);
    element(job, "city", f.place.name, true);
    element(job, "state", f.place.region, true);
    element(job, "country", f.country, true);
    element(job, "postalcode", f.place.postalCode, true);
    element(job, "description", f.description, true);
    element(job, "salary", salaryText(f), true);
    element(
      job,
      "jobtype",
      [f.jobType === "part_time" ? "parttime" : "fulltime", INDEED_JOBTYPE[f.contract]].filter(Boolean).join(", "),
      true,
    );
    element(job, "category", opts.professionName(f.professionId, f.language), true);
    element(job, "expirationdate", f.endDate, true);
    element(job, "startdate", f.commitment === "date" ? f.commitmentDate : null, true);
    element(job, "applyurl", urls.apply, true);
  }
  return root.end();
}

/** JobCloud's ANSTELLUNGSART: 1 permanent, 2 temporary or fixed-term, 3 internship, 4 apprenticeship. */
const JOBCLOUD_EMPLOYMENT: Record<AdFields["contract"], number> = {
  permanent: 1,
  temporary: 2,
  fixed_term: 2,
  internship: 3,
  apprenticeship: 4,
};
const JOBCLOUD_PERIOD: Record<AdFields["salaryPeriod"], string> = { hour: "HOUR", month: "MONTH", year: "YEAR" };

/** JobCloud's XML feed (jobs.ch, jobup.ch): <JOBS><INSERATE><INSERAT> per ad. */
export function jobcloudXml(ads: PublicAd[], opts: FeedOptions): string {
  const list = create({ version: "1.0", encoding: "UTF-8" }).ele("JOBS").ele("INSERATE");
  for (const ad of ads) {
    const f = ad.fields;
    const urls = adUrls(opts.publicUrl, ad, opts.board.code);
    const salaryShown = !f.hideSalary && (f.salaryMin != null || f.salaryMax != null);
    const item = list.ele("INSERAT");
    element(item, "ORGANISATIONID", opts.jobcloudOrganisationId);
    element(item, "INSERATID", String(ad.id));
    element(item, "BERUF", f.title, true);
    element(item, "TEXT", f.description, true);
    element(item, "ORT", f.place.name, true);
    element(item, "PLZ", f.place.postalCode);
    element(item, "REGION", f.place.regionCode);
    element(item, "LAND", f.country);
    element(item, "BRANCHE", opts.professionName(f.professionId, f.language), true);
    element(item, "ANSTELLUNGSGRAD", f.activityRateMin);
    element(item, "ANSTELLUNGSGRAD_BIS", f.activityRateMax);
    element(item, "ANSTELLUNGSART", JOBCLOUD_EMPLOYMENT[f.contract]);
    element(item, "SPRACHE", f.language);
    element(item, "STARTDATUM", f.commitment === "date" ? f.commitmentDate : null);
    element(item, "ENDDATUM", f.endDate);
    element(item, "FIRMA", ad.agencyName, true);
    element(item, "GEHALT_MIN", salaryShown ? f.salaryMin : null);
    element(item, "GEHALT_MAX", salaryShown ? f.salaryMax : null);
    element(item, "GEHALT_WAEHRUNG", salaryShown ? currencyOf(f.country) : null);
    element(item, "GEHALT_PERIODE", salaryShown ? JOBCLOUD_PERIOD[f.salaryPeriod] : null);
    element(item, "GEHALT_SICHTBAR", salaryShown ? 1 : 0);
    element(item, "URL", urls.page, true);
    element(item, "BEWERBEN_URL", urls.apply, true);
  }
  return list.end();
}
