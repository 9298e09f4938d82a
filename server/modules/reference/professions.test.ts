import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REGISTRATION_COUNTRIES } from "../candidates/registration/events";
import { PROFESSIONS, SECTORS, isProfession } from "./professions";

const LANGUAGES = ["fr", "en", "de", "it", "pt"];
const load = (lng: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve("public/locales", lng, `${ns}.json`), "utf8")) as Record<
    string,
    Record<string, unknown>
  >;

describe("professions reference list", () => {
  it("has about sixty professions with unique ids, each in a known sector", () => {
    expect(PROFESSIONS.length).toBeGreaterThanOrEqual(55);
    expect(new Set(PROFESSIONS.map((p) => p.id)).size).toBe(PROFESSIONS.length);
    expect(PROFESSIONS.every((p) => (SECTORS as readonly string[]).includes(p.sector))).toBe(true);
    expect(isProfession("cook")).toBe(true);
    expect(isProfession("astronaut")).toBe(false);
  });

  it.each(LANGUAGES)("names every profession and sector in %s (keys built at runtime)", (lng) => {
    const reference = load(lng, "reference");
    expect(PROFESSIONS.filter((p) => typeof reference.professions?.[p.id] !== "string").map((p) => p.id)).toEqual([]);
    expect(SECTORS.filter((s) => typeof reference.sectors?.[s] !== "string")).toEqual([]);
  });
});

describe("registration label variants", () => {
  it.each(LANGUAGES)("has the consent clauses and intro of each country in %s, different for CH and FR", (lng) => {
    const register = load(lng, "register");
    const consent = register.consent as Record<string, Record<string, string>>;
    for (const key of ["paragraph_4", "paragraph_5", "close_1", "close_2", "close_3", "close_4", "close_5"]) {
      for (const country of REGISTRATION_COUNTRIES)
        expect(consent[country]?.[key], `${lng} ${country} ${key}`).toBeTruthy();
      expect(consent.CH![key], `${lng} ${key}`).not.toBe(consent.FR![key]);
    }
    for (const country of REGISTRATION_COUNTRIES) expect(register.intro?.[country]).toBeTruthy();
  });
});
