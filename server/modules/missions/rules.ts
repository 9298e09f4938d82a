import { slugify as slugOf } from "../../lib/text";
import { isAgencyStaff, type Actor } from "../identity/contract";

/**
 * Ads and orders (spec sections 3, 4, 9): the lists and limits. Pure, so the browser and the
 * server check the same rules; the deciders check them again. The ad form's schema (zod) is in
 * ./ad-form-schema, so pages that only list ads leave zod out of their JavaScript.
 */
export const AD_STATES = ["online", "draft", "disabled", "expired", "archived", "deleted"] as const;
export type AdState = (typeof AD_STATES)[number];

export const ORDER_STATES = ["online", "expired", "validated", "in_progress", "pending", "completed"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Which order states a person may move an order to, from each state (expiry is the job's). */
export const ORDER_TRANSITIONS: Record<OrderState, OrderState[]> = {
  pending: ["validated"],
  validated: ["online", "in_progress", "pending"],
  online: ["in_progress", "validated"],
  in_progress: ["completed"],
  expired: ["pending", "validated"],
  completed: [],
};

export const CONTRACTS = ["temporary", "fixed_term", "permanent", "internship", "apprenticeship"] as const;
export const JOB_TYPES = ["full_time", "part_time", "shift_work", "on_call"] as const;
export const SALARY_PERIODS = ["hour", "month", "year"] as const;
export const COMMITMENTS = ["date", "to_agree", "undetermined"] as const;
export const AD_LANGUAGES = ["fr", "en", "de", "it", "pt"] as const;
export const AD_COUNTRIES = ["CH", "FR"] as const;

export const MAX_QUESTIONS = 5;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_EXTENSIONS = ["png", "jpg", "jpeg"] as const;
export const IMAGE_MIMES = ["image/png", "image/jpeg"] as const;
export const MAX_DESCRIPTION = 20_000;

/**
 * Job boards an ad can be posted to. The code (`S` and two digits) is the source of every public
 * URL and travels with applications coming back from the board; S01 is our own site. `xml` is the
 * dialect of the board's XML feed (every board also reads the JSON feed); see docs/decisions/0008.
 */
export const JOB_BOARDS = [
  { code: "S01", name: "Missio", xml: "indeed", countries: ["CH", "FR"] },
  { code: "S02", name: "Indeed", xml: "indeed", countries: ["CH", "FR"] },
  { code: "S03", name: "jobs.ch", xml: "jobcloud", countries: ["CH"] },
  { code: "S04", name: "jobup.ch", xml: "jobcloud", countries: ["CH"] },
  { code: "S05", name: "HelloWork", xml: "indeed", countries: ["FR"] },
  { code: "S06", name: "France Travail", xml: "indeed", countries: ["FR"] },
  { code: "S07", name: "LinkedIn", xml: "indeed", countries: ["CH", "FR"] },
] as const;
export type JobBoardCode = (typeof JOB_BOARDS)[number]["code"];
export const OWN_SITE: JobBoardCode = "S01";
export const SOURCE_CODE = /^S\d{2}$/;
export const jobBoard = (code: string) => JOB_BOARDS.find((b) => b.code === code);

/** "macon-geneve-10042": readable, and unique by its id (the apply URL /job/{slug}/{source}/apply has no other). */
export const adSlug = (f: Pick<AdFields, "title" | "place">, adId: number) =>
  `${slugify(`${f.title} ${f.place.name}`)}-${adId}`;

/** "Chef de chantier (H/F) à Genève" → "chef-de-chantier-h-f-a-geneve" */
export function slugify(text: string): string {
  const slug = slugOf(text).slice(0, 80).replace(/-+$/, "");
  return slug || "annonce";
}

/**
 * The rules between an ad's fields, written once: the form's schema shows each on its field, and
 * the decider refuses decided fields that break one (no path around the form skips them).
 */
export function adFieldProblems(v: {
  salaryMin: number | null;
  salaryMax: number | null;
  activityRateMin: number;
  activityRateMax: number;
  commitment: string;
  commitmentDate: string | null;
  endDate: string;
}): { field: string; key: string }[] {
  const problems: { field: string; key: string }[] = [];
  if (v.salaryMin != null && v.salaryMax != null && v.salaryMin > v.salaryMax)
    problems.push({ field: "salaryMax", key: "validation.salary_order" });
  if (v.activityRateMin > v.activityRateMax) problems.push({ field: "activityRateMax", key: "validation.rate_order" });
  if (v.commitment === "date" && !v.commitmentDate)
    problems.push({ field: "commitmentDate", key: "validation.required" });
  if (v.commitment === "date" && v.commitmentDate && v.endDate && v.commitmentDate > v.endDate)
    problems.push({ field: "endDate", key: "validation.end_after_start" });
  return problems;
}

/** The place of an ad: a real locality with its coordinates. */
export interface AdPlace {
  localityId: string;
  name: string;
  postalCode: string;
  region: string;
  regionCode: string;
  lat: number;
  lng: number;
}

/** An ad's requirements: languages at a level, licences and certificates, a valid work permit. */
export interface AdRequirements {
  languages: { code: string; level: string }[];
  licences: string[];
  workPermit: boolean;
}

/** What the events carry: the form's fields, resolved and cleaned. */
export interface AdFields {
  title: string;
  qualification: string;
  /** sanitised HTML */
  description: string;
  language: (typeof AD_LANGUAGES)[number];
  sectorId: string;
  professionId: string;
  jobType: (typeof JOB_TYPES)[number];
  contract: (typeof CONTRACTS)[number];
  activityRateMin: number;
  activityRateMax: number;
  places: number;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryPeriod: (typeof SALARY_PERIODS)[number];
  hideSalary: boolean;
  commitment: (typeof COMMITMENTS)[number];
  /** YYYY-MM-DD when commitment is "date" */
  commitmentDate: string | null;
  /** YYYY-MM-DD: the ad expires after this day */
  endDate: string;
  slots: string;
  duration: string;
  place: AdPlace;
  country: (typeof AD_COUNTRIES)[number];
  orderId: string | null;
  contactId: string | null;
  questions: string[];
  /** what the candidate must bring (matching, issue 32); absent on ads written before */
  requirements?: AdRequirements;
  /** storage id of the cover image */
  imageId: string | null;
  jobBoards: JobBoardCode[];
  internalId: string;
}

/** The states an ad list filters by (deleted ads are gone from lists). */
export const LISTED_AD_STATES = AD_STATES.filter((s) => s !== "deleted");

/** What a person may do to an ad in each state (the decider enforces, the UI offers). */
export const AD_ACTIONS: Record<AdState, ("edit" | "publish" | "disable" | "archive" | "delete" | "duplicate")[]> = {
  draft: ["edit", "publish", "archive", "delete", "duplicate"],
  online: ["edit", "disable", "archive", "delete", "duplicate"],
  disabled: ["edit", "publish", "archive", "delete", "duplicate"],
  expired: ["edit", "publish", "archive", "delete", "duplicate"],
  archived: ["delete", "duplicate"],
  deleted: [],
};

export type AdAction = (typeof AD_ACTIONS)[AdState][number];

/**
 * Policy: who may do what to an ad, whatever its state (the decider judges the state). Agency
 * staff all of it; a client manager duplicates their company's ads and edits or deletes their
 * own proposals (publishing, disabling and archiving are the agency's); nobody else anything.
 */
export function mayActOnAd(actor: Actor, ad: { createdBy: string }, action: AdAction): boolean {
  if (isAgencyStaff(actor)) return true;
  if (actor.role !== "MANAGER_CLIENT") return false;
  return action === "duplicate" || ((action === "edit" || action === "delete") && ad.createdBy === actor.id);
}

/** What a list offers on an ad: what its state allows and the actor may do. */
export const adActionsFor = (actor: Actor, ad: { status: AdState; createdBy: string }): AdAction[] =>
  AD_ACTIONS[ad.status].filter((a) => mayActOnAd(actor, ad, a));

export { currencyOf } from "../../lib/numbers";
