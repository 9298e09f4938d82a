/**
 * How well one candidate fits one ad or order (issue 32): a score 0..100 and the reasons per
 * criterion. Pure (no I/O, no server-only import): the agency's ranked list, the candidate's
 * "jobs for you" and the benchmark all score with this one function.
 *
 * Rules: a criterion the job does not ask for is left out (neither scored nor shown); one the
 * job asks for but the candidate's facts lack is "unknown" and scores like a mismatch (missing
 * information is never a match); a partial fit scores half.
 */

export const CRITERIA = [
  "profession",
  "distance",
  "availability",
  "contract",
  "occupancy",
  "permit",
  "licences",
  "languages",
  "salary",
  "history",
  "answers",
] as const;
export type Criterion = (typeof CRITERIA)[number];
export const VERDICTS = ["match", "partial", "mismatch", "unknown"] as const;
export type Verdict = (typeof VERDICTS)[number];

/** One criterion's verdict; `params` feed its translated sentence (matching.json `reason.<criterion>.<verdict>`). */
export interface Reason {
  criterion: Criterion;
  verdict: Verdict;
  params: Record<string, string | number>;
}

/** Each criterion's weight, an integer 0..10 (0: not counted, still shown). */
export type Weights = Record<Criterion, number>;
export const MAX_WEIGHT = 10;
export const DEFAULT_WEIGHTS: Weights = {
  profession: 10,
  distance: 8,
  availability: 8,
  permit: 8,
  licences: 6,
  contract: 5,
  languages: 5,
  occupancy: 4,
  history: 4,
  salary: 3,
  answers: 2,
};

export const FIT_LANGUAGE_LEVELS = ["A1", "A2", "B1", "B2", "C1", "C2", "native"] as const;
export type SalaryPeriod = "hour" | "month" | "year";

/** What an ad or an order asks for. Null or empty: not asked. */
export interface JobFacts {
  professionId: string | null;
  sectorId: string | null;
  lat: number | null;
  lng: number | null;
  placeName: string;
  /** ISO day; null: as soon as possible (today) */
  startDate: string | null;
  /** temporary, fixed_term, permanent, internship, apprenticeship; null: any */
  contract: string | null;
  activityRateMin: number | null;
  activityRateMax: number | null;
  requiredLicences: string[];
  requiredLanguages: { code: string; level: string }[];
  /** a valid work permit is required */
  permitRequired: boolean;
  /** the permits accepted (empty: any valid one) */
  acceptedPermits: string[];
  salaryMin: number | null;
  salaryMax: number | null;
  salaryPeriod: SalaryPeriod | null;
  clientId: string | null;
  questionCount: number;
}

/** What is known of a candidate. Null: not known. */
export interface CandidateFacts {
  professionIds: string[];
  sectorIds: string[];
  lat: number | null;
  lng: number | null;
  /** how far they would travel; null or 0: they did not say */
  radiusKm: number | null;
  /** immediate, within_14_days, more_than_14_days */
  availability: string | null;
  /** ISO day */
  availableFrom: string | null;
  /** temporary, fixed_term, permanent or any */
  contractTypes: string[];
  occupancyRate: number | null;
  workPermit: string | null;
  /** ISO day, the permit's last valid day */
  workPermitValidUntil: string | null;
  /** null: none stated (an empty list says nothing) */
  licences: string[] | null;
  languages: { code: string; level: string | null }[] | null;
  desiredSalary: { amount: number; period: SalaryPeriod } | null;
  /** their missions for this job's client; null: none known */
  history: { missions: number; approvedWeeks: number; disputedWeeks: number } | null;
  /** their answers to this ad's questions; null: they did not apply */
  answers: { answered: number; of: number } | null;
}

export const NO_WORK_PERMIT = "PERMIS_TRAVAIL_AUCUNE_AUTORISATION";
/** Permits that never expire (citizens). */
const PERMANENT_PERMITS = new Set(["CH_CITIZEN", "FR_CITIZEN", "EU_CITIZEN"]);
/** A stated radius counts up to half again as "a bit further" (partial). */
const RADIUS_SLACK = 1.5;
/** No radius stated: this far still reads as a partial fit. */
const PRESUMED_RADIUS_KM = 25;
/** Available within this many days after the start: partial. */
const LATE_DAYS = 14;
/** An occupancy rate this many points away from the job's range: partial. */
const OCCUPANCY_SLACK = 20;
/** Asking up to this much above the job's top salary: partial. */
const SALARY_SLACK = 1.1;
/** Yearly amounts to compare salaries stated per hour, month or year. */
const PER_YEAR: Record<SalaryPeriod, number> = { hour: 2080, month: 12, year: 1 };

const VALUE: Record<Verdict, number> = { match: 1, partial: 0.5, mismatch: 0, unknown: 0 };

export function fit(
  job: JobFacts,
  candidate: CandidateFacts,
  weights: Weights,
  today: string,
): { score: number; reasons: Reason[] } {
  const reasons: Reason[] = [];
  for (const criterion of CRITERIA) {
    const reason = JUDGES[criterion](job, candidate, today);
    if (reason) reasons.push({ criterion, ...reason });
  }
  let total = 0;
  let got = 0;
  for (const r of reasons) {
    const w = weights[r.criterion];
    total += w;
    got += w * VALUE[r.verdict];
  }
  return { score: total ? Math.round((100 * got) / total) : 0, reasons };
}

type Judged = { verdict: Verdict; params: Record<string, string | number> } | null;
type Judge = (job: JobFacts, c: CandidateFacts, today: string) => Judged;
const unknown = (params: Record<string, string | number> = {}): Judged => ({ verdict: "unknown", params });

const JUDGES: Record<Criterion, Judge> = {
  profession(job, c) {
    if (!job.professionId && !job.sectorId) return null;
    const params = { profession: job.professionId ?? "", sector: job.sectorId ?? "" };
    if (job.professionId && c.professionIds.includes(job.professionId)) return { verdict: "match", params };
    if (job.sectorId && c.sectorIds.includes(job.sectorId)) return { verdict: "partial", params };
    if (!c.professionIds.length && !c.sectorIds.length) return unknown(params);
    return { verdict: "mismatch", params };
  },

  distance(job, c) {
    if (job.lat === null || job.lng === null) return null;
    if (c.lat === null || c.lng === null) return unknown({ place: job.placeName });
    const km = Math.round(distanceKm(job.lat, job.lng, c.lat, c.lng));
    if (!c.radiusKm) {
      // without their radius, near is at best partial: we do not know what they accept
      return { verdict: km <= PRESUMED_RADIUS_KM ? "partial" : "unknown", params: { km, place: job.placeName } };
    }
    const params = { km, radiusKm: c.radiusKm, place: job.placeName };
    if (km <= c.radiusKm) return { verdict: "match", params };
    if (km <= c.radiusKm * RADIUS_SLACK) return { verdict: "partial", params };
    return { verdict: "mismatch", params };
  },

  availability(job, c, today) {
    const start = job.startDate && job.startDate > today ? job.startDate : today;
    if (c.availableFrom) {
      const params = { start, from: c.availableFrom };
      if (c.availableFrom <= start) return { verdict: "match", params };
      if (c.availableFrom <= addDays(start, LATE_DAYS)) return { verdict: "partial", params };
      return { verdict: "mismatch", params };
    }
    if (!c.availability) return unknown({ start });
    const params = { start, availability: c.availability };
    if (c.availability === "immediate") return { verdict: "match", params };
    if (c.availability === "within_14_days")
      return { verdict: addDays(today, LATE_DAYS) <= start ? "match" : "partial", params };
    // "more than 14 days": a later start may suit them, a start within two weeks does not
    return { verdict: addDays(today, LATE_DAYS) < start ? "partial" : "mismatch", params };
  },

  contract(job, c) {
    if (!job.contract) return null;
    const params = { contract: job.contract };
    if (!c.contractTypes.length) return unknown(params);
    if (c.contractTypes.includes("any") || c.contractTypes.includes(job.contract)) return { verdict: "match", params };
    return { verdict: "mismatch", params: { ...params, wanted: c.contractTypes.join(", ") } };
  },

  occupancy(job, c) {
    if (job.activityRateMin === null && job.activityRateMax === null) return null;
    const min = job.activityRateMin ?? job.activityRateMax ?? 0;
    const max = job.activityRateMax ?? job.activityRateMin ?? 100;
    const params = { min, max };
    if (c.occupancyRate === null) return unknown(params);
    const rate = c.occupancyRate;
    const gap = rate < min ? min - rate : rate > max ? rate - max : 0;
    return {
      verdict: gap === 0 ? "match" : gap <= OCCUPANCY_SLACK ? "partial" : "mismatch",
      params: { ...params, rate },
    };
  },

  permit(job, c, today) {
    if (!job.permitRequired && !job.acceptedPermits.length) return null;
    if (!c.workPermit) return unknown();
    const params: Record<string, string | number> = { permit: c.workPermit };
    if (c.workPermit === NO_WORK_PERMIT) return { verdict: "mismatch", params };
    if (job.acceptedPermits.length && !job.acceptedPermits.includes(c.workPermit))
      return { verdict: "mismatch", params: { ...params, accepted: job.acceptedPermits.join(", ") } };
    if (PERMANENT_PERMITS.has(c.workPermit)) return { verdict: "match", params };
    if (!c.workPermitValidUntil) return unknown(params);
    params.until = c.workPermitValidUntil;
    if (c.workPermitValidUntil < today) return { verdict: "mismatch", params };
    const start = job.startDate && job.startDate > today ? job.startDate : today;
    // still valid today but not at the start: it must be renewed first
    if (c.workPermitValidUntil < start) return { verdict: "partial", params };
    return { verdict: "match", params };
  },

  licences(job, c) {
    if (!job.requiredLicences.length) return null;
    const required = job.requiredLicences.join(", ");
    if (!c.licences?.length) return unknown({ required });
    const held = c.licences;
    const missing = job.requiredLicences.filter((l) => !held.includes(l));
    const params = { required, missing: missing.join(", "), count: missing.length };
    if (!missing.length) return { verdict: "match", params };
    if (missing.length < job.requiredLicences.length) return { verdict: "partial", params };
    return { verdict: "mismatch", params };
  },

  languages(job, c) {
    if (!job.requiredLanguages.length) return null;
    const required = job.requiredLanguages.map((l) => `${l.code} ${l.level}`).join(", ");
    if (!c.languages?.length) return unknown({ required });
    const spoken = c.languages;
    const missing: string[] = [];
    const short: string[] = [];
    let unknownLevel = false;
    for (const need of job.requiredLanguages) {
      const has = spoken.find((l) => l.code === need.code);
      if (!has) missing.push(`${need.code} ${need.level}`);
      else if (!has.level) unknownLevel = true;
      else if (levelRank(has.level) < levelRank(need.level)) short.push(`${need.code} ${has.level} < ${need.level}`);
    }
    const params = {
      required,
      missing: missing.join(", "),
      short: short.join(", "),
      count: missing.length + short.length,
    };
    if (!missing.length && !short.length) return unknownLevel ? unknown(params) : { verdict: "match", params };
    if (missing.length === job.requiredLanguages.length) return { verdict: "mismatch", params };
    return { verdict: "partial", params };
  },

  salary(job, c) {
    if (job.salaryMin === null && job.salaryMax === null) return null;
    const period = job.salaryPeriod ?? "month";
    const top = (job.salaryMax ?? job.salaryMin) as number;
    const params: Record<string, string | number> = { max: top, period };
    if (!c.desiredSalary) return unknown(params);
    // their wish in the job's period, to compare and to show
    const desired = Math.round((c.desiredSalary.amount * PER_YEAR[c.desiredSalary.period]) / PER_YEAR[period]);
    params.desired = desired;
    if (desired <= top) return { verdict: "match", params };
    if (desired <= top * SALARY_SLACK) return { verdict: "partial", params };
    return { verdict: "mismatch", params };
  },

  history(job, c) {
    if (!job.clientId) return null;
    if (!c.history?.missions) return unknown();
    const { missions, approvedWeeks, disputedWeeks } = c.history;
    const params = { missions, approvedWeeks, disputedWeeks };
    if (!disputedWeeks) return { verdict: "match", params };
    return { verdict: disputedWeeks <= approvedWeeks ? "partial" : "mismatch", params };
  },

  answers(job, c) {
    if (!job.questionCount) return null;
    if (!c.answers) return unknown({ of: job.questionCount });
    const params = { answered: c.answers.answered, of: c.answers.of };
    if (c.answers.answered >= c.answers.of) return { verdict: "match", params };
    return { verdict: c.answers.answered > 0 ? "partial" : "mismatch", params };
  },
};

const levelRank = (level: string) => FIT_LANGUAGE_LEVELS.indexOf(level as (typeof FIT_LANGUAGE_LEVELS)[number]);

/** ISO day plus some days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Great-circle distance (haversine), km. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 12_742 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Weights as stored, made whole: every criterion, integers clamped to 0..10 (defaults where missing). */
export function normalizeWeights(stored: Partial<Record<string, unknown>> | null | undefined): Weights {
  const out = { ...DEFAULT_WEIGHTS };
  for (const c of CRITERIA) {
    const v = stored?.[c];
    if (typeof v === "number" && Number.isFinite(v)) out[c] = Math.max(0, Math.min(MAX_WEIGHT, Math.round(v)));
  }
  return out;
}
