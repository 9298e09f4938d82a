import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { isProfession, SECTORS } from "../../reference/contract";
import { birthDateError } from "../registration/decider";
import { MAX_DESIRED_JOBS } from "../registration/events";

/**
 * The candidate profile (spec section 3): its choices, pure validators and one zod schema per
 * section. The same schema reads the form (conform, browser and server) and is checked again by
 * the profile decider, so a rule lives in one place.
 */

export const CIVILITIES = ["mr", "ms", "other"] as const;
export const MARITAL_STATUSES = ["single", "married", "widowed", "divorced"] as const;
export const TRANSPORTS = ["none", "public_transport", "bike", "scooter", "moto", "car"] as const;
/** Spec section 3, every category ("K1-K3", "M1-M7", "GE 0-2" spelled out). */
export const LICENCES = [
  "A", "A1", "A_35", "B", "B_auto", "B1", "BE", "C", "C1", "CE", "C1E", "D", "D1", "DE", "D1E", "F", "G", "M", "TPP", "forklift", "SUVA",
  "K1", "K2", "K3", "M1", "M2", "M3", "M4", "M5", "M6", "M7", "GE0", "GE1", "GE2",
] as const; // prettier-ignore
export const NO_WORK_PERMIT = "PERMIS_TRAVAIL_AUCUNE_AUTORISATION";
/** Swiss permits, then French residence statuses; the code of spec section 9 in both. */
export const WORK_PERMITS = {
  CH: [
    "CH_CITIZEN",
    "PERMIS_B",
    "PERMIS_C",
    "PERMIS_G",
    "PERMIS_L",
    "PERMIS_F",
    "PERMIS_N",
    "PERMIS_CI",
    "PERMIS_S",
    NO_WORK_PERMIT,
  ],
  FR: [
    "FR_CITIZEN",
    "EU_CITIZEN",
    "CARTE_RESIDENT",
    "TITRE_SEJOUR_SALARIE",
    "TITRE_SEJOUR_TEMPORAIRE",
    "RECEPISSE",
    NO_WORK_PERMIT,
  ],
} as const;
const ALL_PERMITS = new Set<string>([...WORK_PERMITS.CH, ...WORK_PERMITS.FR]);
/** Nationalities offered (ISO codes; names come from Intl.DisplayNames in the person's language). */
export const NATIONALITIES = [
  "CH", "FR", "DE", "IT", "PT", "ES", "AT", "BE", "LU", "NL", "GB", "IE", "PL", "RO", "BG", "HR", "RS", "BA", "XK", "MK", "AL", "SI", "SK", "CZ",
  "HU", "GR", "TR", "UA", "MA", "DZ", "TN", "SN", "CI", "CM", "CD", "ER", "ET", "SO", "AF", "SY", "IQ", "IR", "LK", "IN", "CN", "VN", "PH",
  "BR", "CO", "PE", "EC", "US", "CA",
] as const; // prettier-ignore
export const PROFILE_COUNTRIES = ["CH", "FR"] as const;
export type ProfileCountry = (typeof PROFILE_COUNTRIES)[number];
export const CONTRACT_TYPES = ["temporary", "fixed_term", "permanent", "any"] as const;
export const AVAILABILITIES = ["immediate", "within_14_days", "more_than_14_days"] as const;
export const NOTICE_PERIODS = ["none", "1_week", "2_weeks", "1_month", "2_months", "3_months"] as const;
export const INCOME_PERIODS = ["hour", "month", "year"] as const;
export const RADII = [5, 10, 20, 30, 50, 100] as const;
export const LANGUAGE_CODES = [
  "fr",
  "de",
  "it",
  "en",
  "pt",
  "es",
  "rm",
  "sq",
  "sr",
  "hr",
  "tr",
  "ar",
  "pl",
  "ro",
  "ru",
  "uk",
  "ta",
  "zh",
  "nl",
] as const;
export const LANGUAGE_LEVELS = ["A1", "A2", "B1", "B2", "C1", "C2", "native"] as const;
export const EXPERIENCE_TYPES = [
  "temporary",
  "fixed_term",
  "permanent",
  "internship",
  "apprenticeship",
  "freelance",
] as const;
export const MAX_PLACES = 3;
export const MAX_LANGUAGES = 10;
export const MAX_CERTIFICATIONS = 10;
/** A CV lists dozens (issue 27): room for a developer's whole stack, not an endless list. */
export const MAX_SKILLS = 100;
/** How precise an experience's dates are: a CV often gives only the year, or month and year. */
export const DATE_PRECISIONS = ["day", "month", "year"] as const;
export type DatePrecision = (typeof DATE_PRECISIONS)[number];
export const MAX_NAMED_PROFILES = 5;

// ---------------------------------------------------------------------------------------------
// Pure validators
// ---------------------------------------------------------------------------------------------

/**
 * A Swiss AVS/AHV number: 756.xxxx.xxxx.xx, 13 digits, the last an EAN-13 check digit (weights
 * 1,3,1,3... from the left). Returns the canonical dotted form, or null.
 */
export function normalizeAvs(input: string): string | null {
  const digits = input.replace(/[\s.]/g, "");
  if (!/^756\d{10}$/.test(digits)) return null;
  const sum = [...digits.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  if ((10 - (sum % 10)) % 10 !== Number(digits[12])) return null;
  return `${digits.slice(0, 3)}.${digits.slice(3, 7)}.${digits.slice(7, 11)}.${digits.slice(11)}`;
}

/** IBAN lengths of the countries candidates bank in most (others: 15 to 34 characters). */
const IBAN_LENGTHS: Record<string, number> = {
  CH: 21,
  LI: 21,
  FR: 27,
  MC: 27,
  DE: 22,
  IT: 27,
  PT: 25,
  ES: 24,
  AT: 20,
  BE: 16,
  LU: 20,
  NL: 18,
  GB: 22,
};

/** An IBAN (ISO 13616): country, length and the mod-97 check. Returns it without spaces, upper case, or null. */
export function normalizeIban(input: string): string | null {
  const iban = input.replace(/\s/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return null;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return null;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const value = ch >= "A" ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of value) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1 ? iban : null;
}

/** "CH93 0076 2011 6238 5295 7": how an IBAN shows. */
export const formatIban = (iban: string) => iban.replace(/(.{4})/g, "$1 ").trim();

/** A phone number in international format (E.164), read as Swiss or French when it has no prefix; null if invalid. */
export function normalizePhone(input: string, country: ProfileCountry = "CH"): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), country);
  return parsed?.isValid() ? parsed.number : null;
}

/** An http(s) address with a host that has a dot. */
export function isWebUrl(input: string): boolean {
  try {
    const url = new URL(input);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) =>
  DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

// ---------------------------------------------------------------------------------------------
// Section schemas
// ---------------------------------------------------------------------------------------------

const text = (max: number) =>
  z
    .string()
    .max(max, "validation.too_long")
    .optional()
    .transform((v) => v?.trim() || undefined);
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: () => ({ message: "validation.invalid_choice" }) }).optional();
/** A text checked (and normalised) by `normalize`; empty is allowed. */
const checked = (message: string, normalize: (v: string) => string | null) =>
  text(60).transform((v, ctx) => {
    if (v === undefined) return undefined;
    const out = normalize(v);
    if (out === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    return out ?? v;
  });
const day = text(10).refine((v) => v === undefined || isDay(v), "validation.date");
const url = text(300).refine((v) => v === undefined || isWebUrl(v), "validation.url");
const list = <T extends z.ZodTypeAny>(item: T, max: number, message = "validation.max_choices") =>
  z
    .array(item)
    .optional()
    .transform((v) => v ?? [])
    .refine((v) => v.length <= max, message);
const count = (max: number) =>
  z
    .number({ invalid_type_error: "validation.number_range" })
    .int("validation.number_range")
    .min(0, "validation.number_range")
    .max(max, "validation.number_range")
    .optional();

/** Identity. Phones are read in the profile's country; the route passes it as `phoneCountry`. */
export function identitySchema(country: ProfileCountry = "CH") {
  return z.object({
    civility: choice(CIVILITIES),
    firstName: text(80),
    lastName: text(80),
    maidenName: text(80),
    birthDate: text(10).refine(
      (v) => v === undefined || birthDateError(v, new Date()) === null,
      "validation.birth_date",
    ),
    nationality: choice(NATIONALITIES),
    phone: checked("validation.phone", (v) => normalizePhone(v, country)),
    emergencyPhone: checked("validation.phone", (v) => normalizePhone(v, country)),
    maritalStatus: choice(MARITAL_STATUSES),
    fatherName: text(120),
    motherName: text(120),
    dependentChildren: count(20),
    familyAllowance: z.boolean().optional(),
    avsNumber: checked("validation.avs", normalizeAvs),
    taxAtSource: z.boolean().optional(),
    iban: checked("validation.iban", normalizeIban),
    bankName: text(120),
    unemploymentFund: text(120),
    criminalRecord: z
      .enum(["clean", "entries"], { errorMap: () => ({ message: "validation.invalid_choice" }) })
      .optional(),
    transport: choice(TRANSPORTS),
    licences: list(z.enum(LICENCES, { errorMap: () => ({ message: "validation.invalid_choice" }) }), LICENCES.length),
    workPermit: z
      .string()
      .optional()
      .refine((v) => v === undefined || ALL_PERMITS.has(v), "validation.invalid_choice"),
    medicalVisitDate: day,
  });
}
export type IdentityValues = z.output<ReturnType<typeof identitySchema>>;

/**
 * Address. The place comes from the locality data: the form gives `localityId` (or what was
 * typed, resolved on the server), the route fills postal code, city and region from it.
 */
export const addressSchema = z.object({
  street: text(160),
  additional: text(160),
  country: choice(PROFILE_COUNTRIES),
  localityId: text(80),
  postalCode: text(10),
  city: text(120),
  /** Swiss canton or French region (its code: "CH-GE", "FR-84") */
  regionCode: text(10),
  region: text(120),
  /** France: the department, "69 Rhône" */
  department: text(120),
});
export type AddressValues = z.output<typeof addressSchema>;

/** A place of the reference list as the address keeps it (the profile page and the API locate it alike). */
export function addressOfPlace(place: {
  id: string;
  name: string;
  postalCode: string;
  regionCode: string;
  region: string;
  department?: string;
  departmentCode?: string;
}): Pick<AddressValues, "localityId" | "postalCode" | "city" | "regionCode" | "region" | "department"> {
  return {
    localityId: place.id,
    postalCode: place.postalCode,
    city: place.name,
    regionCode: place.regionCode,
    region: place.region,
    department: place.department ? `${place.departmentCode} ${place.department}` : undefined,
  };
}

/** A wished place as the criteria keep it: its id and "City (postal code)". */
export const criteriaPlaceOf = (place: { id: string; name: string; postalCode: string }) => ({
  id: place.id,
  label: `${place.name} (${place.postalCode})`,
});

const place = z.object({ id: z.string().max(80), label: z.string().max(200) });
export const criteriaSchema = z.object({
  sectors: list(z.enum(SECTORS, { errorMap: () => ({ message: "validation.invalid_choice" }) }), SECTORS.length),
  desiredJobs: list(z.string().refine(isProfession, "validation.invalid_choice"), MAX_DESIRED_JOBS),
  places: list(place, MAX_PLACES),
  radiusKm: z
    .number({ invalid_type_error: "validation.invalid_choice" })
    .refine((v) => (RADII as readonly number[]).includes(v), "validation.invalid_choice")
    .optional(),
  country: z.enum(["CH", "FR", "both"], { errorMap: () => ({ message: "validation.invalid_choice" }) }).optional(),
  availability: choice(AVAILABILITIES),
  availableFrom: day,
  noticePeriod: choice(NOTICE_PERIODS),
  contractType: choice(CONTRACT_TYPES),
  occupancyRate: z
    .number({ invalid_type_error: "validation.number_range" })
    .int("validation.number_range")
    .min(10, "validation.number_range")
    .max(100, "validation.number_range")
    .optional(),
  income: z
    .number({ invalid_type_error: "validation.number_range" })
    .min(1, "validation.number_range")
    .max(1_000_000, "validation.number_range")
    .optional(),
  incomePeriod: choice(INCOME_PERIODS),
});
export type CriteriaValues = z.output<typeof criteriaSchema>;

const languageRow = z.object({
  code: choice(LANGUAGE_CODES),
  spoken: choice(LANGUAGE_LEVELS),
  written: choice(LANGUAGE_LEVELS),
  remark: text(200),
});
/** Rows left empty (the form always offers one more) are dropped; a language at most once. */
const filledRow = (r: z.output<typeof languageRow>) => Boolean(r.code || r.spoken || r.written || r.remark);
export const languagesSchema = z.object({
  languages: z
    .array(languageRow)
    .optional()
    // checked before empty rows are dropped, so an error names the row the person sees
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      (rows ?? []).forEach((r, i) => {
        if (!filledRow(r)) return;
        if (!r.code) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "validation.required", path: [i, "code"] });
        else if (seen.has(r.code))
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: "validation.language_twice", path: [i, "code"] });
        else seen.add(r.code);
      });
      if (seen.size > MAX_LANGUAGES) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "validation.max_languages" });
    })
    .transform((rows) => (rows ?? []).filter(filledRow)),
});
export type LanguagesValues = z.output<typeof languagesSchema>;

export const aboutSchema = z.object({
  aboutMe: text(2000),
  hobbies: text(500),
  linkedin: url,
  website: url,
  otherUrl: url,
  /** one per line in the form */
  certifications: text(2000).refine(
    (v) => (v?.split("\n").filter((l) => l.trim()).length ?? 0) <= MAX_CERTIFICATIONS,
    "validation.max_certifications",
  ),
});
export type AboutValues = z.output<typeof aboutSchema>;

/** Skills (issue 27): one per line in the form, a list in the profile, each once (compared folded). */
export const skillsSchema = z.object({
  skills: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => {
      const lines = (Array.isArray(v) ? v : (v ?? "").split("\n")).map((x) => x.replace(/\s+/g, " ").trim());
      const seen = new Set<string>();
      return lines.filter((x) => {
        const key = x.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
        if (!x || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    })
    .refine((v) => v.every((x) => x.length <= 80), "validation.too_long")
    .refine((v) => v.length <= MAX_SKILLS, "validation.max_skills"),
});
export type SkillsValues = z.output<typeof skillsSchema>;

const required = (max: number) =>
  z
    .string()
    .max(max, "validation.too_long")
    .optional()
    .transform((v) => v?.trim() ?? "")
    .refine((v) => v.length > 0, "validation.required");

export const trainingSchema = z.object({
  school: required(160),
  diploma: required(160),
  result: text(120),
  mention: text(120),
  /** a link to the diploma or work (spec: "media") */
  media: url,
  year: z
    .number({ invalid_type_error: "validation.number_range" })
    .int("validation.number_range")
    .min(1950, "validation.number_range")
    .max(2100, "validation.number_range")
    .optional(),
});
export type TrainingValues = z.output<typeof trainingSchema>;

export const experienceSchema = z
  .object({
    jobTitle: required(160),
    type: choice(EXPERIENCE_TYPES),
    company: required(160),
    place: text(160),
    startDate: required(10).refine(isDay, "validation.date"),
    endDate: day,
    /** absent: "day" (entries saved before issue 27) */
    startPrecision: choice(DATE_PRECISIONS),
    endPrecision: choice(DATE_PRECISIONS),
  })
  .superRefine((v, ctx) => {
    // spec section 5: the end date must be after the start date; "2019 – 2019" is a year's job, compared as years
    const digits = Math.min(precisionDigits(v.startPrecision), precisionDigits(v.endPrecision));
    const [start, end] = [v.startDate?.slice(0, digits), v.endDate?.slice(0, digits)];
    if (end && start && (digits === 10 ? end <= start : end < start))
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "validation.end_after_start", path: ["endDate"] });
  });
const precisionDigits = (p: DatePrecision | undefined) => (p === "year" ? 4 : p === "month" ? 7 : 10);
export type ExperienceValues = z.output<typeof experienceSchema>;

export const namedProfileSchema = z.object({ name: required(60) });

/**
 * Who may find the candidate in a CV library (issue 28, ADR 0034): only the agencies they dealt
 * with (applied, proposed, placed: the default), every agency of their country, or none.
 */
export const LIBRARY_VISIBILITIES = ["relations", "country", "hidden"] as const;
export type LibraryVisibility = (typeof LIBRARY_VISIBILITIES)[number];
export const libraryVisibilitySchema = z.object({
  visibility: z.enum(LIBRARY_VISIBILITIES, { errorMap: () => ({ message: "validation.invalid_choice" }) }),
});

/** Consent to stay in the talent pool (issue 30): exempts from the inactivity and refused-application retention rules. */
export const talentPoolSchema = z.object({
  talentPool: z.enum(["yes", "no"], { errorMap: () => ({ message: "validation.invalid_choice" }) }),
});

/**
 * Identity fields that serve payroll only (social insurance, bank, tax, family, criminal record):
 * an agency sees them once the candidate is on one of its missions, not when they merely applied.
 */
export const PAYROLL_FIELDS = [
  "avsNumber",
  "iban",
  "bankName",
  "unemploymentFund",
  "taxAtSource",
  "familyAllowance",
  "dependentChildren",
  "maritalStatus",
  "fatherName",
  "motherName",
  "maidenName",
  "criminalRecord",
] as const;

/** The sections saved with a version each; trainings and experiences count as one each. */
export const PROFILE_SECTIONS = [
  "identity",
  "address",
  "criteria",
  "languages",
  "about",
  "skills",
  "training",
  "experience",
  "notifications",
  "profiles",
] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

// ---------------------------------------------------------------------------------------------
// Completion
// ---------------------------------------------------------------------------------------------

export interface CompletionInput {
  identity: Partial<IdentityValues> | null;
  address: Partial<AddressValues> | null;
  criteria: Partial<CriteriaValues> | null;
  languages: LanguagesValues["languages"];
  about: Partial<AboutValues> | null;
  trainings: unknown[];
  experiences: unknown[];
}

/** The parts that count, in the order a person fills them in, each with the page that fills it. */
export const COMPLETION_PARTS = [
  { part: "identity", page: "/mes-informations#identity" },
  { part: "address", page: "/mes-informations#address" },
  { part: "criteria", page: "/mobility" },
  { part: "languages", page: "/profil#languages" },
  { part: "training", page: "/profil#training" },
  { part: "experience", page: "/profil#experience" },
  { part: "about", page: "/profil#about" },
] as const;
export type CompletionPart = (typeof COMPLETION_PARTS)[number]["part"];

const filled = (p: CompletionInput): Record<CompletionPart, boolean> => ({
  identity: Boolean(
    p.identity?.civility &&
    p.identity.firstName &&
    p.identity.lastName &&
    p.identity.birthDate &&
    p.identity.nationality &&
    p.identity.phone &&
    p.identity.workPermit,
  ),
  address: Boolean(p.address?.street && p.address.postalCode && p.address.city && p.address.country),
  criteria: Boolean(p.criteria?.desiredJobs?.length && p.criteria.availability && p.criteria.contractType),
  languages: p.languages.length > 0,
  training: p.trainings.length > 0,
  experience: p.experiences.length > 0,
  about: Boolean(p.about?.aboutMe),
});

/** The completion percentage from the filled parts, and the first part still to complete. */
export function profileCompletion(p: CompletionInput): {
  percent: number;
  done: CompletionPart[];
  next: (typeof COMPLETION_PARTS)[number] | null;
} {
  const f = filled(p);
  const done = COMPLETION_PARTS.filter((c) => f[c.part]).map((c) => c.part);
  return {
    percent: Math.round((done.length / COMPLETION_PARTS.length) * 100),
    done,
    next: COMPLETION_PARTS.find((c) => !f[c.part]) ?? null,
  };
}
