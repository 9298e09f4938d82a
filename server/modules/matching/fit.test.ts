import { describe, expect, it } from "vitest";
import type { CandidateDocument } from "../library/document-shape";
import type { AdFields } from "../missions/rules";
import { candidateFactsOfDocument, jobFactsOfAd, jobFactsOfOrder } from "./facts";
import {
  CRITERIA,
  DEFAULT_WEIGHTS,
  fit,
  normalizeWeights,
  NO_WORK_PERMIT,
  type CandidateFacts,
  type Criterion,
  type JobFacts,
  type Weights,
} from "./fit";

const TODAY = "2026-11-28";
// Lausanne and a point about 10 km north, another about 60 km away
const LAUSANNE = { lat: 46.5197, lng: 6.6323 };
const NEAR = { lat: 46.6097, lng: 6.6323 };
const FAR = { lat: 46.2044, lng: 6.1432 };

/** A job asking for everything. */
const job = (over: Partial<JobFacts> = {}): JobFacts => ({
  professionId: "electrician",
  sectorId: "construction",
  ...LAUSANNE,
  placeName: "Lausanne",
  startDate: "2026-12-01",
  contract: "temporary",
  activityRateMin: 80,
  activityRateMax: 100,
  requiredLicences: ["B", "forklift"],
  requiredLanguages: [{ code: "fr", level: "B2" }],
  permitRequired: true,
  acceptedPermits: [],
  salaryMin: 30,
  salaryMax: 40,
  salaryPeriod: "hour",
  clientId: "client-1",
  questionCount: 2,
  ...over,
});

/** A candidate who fits every criterion. */
const ideal = (over: Partial<CandidateFacts> = {}): CandidateFacts => ({
  professionIds: ["electrician"],
  sectorIds: ["construction"],
  ...NEAR,
  radiusKm: 20,
  availability: "immediate",
  availableFrom: null,
  contractTypes: ["temporary"],
  occupancyRate: 100,
  workPermit: "PERMIS_B",
  workPermitValidUntil: "2027-12-31",
  licences: ["B", "forklift", "C"],
  languages: [{ code: "fr", level: "C1" }],
  desiredSalary: { amount: 35, period: "hour" },
  history: { missions: 2, approvedWeeks: 8, disputedWeeks: 0 },
  answers: { answered: 2, of: 2 },
  ...over,
});

/** Nothing known about them. */
const blank = (): CandidateFacts => ({
  professionIds: [],
  sectorIds: [],
  lat: null,
  lng: null,
  radiusKm: null,
  availability: null,
  availableFrom: null,
  contractTypes: [],
  occupancyRate: null,
  workPermit: null,
  workPermitValidUntil: null,
  licences: null,
  languages: null,
  desiredSalary: null,
  history: null,
  answers: null,
});

const reason = (j: JobFacts, c: CandidateFacts, criterion: Criterion) =>
  fit(j, c, DEFAULT_WEIGHTS, TODAY).reasons.find((r) => r.criterion === criterion);
const verdict = (j: JobFacts, c: CandidateFacts, criterion: Criterion) => reason(j, c, criterion)?.verdict;

describe("fit", () => {
  it("scores 100 for a candidate who fits everything, with one reason per criterion in order", () => {
    const result = fit(job(), ideal(), DEFAULT_WEIGHTS, TODAY);
    expect(result.score).toBe(100);
    expect(result.reasons.map((r) => r.criterion)).toEqual([...CRITERIA]);
    expect(result.reasons.every((r) => r.verdict === "match")).toBe(true);
  });

  it("never counts missing information as a match: everything unknown scores 0", () => {
    const result = fit(job(), blank(), DEFAULT_WEIGHTS, TODAY);
    expect(result.score).toBe(0);
    expect(result.reasons).toHaveLength(CRITERIA.length);
    expect(new Set(result.reasons.map((r) => r.verdict))).toEqual(new Set(["unknown"]));
  });

  it("leaves out the criteria the job does not ask for", () => {
    const bare = job({
      professionId: null,
      sectorId: null,
      lat: null,
      lng: null,
      contract: null,
      activityRateMin: null,
      activityRateMax: null,
      requiredLicences: [],
      requiredLanguages: [],
      permitRequired: false,
      salaryMin: null,
      salaryMax: null,
      clientId: null,
      questionCount: 0,
    });
    // availability is always judged: no start date means "as soon as possible"
    expect(fit(bare, blank(), DEFAULT_WEIGHTS, TODAY).reasons.map((r) => r.criterion)).toEqual(["availability"]);
    expect(fit(bare, ideal(), DEFAULT_WEIGHTS, TODAY).score).toBe(100);
  });

  it("counts partial as half and weighs each criterion", () => {
    const only = (c: Criterion): Weights => ({
      ...normalizeWeights({}),
      ...Object.fromEntries(CRITERIA.map((k) => [k, k === c ? 5 : 0])),
    });
    // sector only: partial on profession, weighted alone
    const c = ideal({ professionIds: ["plumber"] });
    expect(fit(job(), c, only("profession"), TODAY).score).toBe(50);
    expect(fit(job(), c, only("distance"), TODAY).score).toBe(100);
    // the same candidates in a different order once the weights change
    const near = ideal({ professionIds: ["plumber"], sectorIds: ["industry"] });
    const far = ideal({ ...FAR });
    const byProfession = { ...DEFAULT_WEIGHTS, profession: 10, distance: 1 };
    const byDistance = { ...DEFAULT_WEIGHTS, profession: 1, distance: 10 };
    expect(fit(job(), far, byProfession, TODAY).score).toBeGreaterThan(fit(job(), near, byProfession, TODAY).score);
    expect(fit(job(), near, byDistance, TODAY).score).toBeGreaterThan(fit(job(), far, byDistance, TODAY).score);
  });

  it("scores 0 when every weight is 0, and still shows the reasons", () => {
    const zero = Object.fromEntries(CRITERIA.map((c) => [c, 0])) as Weights;
    const result = fit(job(), ideal(), zero, TODAY);
    expect(result.score).toBe(0);
    expect(result.reasons).toHaveLength(CRITERIA.length);
  });

  it("profession: the profession matches, the sector alone is partial, another is a mismatch", () => {
    expect(verdict(job(), ideal(), "profession")).toBe("match");
    expect(verdict(job(), ideal({ professionIds: ["plumber"] }), "profession")).toBe("partial");
    expect(verdict(job(), ideal({ professionIds: ["cook"], sectorIds: ["hospitality"] }), "profession")).toBe(
      "mismatch",
    );
    expect(verdict(job(), ideal({ professionIds: [], sectorIds: [] }), "profession")).toBe("unknown");
  });

  it("distance: within their radius, a bit further, too far, unknown place or radius", () => {
    expect(reason(job(), ideal(), "distance")).toEqual({
      criterion: "distance",
      verdict: "match",
      params: { km: 10, radiusKm: 20, place: "Lausanne" },
    });
    expect(verdict(job(), ideal({ radiusKm: 8 }), "distance")).toBe("partial");
    expect(verdict(job(), ideal({ radiusKm: 5 }), "distance")).toBe("mismatch");
    expect(verdict(job(), ideal({ ...FAR, radiusKm: 20 }), "distance")).toBe("mismatch");
    expect(verdict(job(), ideal({ lat: null, lng: null }), "distance")).toBe("unknown");
    // no radius: near is at best partial, far is unknown (never a match)
    expect(verdict(job(), ideal({ radiusKm: null }), "distance")).toBe("partial");
    expect(verdict(job(), ideal({ ...FAR, radiusKm: null }), "distance")).toBe("unknown");
  });

  it("availability: by their date or their availability against the start", () => {
    expect(reason(job(), ideal({ availableFrom: "2026-12-03" }), "availability")).toEqual({
      criterion: "availability",
      verdict: "partial",
      params: { start: "2026-12-01", from: "2026-12-03" },
    });
    expect(verdict(job(), ideal({ availableFrom: "2026-11-30" }), "availability")).toBe("match");
    expect(verdict(job(), ideal({ availableFrom: "2027-02-01" }), "availability")).toBe("mismatch");
    expect(verdict(job(), ideal({ availability: "within_14_days" }), "availability")).toBe("partial");
    expect(verdict(job({ startDate: "2027-01-15" }), ideal({ availability: "within_14_days" }), "availability")).toBe(
      "match",
    );
    expect(verdict(job(), ideal({ availability: "more_than_14_days" }), "availability")).toBe("mismatch");
    expect(
      verdict(job({ startDate: "2027-01-15" }), ideal({ availability: "more_than_14_days" }), "availability"),
    ).toBe("partial");
    expect(verdict(job(), ideal({ availability: null }), "availability")).toBe("unknown");
    // a start in the past or none: today
    expect(reason(job({ startDate: null }), ideal(), "availability")?.params.start).toBe(TODAY);
    expect(reason(job({ startDate: "2020-01-01" }), ideal(), "availability")?.params.start).toBe(TODAY);
  });

  it("contract: theirs or any matches, another is a mismatch", () => {
    expect(verdict(job(), ideal({ contractTypes: ["any"] }), "contract")).toBe("match");
    expect(verdict(job(), ideal({ contractTypes: ["permanent"] }), "contract")).toBe("mismatch");
    expect(verdict(job(), ideal({ contractTypes: [] }), "contract")).toBe("unknown");
  });

  it("occupancy: inside the range, near it, far from it", () => {
    expect(verdict(job(), ideal({ occupancyRate: 80 }), "occupancy")).toBe("match");
    expect(verdict(job(), ideal({ occupancyRate: 60 }), "occupancy")).toBe("partial");
    expect(reason(job(), ideal({ occupancyRate: 40 }), "occupancy")).toEqual({
      criterion: "occupancy",
      verdict: "mismatch",
      params: { min: 80, max: 100, rate: 40 },
    });
    expect(verdict(job(), ideal({ occupancyRate: null }), "occupancy")).toBe("unknown");
  });

  it("permit: valid, expiring before the start, expired, none, not accepted, validity unknown", () => {
    expect(verdict(job(), ideal({ workPermit: "CH_CITIZEN", workPermitValidUntil: null }), "permit")).toBe("match");
    expect(verdict(job(), ideal({ workPermitValidUntil: "2026-11-30" }), "permit")).toBe("partial");
    expect(verdict(job(), ideal({ workPermitValidUntil: "2026-11-01" }), "permit")).toBe("mismatch");
    expect(verdict(job(), ideal({ workPermit: NO_WORK_PERMIT }), "permit")).toBe("mismatch");
    expect(verdict(job({ acceptedPermits: ["PERMIS_C"] }), ideal(), "permit")).toBe("mismatch");
    expect(verdict(job({ acceptedPermits: ["PERMIS_B"], permitRequired: false }), ideal(), "permit")).toBe("match");
    expect(verdict(job(), ideal({ workPermitValidUntil: null }), "permit")).toBe("unknown");
    expect(verdict(job(), ideal({ workPermit: null }), "permit")).toBe("unknown");
  });

  it("licences: all, some, none of the required, or none stated", () => {
    expect(reason(job(), ideal({ licences: ["B"] }), "licences")).toEqual({
      criterion: "licences",
      verdict: "partial",
      params: { required: "B, forklift", missing: "forklift", count: 1 },
    });
    expect(verdict(job(), ideal({ licences: ["C"] }), "licences")).toBe("mismatch");
    expect(verdict(job(), ideal({ licences: null }), "licences")).toBe("unknown");
    expect(verdict(job(), ideal({ licences: [] }), "licences")).toBe("unknown");
  });

  it("languages: at the level, below it, missing, level unknown", () => {
    const two = job({
      requiredLanguages: [
        { code: "fr", level: "B2" },
        { code: "de", level: "B1" },
      ],
    });
    expect(
      verdict(
        two,
        ideal({
          languages: [
            { code: "fr", level: "native" },
            { code: "de", level: "B1" },
          ],
        }),
        "languages",
      ),
    ).toBe("match");
    expect(
      reason(
        two,
        ideal({
          languages: [
            { code: "fr", level: "A2" },
            { code: "de", level: "C1" },
          ],
        }),
        "languages",
      ),
    ).toEqual({
      criterion: "languages",
      verdict: "partial",
      params: { required: "fr B2, de B1", missing: "", short: "fr A2 < B2", count: 1 },
    });
    expect(verdict(two, ideal({ languages: [{ code: "fr", level: "C2" }] }), "languages")).toBe("partial");
    expect(verdict(two, ideal({ languages: [{ code: "it", level: "C2" }] }), "languages")).toBe("mismatch");
    expect(
      verdict(
        two,
        ideal({
          languages: [
            { code: "fr", level: null },
            { code: "de", level: "B2" },
          ],
        }),
        "languages",
      ),
    ).toBe("unknown");
    expect(verdict(two, ideal({ languages: null }), "languages")).toBe("unknown");
  });

  it("salary: within the job's top, a bit above, far above, unknown; periods converted", () => {
    expect(verdict(job(), ideal({ desiredSalary: { amount: 43, period: "hour" } }), "salary")).toBe("partial");
    expect(verdict(job(), ideal({ desiredSalary: { amount: 60, period: "hour" } }), "salary")).toBe("mismatch");
    expect(reason(job(), ideal({ desiredSalary: { amount: 6240, period: "month" } }), "salary")).toEqual({
      criterion: "salary",
      verdict: "match",
      params: { max: 40, period: "hour", desired: 36 },
    });
    expect(verdict(job(), ideal({ desiredSalary: null }), "salary")).toBe("unknown");
    expect(verdict(job({ salaryMax: null, salaryMin: 30 }), ideal(), "salary")).toBe("mismatch");
  });

  it("history: missions with the client and their timesheets", () => {
    expect(verdict(job(), ideal({ history: { missions: 3, approvedWeeks: 6, disputedWeeks: 1 } }), "history")).toBe(
      "partial",
    );
    expect(verdict(job(), ideal({ history: { missions: 1, approvedWeeks: 1, disputedWeeks: 3 } }), "history")).toBe(
      "mismatch",
    );
    expect(verdict(job(), ideal({ history: { missions: 0, approvedWeeks: 0, disputedWeeks: 0 } }), "history")).toBe(
      "unknown",
    );
    expect(verdict(job(), ideal({ history: null }), "history")).toBe("unknown");
  });

  it("answers: all, some, none, or not applied", () => {
    expect(verdict(job(), ideal({ answers: { answered: 1, of: 2 } }), "answers")).toBe("partial");
    expect(verdict(job(), ideal({ answers: { answered: 0, of: 2 } }), "answers")).toBe("mismatch");
    expect(verdict(job(), ideal({ answers: null }), "answers")).toBe("unknown");
  });

  it("normalizeWeights fills the defaults and clamps to integers 0..10", () => {
    expect(normalizeWeights(null)).toEqual(DEFAULT_WEIGHTS);
    expect(normalizeWeights({ profession: 14, distance: -2, salary: 2.6, answers: "x" })).toEqual({
      ...DEFAULT_WEIGHTS,
      profession: 10,
      distance: 0,
      salary: 3,
    });
  });

  it("the defaults rank profession highest and salary and answers low", () => {
    const max = Math.max(...Object.values(DEFAULT_WEIGHTS));
    expect(DEFAULT_WEIGHTS.profession).toBe(max);
    for (const c of ["distance", "availability", "permit"] as const)
      expect(DEFAULT_WEIGHTS[c]).toBeGreaterThan(DEFAULT_WEIGHTS.salary);
    expect(DEFAULT_WEIGHTS.answers).toBeLessThan(DEFAULT_WEIGHTS.contract);
  });
});

describe("facts adapters", () => {
  it("reads a library document: levels, radius, nothing stated as null", () => {
    const doc = {
      professions: ["electrician"],
      sectors: ["construction"],
      lat: 46.5,
      lng: 6.6,
      mobilityKm: 0,
      availability: "immediate",
      availableFrom: "2026-12-02",
      contractType: "any",
      occupancyRate: 80,
      workPermit: "PERMIS_B",
      workPermitValidUntil: "2027-01-01",
      licences: [],
      languages: ["fr", "de"],
      languageLevels: ["de:A1", "de:A2", "de:B1"],
      desiredIncome: 5000,
      incomePeriod: "month",
    } satisfies Partial<CandidateDocument>;
    expect(candidateFactsOfDocument(doc)).toEqual({
      professionIds: ["electrician"],
      sectorIds: ["construction"],
      lat: 46.5,
      lng: 6.6,
      radiusKm: null,
      availability: "immediate",
      availableFrom: "2026-12-02",
      contractTypes: ["any"],
      occupancyRate: 80,
      workPermit: "PERMIS_B",
      workPermitValidUntil: "2027-01-01",
      licences: null,
      languages: [
        { code: "fr", level: null },
        { code: "de", level: "B1" },
      ],
      desiredSalary: { amount: 5000, period: "month" },
      history: null,
      answers: null,
    });
    const bare = candidateFactsOfDocument({
      ...doc,
      languages: [],
      languageLevels: [],
      desiredIncome: null,
      mobilityKm: 20,
    });
    expect(bare.languages).toBeNull();
    expect(bare.desiredSalary).toBeNull();
    expect(bare.radiusKm).toBe(20);
  });

  it("reads an ad's fields with and without requirements", () => {
    const fields = {
      professionId: "electrician",
      sectorId: "construction",
      place: {
        localityId: "x",
        name: "Lausanne",
        postalCode: "1000",
        region: "Vaud",
        regionCode: "CH-VD",
        lat: 46.5,
        lng: 6.6,
      },
      commitment: "date",
      commitmentDate: "2026-12-01",
      contract: "temporary",
      activityRateMin: 80,
      activityRateMax: 100,
      salaryMin: null,
      salaryMax: 40,
      salaryPeriod: "hour",
      questions: ["Q1?"],
      requirements: { languages: [{ code: "fr", level: "B2" }], licences: ["B"], workPermit: true },
    } as unknown as AdFields;
    const facts = jobFactsOfAd({ clientId: "c", fields });
    expect(facts).toMatchObject({
      startDate: "2026-12-01",
      lat: 46.5,
      placeName: "Lausanne",
      requiredLicences: ["B"],
      requiredLanguages: [{ code: "fr", level: "B2" }],
      permitRequired: true,
      questionCount: 1,
      clientId: "c",
    });
    const old = jobFactsOfAd({
      clientId: null,
      fields: { ...fields, requirements: undefined, commitment: "to_agree" },
    });
    expect(old).toMatchObject({ startDate: null, requiredLicences: [], requiredLanguages: [], permitRequired: false });
  });

  it("reads an order: its profession's sector, its start, no place point", () => {
    const facts = jobFactsOfOrder({
      clientId: "c",
      fields: {
        title: "t",
        professionId: "electrician",
        places: 1,
        startDate: "2026-12-05",
        endDate: "2026-12-20",
        placeText: "Lausanne",
        description: "",
        consultantId: null,
      },
    });
    expect(facts).toMatchObject({
      professionId: "electrician",
      sectorId: "construction",
      startDate: "2026-12-05",
      lat: null,
    });
    expect(fit(facts, blank(), DEFAULT_WEIGHTS, TODAY).reasons.map((r) => r.criterion)).toEqual([
      "profession",
      "availability",
      "history",
    ]);
  });
});
