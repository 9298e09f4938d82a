/**
 * The candidate's side of matching (issue 32): their own profile as facts, an online ad's index
 * document as a job's, so "jobs for you", the job search's sort by fit and the alerts' lowest fit
 * score with the same `fit` as the agency's ranked lists. Pure: the caller reads the profile.
 */
import type { AdDocument, AdFields } from "../missions/contract";
import type { ProfileView } from "../candidates/contract";
import { PROFESSIONS, type Locality } from "../reference/contract";
import type { Actor } from "../identity/contract";
import { DEFAULT_WEIGHTS, fit, type CandidateFacts, type JobFacts, type Reason, type SalaryPeriod } from "./fit";

/** What of an ad's document a fit reads (the job search asks the index for these only). */
export type AdFitFields = Pick<
  AdDocument,
  | "professionId"
  | "sectorId"
  | "lat"
  | "lng"
  | "placeName"
  | "commitmentDate"
  | "contract"
  | "activityRateMin"
  | "activityRateMax"
  | "salaryMin"
  | "salaryMax"
  | "salaryPeriod"
  | "requiredLicences"
  | "requiredLanguages"
  | "permitRequired"
>;

/** An ad's fields as its index document has them (the ad page weighs the ad it shows). */
export function adFitFieldsOf(f: AdFields): AdFitFields {
  return {
    professionId: f.professionId,
    sectorId: f.sectorId,
    lat: f.place.lat,
    lng: f.place.lng,
    placeName: f.place.name,
    commitmentDate: f.commitment === "date" ? f.commitmentDate : null,
    contract: f.contract,
    activityRateMin: f.activityRateMin,
    activityRateMax: f.activityRateMax,
    // a hidden salary is no more weighed than it is shown
    salaryMin: f.hideSalary ? null : f.salaryMin,
    salaryMax: f.hideSalary ? null : f.salaryMax,
    salaryPeriod: f.salaryPeriod,
    requiredLicences: f.requirements?.licences ?? [],
    requiredLanguages: f.requirements?.languages ?? [],
    permitRequired: f.requirements?.workPermit ?? false,
  };
}

/** An online ad as a job: no client nor questions for a candidate (those weigh in the agency's lists only). */
export function jobFactsOfAdDocument(ad: AdFitFields): JobFacts {
  return {
    professionId: ad.professionId,
    sectorId: ad.sectorId,
    lat: ad.lat,
    lng: ad.lng,
    placeName: ad.placeName,
    startDate: ad.commitmentDate,
    contract: ad.contract,
    activityRateMin: ad.activityRateMin,
    activityRateMax: ad.activityRateMax,
    // documents indexed before the requirements existed have none
    requiredLicences: ad.requiredLicences ?? [],
    requiredLanguages: ad.requiredLanguages ?? [],
    permitRequired: ad.permitRequired ?? false,
    acceptedPermits: [],
    salaryMin: ad.salaryMin,
    salaryMax: ad.salaryMax,
    salaryPeriod: ad.salaryMin === null && ad.salaryMax === null ? null : (ad.salaryPeriod as SalaryPeriod),
    clientId: null,
    questionCount: 0,
  };
}

/**
 * A candidate's own profile as facts: the default search profile's criteria, measured from the
 * first place they search in (else their home), their licences and languages, and their permit's
 * validity from the last work permit document they uploaded.
 */
export function factsOfOwnProfile(
  profile: Pick<ProfileView, "identity" | "address" | "languages" | "profiles">,
  permits: { expiresAt: string | null }[],
  localityById: (id: string) => Pick<Locality, "lat" | "lng"> | undefined,
): CandidateFacts {
  const criteria = (profile.profiles.find((p) => p.isDefault) ?? profile.profiles[0])?.criteria ?? null;
  const searched = criteria?.places?.[0]?.id;
  const point =
    (searched ? localityById(searched) : undefined) ??
    (profile.address?.localityId ? localityById(profile.address.localityId) : undefined);
  // the sectors they named, and those of the jobs they want
  const sectors = new Set<string>(criteria?.sectors ?? []);
  for (const id of criteria?.desiredJobs ?? []) {
    const sector = PROFESSIONS.find((p) => p.id === id)?.sector;
    if (sector) sectors.add(sector);
  }
  const validity = permits
    .map((d) => d.expiresAt)
    .filter((d): d is string => Boolean(d))
    .sort()
    .at(-1);
  return {
    professionIds: criteria?.desiredJobs ?? [],
    sectorIds: [...sectors],
    lat: point?.lat ?? null,
    lng: point?.lng ?? null,
    radiusKm: criteria?.radiusKm ?? null,
    availability: criteria?.availability ?? null,
    availableFrom: criteria?.availableFrom ?? null,
    contractTypes: criteria?.contractType ? [criteria.contractType] : [],
    occupancyRate: criteria?.occupancyRate ?? null,
    workPermit: profile.identity?.workPermit ?? null,
    workPermitValidUntil: validity ?? null,
    licences: profile.identity?.licences?.length ? profile.identity.licences : null,
    languages: profile.languages.length
      ? profile.languages.filter((l) => l.code).map((l) => ({ code: l.code!, level: l.spoken ?? null }))
      : null,
    desiredSalary:
      criteria?.income && criteria.incomePeriod
        ? { amount: criteria.income, period: criteria.incomePeriod as SalaryPeriod }
        : null,
    history: null,
    answers: null,
  };
}

/** A candidate's fit to online ads (the job search and the alerts score each ad's document with it), and their facts. */
export type AdFitOf = ((ad: AdFitFields) => { score: number; reasons: Reason[] }) & { facts: CandidateFacts };

/**
 * Reads a candidate's profile once and gives their fit to any ad (default weights: the agencies'
 * own weights rank their lists, not what a candidate is shown). Null for anyone but a candidate.
 */
export function candidateAdFits(deps: {
  myProfile(actor: Pick<Actor, "id" | "role">): Promise<ProfileView>;
  myDocuments(actor: Actor): Promise<{ category: string; expiresAt: string | null }[]>;
  localityById(id: string): Pick<Locality, "lat" | "lng"> | undefined;
}) {
  return async (actor: Actor, today: string): Promise<AdFitOf | null> => {
    if (actor.role !== "CANDIDATE") return null;
    const [profile, documents] = await Promise.all([deps.myProfile(actor), deps.myDocuments(actor)]);
    const facts = factsOfOwnProfile(
      profile,
      documents.filter((d) => d.category === "work_permit"),
      deps.localityById,
    );
    return Object.assign((ad: AdFitFields) => fit(jobFactsOfAdDocument(ad), facts, DEFAULT_WEIGHTS, today), { facts });
  };
}
export type CandidateAdFits = ReturnType<typeof candidateAdFits>;
