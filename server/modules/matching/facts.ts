import type { CandidateDocument } from "../library/document-shape";
import type { OrderFields } from "../missions/events";
import type { AdFields } from "../missions/rules";
import { PROFESSIONS } from "../reference/contract";
import type { CandidateFacts, JobFacts, SalaryPeriod } from "./fit";

/**
 * Adapters to the engine's facts (fit.ts): a library index document, an ad, an order. Pure;
 * what a source does not hold stays null (the engine then says "unknown", never "match").
 */

const sectorOf = (professionId: string) => PROFESSIONS.find((p) => p.id === professionId)?.sector ?? null;
const PERIODS = new Set<string>(["hour", "month", "year"]);

/** A candidate as the library's index holds them; history and answers come from the database. */
export function candidateFactsOfDocument(
  doc: Pick<
    CandidateDocument,
    | "professions"
    | "sectors"
    | "lat"
    | "lng"
    | "mobilityKm"
    | "availability"
    | "availableFrom"
    | "contractType"
    | "occupancyRate"
    | "workPermit"
    | "workPermitValidUntil"
    | "licences"
    | "languageLevels"
    | "languages"
    | "desiredIncome"
    | "incomePeriod"
  >,
  extra: Pick<CandidateFacts, "history" | "answers"> = { history: null, answers: null },
): CandidateFacts {
  // "de:B2" is listed for every level up to the spoken one: the last listed is theirs
  const levels = new Map<string, string>();
  for (const entry of doc.languageLevels) {
    const [code, level] = entry.split(":");
    if (code && level) levels.set(code, level);
  }
  const languages = doc.languages.map((code) => ({ code, level: levels.get(code) ?? null }));
  return {
    professionIds: doc.professions,
    sectorIds: doc.sectors,
    lat: doc.lat,
    lng: doc.lng,
    radiusKm: doc.mobilityKm || null,
    availability: doc.availability,
    availableFrom: doc.availableFrom ?? null,
    contractTypes: doc.contractType ? [doc.contractType] : [],
    occupancyRate: doc.occupancyRate,
    workPermit: doc.workPermit,
    workPermitValidUntil: doc.workPermitValidUntil ?? null,
    licences: doc.licences.length ? doc.licences : null,
    languages: languages.length ? languages : null,
    desiredSalary:
      doc.desiredIncome && doc.incomePeriod && PERIODS.has(doc.incomePeriod)
        ? { amount: doc.desiredIncome, period: doc.incomePeriod as SalaryPeriod }
        : null,
    ...extra,
  };
}

/** An ad as rm_ads holds it (its `fields` hold the form, requirements included). */
export function jobFactsOfAd(ad: { clientId: string | null; fields: AdFields }): JobFacts {
  const f = ad.fields;
  const req = f.requirements;
  return {
    professionId: f.professionId,
    sectorId: f.sectorId,
    lat: f.place.lat,
    lng: f.place.lng,
    placeName: f.place.name,
    startDate: f.commitment === "date" ? f.commitmentDate : null,
    contract: f.contract,
    activityRateMin: f.activityRateMin,
    activityRateMax: f.activityRateMax,
    requiredLicences: req?.licences ?? [],
    requiredLanguages: req?.languages ?? [],
    permitRequired: req?.workPermit ?? false,
    acceptedPermits: [],
    salaryMin: f.salaryMin,
    salaryMax: f.salaryMax,
    salaryPeriod: f.salaryPeriod,
    clientId: ad.clientId,
    questionCount: f.questions.length,
  };
}

/** An order: a profession, dates and a place typed as text (no point: distance left out). */
export function jobFactsOfOrder(order: { clientId: string; fields: OrderFields }): JobFacts {
  const f = order.fields;
  return {
    professionId: f.professionId,
    sectorId: sectorOf(f.professionId),
    lat: null,
    lng: null,
    placeName: f.placeText,
    startDate: f.startDate,
    contract: null,
    activityRateMin: null,
    activityRateMax: null,
    requiredLicences: [],
    requiredLanguages: [],
    permitRequired: false,
    acceptedPermits: [],
    salaryMin: null,
    salaryMax: null,
    salaryPeriod: null,
    clientId: order.clientId,
    questionCount: 0,
  };
}
