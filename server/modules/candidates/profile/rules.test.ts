import { describe, expect, it } from "vitest";
import {
  MAX_SKILLS,
  skillsSchema,
  criteriaSchema,
  experienceSchema,
  identitySchema,
  isWebUrl,
  languagesSchema,
  normalizeAvs,
  normalizeIban,
  normalizePhone,
  profileCompletion,
} from "./rules";

const issues = (r: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("profile validators", () => {
  it("AVS: 756, thirteen digits, the EAN-13 check digit; canonical dotted form", () => {
    expect(normalizeAvs("756.9217.0769.85")).toBe("756.9217.0769.85");
    expect(normalizeAvs("7569217076985")).toBe("756.9217.0769.85");
    expect(normalizeAvs(" 756 9217 0769 85 ")).toBe("756.9217.0769.85");
    expect(normalizeAvs("756.9217.0769.84")).toBeNull(); // wrong check digit
    expect(normalizeAvs("757.9217.0769.85")).toBeNull(); // not Swiss
    expect(normalizeAvs("756.9217.0769.8")).toBeNull();
  });

  it("IBAN: length by country and mod-97", () => {
    expect(normalizeIban("CH93 0076 2011 6238 5295 7")).toBe("CH9300762011623852957");
    expect(normalizeIban("fr14 2004 1010 0505 0001 3m02 606")).toBe("FR1420041010050500013M02606");
    expect(normalizeIban("CH93 0076 2011 6238 5295 8")).toBeNull();
    expect(normalizeIban("CH93 0076 2011 6238 5295")).toBeNull();
    expect(normalizeIban("not an iban")).toBeNull();
  });

  it("phones are stored in international format, read in the profile's country", () => {
    expect(normalizePhone("079 123 45 67", "CH")).toBe("+41791234567");
    expect(normalizePhone("06 12 34 56 78", "FR")).toBe("+33612345678");
    expect(normalizePhone("+33 6 12 34 56 78", "CH")).toBe("+33612345678");
    expect(normalizePhone("12345", "CH")).toBeNull();
  });

  it("URLs must be http(s) with a real host", () => {
    expect(isWebUrl("https://www.linkedin.com/in/lea")).toBe(true);
    expect(isWebUrl("linkedin.com/in/lea")).toBe(false);
    expect(isWebUrl("javascript:alert(1)")).toBe(false);
    expect(isWebUrl("http://localhost")).toBe(false);
  });
});

describe("profile schemas", () => {
  it("identity: each bad field refused on its own field", () => {
    const r = identitySchema("CH").safeParse({
      avsNumber: "756.1234.5678.90",
      iban: "CH00 1234",
      phone: "12",
      emergencyPhone: "079 123 45 67",
      workPermit: "NOPE",
    });
    expect(issues(r)).toEqual({
      avsNumber: "validation.avs",
      iban: "validation.iban",
      phone: "validation.phone",
      workPermit: "validation.invalid_choice",
    });
  });

  it("identity: normalises phone, AVS and IBAN; the no-permit code is accepted", () => {
    const r = identitySchema("CH").parse({
      phone: "079 123 45 67",
      avsNumber: "7569217076985",
      iban: "ch9300762011623852957",
      workPermit: "PERMIS_TRAVAIL_AUCUNE_AUTORISATION",
    });
    expect(r).toMatchObject({
      phone: "+41791234567",
      avsNumber: "756.9217.0769.85",
      iban: "CH9300762011623852957",
      licences: [],
    });
  });

  it("criteria: at most two desired jobs", () => {
    expect(issues(criteriaSchema.safeParse({ desiredJobs: ["cook", "waiter", "nurse"] }))).toEqual({
      desiredJobs: "validation.max_choices",
    });
    expect(criteriaSchema.safeParse({ desiredJobs: ["cook", "waiter"] }).success).toBe(true);
  });

  it("experience: a year's job ('2019 – 2019') is no end before its start; days still are (issue 27)", () => {
    const base = { jobTitle: "Cook", company: "Hôtel", startDate: "2019-01-01", endDate: "2019-01-01" };
    expect(experienceSchema.safeParse({ ...base, startPrecision: "year", endPrecision: "year" }).success).toBe(true);
    expect(issues(experienceSchema.safeParse(base))).toEqual({ endDate: "validation.end_after_start" });
    expect(issues(experienceSchema.safeParse({ ...base, startPrecision: "week" }))).toEqual({
      startPrecision: "validation.invalid_choice",
    });
  });

  it("skills: one per line, each once, at most MAX_SKILLS, with their own message (issue 27)", () => {
    expect(skillsSchema.parse({ skills: "React\n  Node.js \n\nreact\nRéseau\nreseau" })).toEqual({
      skills: ["React", "Node.js", "Réseau"],
    });
    const many = Array.from({ length: MAX_SKILLS + 1 }, (_, i) => `Skill ${i}`);
    expect(MAX_SKILLS).toBeGreaterThan(40);
    expect(skillsSchema.safeParse({ skills: many.slice(0, MAX_SKILLS) }).success).toBe(true);
    expect(issues(skillsSchema.safeParse({ skills: many }))).toEqual({ skills: "validation.max_skills" });
  });

  it("experience: the end after the start", () => {
    const base = { jobTitle: "Cook", company: "Hôtel", startDate: "2024-05-01" };
    expect(issues(experienceSchema.safeParse({ ...base, endDate: "2024-04-30" }))).toEqual({
      endDate: "validation.end_after_start",
    });
    expect(experienceSchema.safeParse({ ...base, endDate: "2024-06-30" }).success).toBe(true);
    expect(issues(experienceSchema.safeParse({ startDate: "2024-05-01" }))).toEqual({
      jobTitle: "validation.required",
      company: "validation.required",
    });
  });

  it("languages: empty rows dropped, a language once", () => {
    const rows = [{ code: "fr", spoken: "native" }, {}, { code: "fr", spoken: "B1" }];
    expect(issues(languagesSchema.safeParse({ languages: rows }))).toEqual({
      "languages.2.code": "validation.language_twice",
    });
    expect(languagesSchema.parse({ languages: [{ code: "de", spoken: "B2" }, {}] }).languages).toEqual([
      { code: "de", spoken: "B2" },
    ]);
  });
});

describe("completion", () => {
  const none = {
    identity: null,
    address: null,
    criteria: null,
    languages: [],
    about: null,
    trainings: [],
    experiences: [],
  };
  it("counts the filled parts and says which comes next", () => {
    expect(profileCompletion(none)).toMatchObject({ percent: 0, next: { part: "identity" } });
    const half = { ...none, languages: [{ code: "fr" as const }], trainings: [{}], experiences: [{}] };
    expect(profileCompletion(half)).toMatchObject({
      percent: 43,
      done: ["languages", "training", "experience"],
      next: { part: "identity", page: "/mes-informations#identity" },
    });
    const identity = {
      civility: "ms" as const,
      firstName: "Léa",
      lastName: "Müller",
      birthDate: "1990-01-01",
      nationality: "CH" as const,
      phone: "+41791234567",
      workPermit: "CH_CITIZEN",
    };
    expect(profileCompletion({ ...half, identity }).next?.part).toBe("address");
  });
});
