import { z } from "zod";

/** The languages a client reads a dossier in (the product's five). */
export const DOSSIER_LANGUAGES = ["fr", "en", "de", "it", "pt"] as const;
export type DossierLanguage = (typeof DOSSIER_LANGUAGES)[number];

/** What may be shown of each candidate. */
export const DOSSIER_SECTIONS = ["summary", "experiences", "trainings", "languages", "documents"] as const;
export type DossierSection = (typeof DOSSIER_SECTIONS)[number];

/** A client's answer about one candidate. */
export const DOSSIER_ANSWERS = ["interested", "meeting", "not_suitable"] as const;
export type DossierAnswer = (typeof DOSSIER_ANSWERS)[number];

/** How an anonymised candidate is named: their initials or their number in the dossier. */
export const DOSSIER_ALIASES = ["initials", "number"] as const;
export type DossierAlias = (typeof DOSSIER_ALIASES)[number];

export const DOSSIER_MAX_CANDIDATES = 20;
export const DOSSIER_COMMENT_MAX = 2000;
/** How long a client link works once issued. */
export const DOSSIER_LINK_DAYS = 30;

export type DossierStatus = "built" | "sent" | "answered";

/** The age band shown instead of a birth date (anonymised or not: the client needs no birth date). */
export const AGE_BANDS = ["under25", "25to34", "35to44", "45to54", "55plus"] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
export function ageBand(birthDate: string | null | undefined, today: Date): AgeBand | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate ?? "");
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < mo || (today.getUTCMonth() + 1 === mo && today.getUTCDate() < d)) age--;
  if (age < 25) return "under25";
  if (age < 35) return "25to34";
  if (age < 45) return "35to44";
  if (age < 55) return "45to54";
  return "55plus";
}

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.boolean()])
  .optional()
  .transform((v) => v === "on" || v === "true" || v === true);
const comment = z
  .string()
  .max(DOSSIER_COMMENT_MAX, "validation.too_long")
  .optional()
  .transform((v) => v?.trim() ?? "");

/** One candidate of the builder's form: ticked in, the sections and documents chosen, the consultant's comment. */
export const dossierCandidateSchema = z.object({
  candidateId: z.string().uuid("validation.invalid_choice"),
  include: checkbox,
  sections: z
    .array(z.enum(DOSSIER_SECTIONS, { errorMap: () => ({ message: "validation.invalid_choice" }) }))
    .optional()
    .transform((v) => [...new Set(v ?? [])]),
  documentIds: z
    .array(z.string().uuid("validation.invalid_choice"))
    .optional()
    .transform((v) => [...new Set(v ?? [])]),
  comment,
});

/** The builder (/mes-dossiers/presentations/nouveau): the client, the language, anonymity and the candidates. */
export const buildDossierSchema = z
  .object({
    title: z
      .string({ required_error: "validation.required" })
      .trim()
      .min(1, "validation.required")
      .max(120, "validation.too_long"),
    clientId: z.string({ required_error: "validation.required" }).uuid("validation.invalid_choice"),
    language: z.enum(DOSSIER_LANGUAGES, { errorMap: () => ({ message: "validation.invalid_choice" }) }),
    anonymised: checkbox,
    alias: z.enum(DOSSIER_ALIASES, { errorMap: () => ({ message: "validation.invalid_choice" }) }).default("initials"),
    showEmployers: checkbox,
    candidates: z.array(dossierCandidateSchema).max(100, "errors.tooMany").default([]),
  })
  .superRefine((v, ctx) => {
    const chosen = v.candidates.filter((c) => c.include);
    if (!chosen.length)
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "errors.noCandidate", path: ["candidates"] });
    if (chosen.length > DOSSIER_MAX_CANDIDATES)
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "errors.tooMany", path: ["candidates"] });
  });
export type BuildDossierInput = z.output<typeof buildDossierSchema>;

/** The client's answer about candidate number `n` of the dossier. */
export const answerSchema = z.object({
  n: z.coerce.number().int().min(1).max(DOSSIER_MAX_CANDIDATES),
  answer: z.enum(DOSSIER_ANSWERS, { errorMap: () => ({ message: "errors.answerRequired" }) }),
  comment,
});
export type AnswerInput = z.output<typeof answerSchema>;

/** Sending the dossier's link to one of the client company's users. */
export const sendDossierSchema = z.object({
  recipientId: z.string({ required_error: "validation.required" }).uuid("validation.invalid_choice"),
});
