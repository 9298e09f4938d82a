import type { ProfileInput } from "../profile/commands";
import type { ProfileView } from "../profile/queries";
import {
  LANGUAGE_CODES,
  type LANGUAGE_LEVELS,
  NATIONALITIES,
  normalizeAvs,
  normalizePhone,
  type DatePrecision,
  type IdentityValues,
  type ProfileCountry,
} from "../profile/rules";
import type { CvAddress, CvDate, CvLanguageLevel, CvSuggestion } from "./parse";

/**
 * What a CV suggestion would change in the profile (issue 27), decided without writing: nothing
 * (the profile already holds it: not shown, accepted as is), a conflict with the value the
 * profile holds, a profile command to run, or a refusal (the e-mail is the account's). The list
 * of suggestions and their acceptance read the same plan, so what is shown is what would change.
 */
export type CvPlan =
  | { kind: "same" }
  | { kind: "conflict"; current: string; proposed: string }
  | { kind: "save"; input: ProfileInput }
  | { kind: "refused"; key: string; field?: string };

/** A locality found from what a CV writes (the reference module's, through a port). */
export interface CvPlacesPort {
  bestLocality(
    text: string,
    country?: "CH" | "FR",
  ):
    | {
        id: string;
        country: "CH" | "FR";
        postalCode: string;
        name: string;
        regionCode: string;
        region: string;
        department?: string | null;
        departmentCode?: string | null;
      }
    | undefined;
}

/** The account's data a profile shows before its first identity save, and the sign-in address. */
export interface CvAccount {
  email: string;
  firstName: string;
  lastName: string;
  birthDate: string | null;
}

export interface CvPlanOptions {
  /** the person confirmed replacing the value their profile holds */
  replace?: boolean;
  /** the profile's country: how a phone without prefix is read */
  country?: ProfileCountry;
  /** resolves an address's locality (only when it is to be saved) */
  places?: CvPlacesPort;
}

/** What the CV says, turned into the profile's CEFR levels (words are read conservatively). */
const LEVEL_OF: Record<CvLanguageLevel, (typeof LANGUAGE_LEVELS)[number]> = {
  A1: "A1", A2: "A2", B1: "B1", B2: "B2", C1: "C1", C2: "C2", native: "native", fluent: "C1", advanced: "C1", good: "B2", intermediate: "B1", basic: "A2",
}; // prettier-ignore

/** "2019" → the year, "2019-03" → the month, "2019-03-15" → the day: as precise as the CV. */
export const precisionOf = (d: CvDate): DatePrecision => (d.length === 4 ? "year" : d.length === 7 ? "month" : "day");
/** The profile keeps a day and its precision: "2019" is 2019-01-01 read as a year. */
const dayOf = (d: CvDate | null) => (!d ? undefined : d.length === 4 ? `${d}-01-01` : d.length === 7 ? `${d}-01` : d);

/** Values compared as a person reads them: case, accents and spacing aside. */
export const normalised = (v: unknown) =>
  String(v ?? "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
const same = (a: unknown, b: unknown) => normalised(a) === normalised(b);
const addressLine = (a: { street?: string | null; postalCode?: string | null; city?: string | null }) =>
  [a.street, [a.postalCode, a.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
const lines = (s: string | undefined) =>
  (s ?? "")
    .split("\n")
    .map((x) => x.trim())
    .filter(Boolean);

/** A suggestion's field and value (each kind keeping its own value type). */
export type CvFieldValue = CvSuggestion extends infer S
  ? S extends CvSuggestion
    ? Pick<S, "field" | "value">
    : never
  : never;

export function planCvSuggestion(
  s: CvFieldValue,
  profile: ProfileView,
  account: CvAccount,
  { replace = false, country, places }: CvPlanOptions = {},
): CvPlan {
  const v = (key: string) => profile.versions[key] ?? 0;
  // as /mes-informations shows it before a first save: the account's names, the registration's birth date
  const identity: Partial<IdentityValues> = profile.identity ?? {
    firstName: account.firstName,
    lastName: account.lastName,
    birthDate: account.birthDate ?? undefined,
    licences: [],
  };
  const saveIdentity = (values: Partial<IdentityValues>): CvPlan => ({
    kind: "save",
    input: {
      type: "SaveIdentity",
      expectedVersion: v("identity"),
      country: country ?? "CH",
      values: { ...identity, ...values },
    },
  });
  /** One identity field: the same value, another one (replaced only when confirmed), or none yet. */
  const identityField = (field: keyof IdentityValues, value: string, equal: (a: string) => boolean): CvPlan => {
    const current = identity[field];
    if (current !== undefined && current !== null && current !== "" && equal(String(current))) return { kind: "same" };
    if (current && !replace) return { kind: "conflict", current: String(current), proposed: value };
    return saveIdentity({ [field]: value });
  };
  const about = profile.about ?? {};
  const saveAbout = (values: Partial<typeof about>): CvPlan => ({
    kind: "save",
    input: { type: "SaveAbout", expectedVersion: v("about"), values: { ...about, ...values } },
  });

  switch (s.field) {
    case "firstName":
    case "lastName":
      return identityField(s.field, s.value, (current) => same(current, s.value));
    case "phone": {
      const proposed = normalizePhone(s.value, country) ?? s.value;
      return identityField("phone", s.value, (current) => (normalizePhone(current, country) ?? current) === proposed);
    }
    case "birthDate":
      return identityField("birthDate", s.value, (current) => current === s.value);
    case "avsNumber":
      return identityField("avsNumber", s.value, (current) => normalizeAvs(current) === normalizeAvs(s.value));
    case "nationality":
      if (!(NATIONALITIES as readonly string[]).includes(s.value))
        return { kind: "refused", key: "validation.invalid_choice", field: "nationality" };
      return identityField("nationality", s.value, (current) => current === s.value);
    case "licence": {
      const licences = identity.licences ?? [];
      if ((licences as string[]).includes(s.value)) return { kind: "same" };
      return saveIdentity({ licences: [...licences, s.value] as IdentityValues["licences"] });
    }
    case "email":
      // the sign-in address belongs to the account (changed with a confirmation there), not to the profile
      return same(account.email, s.value) ? { kind: "same" } : { kind: "refused", key: "cv_email_is_account" };
    case "address": {
      const a: CvAddress = s.value;
      const current = profile.address;
      if (current && same(current.street, a.street) && same(current.city, a.city)) return { kind: "same" };
      if (current && (current.street || current.city) && !replace)
        return { kind: "conflict", current: addressLine(current), proposed: addressLine(a) };
      const place = places?.bestLocality(`${a.postalCode} ${a.city}`, a.country ?? undefined);
      const located = place
        ? {
            localityId: place.id,
            country: place.country,
            postalCode: place.postalCode,
            city: place.name,
            regionCode: place.regionCode,
            region: place.region,
            department: place.department ? `${place.departmentCode} ${place.department}` : undefined,
          }
        : { country: a.country ?? undefined, postalCode: a.postalCode, city: a.city };
      return {
        kind: "save",
        input: {
          type: "SaveAddress",
          expectedVersion: v("address"),
          values: { street: a.street ?? undefined, ...located },
        },
      };
    }
    case "experience": {
      const e = s.value;
      const values = {
        jobTitle: e.jobTitle,
        company: e.company ?? undefined,
        place: e.place ?? undefined,
        startDate: dayOf(e.start),
        startPrecision: e.start ? precisionOf(e.start) : undefined,
        endDate: e.current ? undefined : dayOf(e.end),
        endPrecision: !e.current && e.end ? precisionOf(e.end) : undefined,
      };
      // an entry the profile already has is not added twice
      if (
        profile.experiences.some(
          (x) =>
            same(x.values.jobTitle, values.jobTitle) &&
            same(x.values.company, values.company) &&
            x.values.startDate === values.startDate,
        )
      )
        return { kind: "same" };
      return {
        kind: "save",
        input: { type: "SaveEntry", list: "experience", entryId: null, expectedVersion: v("experience"), values },
      };
    }
    case "training": {
      const t = s.value;
      const year = Number((t.current ? t.start : (t.end ?? t.start))?.slice(0, 4)) || undefined;
      const values = { school: t.school ?? undefined, diploma: t.diploma ?? undefined, year };
      if (profile.trainings.some((x) => same(x.values.school, values.school) && same(x.values.diploma, values.diploma)))
        return { kind: "same" };
      return {
        kind: "save",
        input: { type: "SaveEntry", list: "training", entryId: null, expectedVersion: v("training"), values },
      };
    }
    case "language": {
      const l = s.value;
      if (!(LANGUAGE_CODES as readonly string[]).includes(l.language))
        return { kind: "refused", key: "validation.invalid_choice", field: "languages" };
      const level = l.level ? LEVEL_OF[l.level] : undefined;
      const rows = profile.languages;
      const existing = rows.find((r) => r.code === l.language);
      if (existing && (!level || existing.spoken === level)) return { kind: "same" };
      if (existing?.spoken && !replace)
        return { kind: "conflict", current: `${l.name} ${existing.spoken}`, proposed: `${l.name} ${level}` };
      const next = existing
        ? rows.map((r) => (r === existing ? { ...r, spoken: level, written: r.written ?? level } : r))
        : [...rows, { code: l.language, spoken: level, written: level }];
      return {
        kind: "save",
        input: { type: "SaveLanguages", expectedVersion: v("languages"), values: { languages: next } },
      };
    }
    case "skill":
      // the profile's own skills list (issue 27; they were "certifications" lines before)
      if (profile.skills.some((x) => same(x, s.value))) return { kind: "same" };
      return {
        kind: "save",
        input: { type: "SaveSkills", expectedVersion: v("skills"), values: { skills: [...profile.skills, s.value] } },
      };
    case "certification": {
      const current = lines(about.certifications);
      if (current.some((x) => same(x, s.value))) return { kind: "same" };
      return saveAbout({ certifications: [...current, s.value].join("\n") });
    }
    case "linkedin": {
      const strip = (u: string) =>
        normalised(u)
          .replace(/^https?:\/\/(www\.)?/, "")
          .replace(/\/$/, "");
      if (about.linkedin && strip(about.linkedin) === strip(s.value)) return { kind: "same" };
      if (about.linkedin && !replace) return { kind: "conflict", current: about.linkedin, proposed: s.value };
      return saveAbout({ linkedin: s.value });
    }
  }
}
