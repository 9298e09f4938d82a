import { describe, expect, it } from "vitest";
import { factsOfOwnProfile, jobFactsOfAdDocument, type AdFitFields } from "./candidate-side";
import { DEFAULT_WEIGHTS, fit } from "./fit";

const points: Record<string, { lat: number; lng: number }> = {
  home: { lat: 46.2, lng: 6.14 },
  searched: { lat: 46.52, lng: 6.63 },
};
const at = (id: string) => points[id];

const profile = {
  identity: { licences: ["B"], workPermit: "PERMIS_B" },
  address: { localityId: "home" },
  languages: [
    { code: "fr", spoken: "native" },
    { code: "de", spoken: "B1" },
  ],
  profiles: [
    { id: "main", name: null, isDefault: false, criteria: { desiredJobs: ["cook"], radiusKm: 10 } },
    {
      id: "p2",
      name: "Chantier",
      isDefault: true,
      criteria: {
        sectors: [],
        desiredJobs: ["electrician"],
        places: [{ id: "searched", label: "Lausanne" }],
        radiusKm: 20,
        availability: "within_14_days",
        availableFrom: "2026-12-10",
        contractType: "temporary",
        occupancyRate: 80,
        income: 5200,
        incomePeriod: "month",
      },
    },
  ],
} as never;

describe("a candidate's own profile as facts", () => {
  it("reads the default search profile, its first place, the sectors of the wanted jobs and the last permit's validity", () => {
    const facts = factsOfOwnProfile(
      profile,
      [{ expiresAt: "2027-03-31" }, { expiresAt: "2028-06-30" }, { expiresAt: null }],
      at,
    );
    expect(facts).toMatchObject({
      professionIds: ["electrician"],
      sectorIds: ["construction"],
      lat: 46.52,
      lng: 6.63,
      radiusKm: 20,
      availableFrom: "2026-12-10",
      contractTypes: ["temporary"],
      occupancyRate: 80,
      workPermit: "PERMIS_B",
      workPermitValidUntil: "2028-06-30",
      licences: ["B"],
      languages: [
        { code: "fr", level: "native" },
        { code: "de", level: "B1" },
      ],
      desiredSalary: { amount: 5200, period: "month" },
      history: null,
      answers: null,
    });
  });

  it("leaves unknown what the profile does not say: no criteria, no address, no licences or languages", () => {
    const facts = factsOfOwnProfile({ identity: null, address: null, languages: [], profiles: [] } as never, [], at);
    expect(facts).toMatchObject({
      professionIds: [],
      lat: null,
      radiusKm: null,
      licences: null,
      languages: null,
      desiredSalary: null,
      workPermitValidUntil: null,
    });
  });
});

describe("an ad's index document as a job", () => {
  const ad: AdFitFields = {
    professionId: "electrician",
    sectorId: "construction",
    lat: 46.52,
    lng: 6.63,
    placeName: "Lausanne",
    commitmentDate: "2026-12-15",
    contract: "temporary",
    activityRateMin: 80,
    activityRateMax: 100,
    salaryMin: null,
    salaryMax: null,
    salaryPeriod: "month",
    requiredLicences: ["B"],
    requiredLanguages: [{ code: "de", level: "B2" }],
    permitRequired: true,
  };

  it("asks what the ad asks, never a client's history nor the questions, and no salary when hidden", () => {
    expect(jobFactsOfAdDocument(ad)).toMatchObject({
      startDate: "2026-12-15",
      requiredLicences: ["B"],
      permitRequired: true,
      salaryPeriod: null,
      clientId: null,
      questionCount: 0,
    });
    // documents indexed before the requirements existed
    const old = { ...ad } as Partial<AdFitFields>;
    delete old.requiredLicences;
    delete old.requiredLanguages;
    delete old.permitRequired;
    expect(jobFactsOfAdDocument(old as AdFitFields)).toMatchObject({
      requiredLicences: [],
      requiredLanguages: [],
      permitRequired: false,
    });
  });

  it("scores the two together with the reasons a candidate reads", () => {
    const facts = factsOfOwnProfile(profile, [{ expiresAt: "2028-06-30" }], at);
    const { score, reasons } = fit(jobFactsOfAdDocument(ad), facts, DEFAULT_WEIGHTS, "2026-12-01");
    const verdict = Object.fromEntries(reasons.map((r) => [r.criterion, r.verdict]));
    expect(verdict).toEqual({
      profession: "match",
      distance: "match",
      availability: "match",
      contract: "match",
      occupancy: "match",
      permit: "match",
      licences: "match",
      languages: "partial",
    });
    expect(score).toBeGreaterThan(80);
    expect(score).toBeLessThan(100);
  });
});
