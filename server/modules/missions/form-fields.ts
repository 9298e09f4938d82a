import { z } from "zod";

/**
 * Field builders of the ad and order forms (pure, shared by the browser and the server). Every
 * error is a translation key; text is trimmed, an absent field reads as "".
 */
/** PostgreSQL refuses U+0000 in text and jsonb: a NUL typed or pasted in is a field error, not a failed write. */
export const withoutNul = (v: string) => !v.includes("\u0000");
export const NUL_KEY = "validation.control_characters";
export const text = (max: number) =>
  z
    .string()
    .max(max, "validation.too_long")
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine(withoutNul, NUL_KEY);
export const required = (max: number) => text(max).refine((v) => v.length > 0, "validation.required");
export const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: () => ({ message: "validation.required" }) });
// A number field's error is added inside its transform, so the field is only "dirty": a transform
// after a failed refine would abort the whole object and skip the form's cross-field checks
// (salary order, dates, place), which would then show only once this field is corrected.
export const optionalNumber = (min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const v = (raw ?? "").trim().replace(",", ".");
      if (v === "") return null;
      if (!Number.isNaN(Number(v)) && Number(v) >= min && Number(v) <= max) return Number(v);
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "validation.number_range" });
      return z.NEVER;
    });
export const requiredInt = (min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const v = (raw ?? "").trim();
      if (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= max) return Number(v);
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: v === "" ? "validation.required" : "validation.number_range",
      });
      return z.NEVER;
    });
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** an optional ISO day (YYYY-MM-DD), "" when empty */
export const date = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim())
  .refine((v) => v === "" || (isoDate.test(v) && !Number.isNaN(Date.parse(v))), "validation.date");
