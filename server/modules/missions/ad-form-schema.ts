import { z } from "zod";
import { choice, date, NUL_KEY, optionalNumber, required, requiredInt, text, withoutNul } from "./form-fields";
import {
  AD_COUNTRIES,
  AD_LANGUAGES,
  adFieldProblems,
  COMMITMENTS,
  CONTRACTS,
  JOB_TYPES,
  MAX_DESCRIPTION,
  MAX_QUESTIONS,
  SALARY_PERIODS,
  SOURCE_CODE,
} from "./rules";

/**
 * The ad form (create and edit). The place arrives as a locality id (JavaScript) or as text
 * (without), the cover image as a file the action checks by content; both are resolved by the
 * route. Cross-field rules (dates in order, salary min not above max) are reported on a field.
 */
export const adFormSchema = z
  .object({
    title: required(120),
    qualification: text(200),
    description: required(MAX_DESCRIPTION),
    language: choice(AD_LANGUAGES),
    sectorId: required(40),
    professionId: required(40),
    jobType: choice(JOB_TYPES),
    contract: choice(CONTRACTS),
    activityRateMin: requiredInt(10, 100),
    activityRateMax: requiredInt(10, 100),
    places: requiredInt(1, 999),
    salaryMin: optionalNumber(0, 10_000_000),
    salaryMax: optionalNumber(0, 10_000_000),
    salaryPeriod: choice(SALARY_PERIODS),
    hideSalary: z
      .string()
      .optional()
      .transform((v) => v === "on"),
    commitment: choice(COMMITMENTS),
    commitmentDate: date,
    endDate: date.refine((v) => v !== "", "validation.required"),
    slots: text(500),
    duration: text(120),
    placeId: text(80),
    placeText: text(120),
    country: choice(AD_COUNTRIES),
    orderId: text(40),
    contactId: text(40),
    questions: z
      .array(z.string().max(200, "validation.too_long").refine(withoutNul, NUL_KEY))
      .optional()
      .transform((qs) => (qs ?? []).map((q) => q.trim()).filter(Boolean))
      .refine((qs) => qs.length <= MAX_QUESTIONS, "validation.max_questions"),
    jobBoards: z
      .array(z.string().regex(SOURCE_CODE))
      .optional()
      .transform((v) => [...new Set(v ?? [])]),
    internalId: text(60),
    memo: text(2000),
    removeImage: z
      .string()
      .optional()
      .transform((v) => v === "on"),
  })
  .superRefine((v, ctx) => {
    for (const { field, key } of adFieldProblems(v))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: key });
    if (!v.placeId && !v.placeText)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["placeText"], message: "validation.required" });
  });
export type AdForm = z.output<typeof adFormSchema>;
