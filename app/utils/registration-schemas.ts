import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import {
  DOCUMENT_EXTENSIONS,
  MAX_DESIRED_JOBS,
  MAX_UPLOAD_BYTES,
  REGISTRATION_COUNTRIES,
} from "#server/modules/candidates/contract";
import { checkPasswordPair, newPasswordField } from "#server/modules/identity/contract";

/**
 * The two forms of /register/user, one schema each for conform in the browser and the action on
 * the server. The server's deciders check the same rules again, and the CV's content (magic
 * bytes) is checked on the server only.
 */
/**
 * Missing values are reported by refinements, not by the base type: zod skips the object's
 * refinements (passwords must be the same) when a field is missing outright, and the person
 * should see every mistake at once, especially without JavaScript.
 */
const presentText = (max: number, message?: string, check?: (value: string) => boolean) =>
  z
    .string()
    .max(max, "validation.too_long")
    .optional()
    .transform((v) => (v ?? "").trim())
    .superRefine((value, ctx) => {
      if (!value) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "validation.required" });
      else if (message && check && !check(value)) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    });
const consent = z
  .string()
  .optional()
  .refine((v) => v === "on", "validation.consent_required");

export const accountSchema = z
  .object({
    country: z.enum(REGISTRATION_COUNTRIES, { errorMap: () => ({ message: "validation.required" }) }),
    firstName: presentText(80),
    lastName: presentText(80),
    email: presentText(254, "validation.email", (v) => z.string().email().safeParse(v).success),
    password: newPasswordField,
    confirmPassword: presentText(254),
    // close_1: terms of use; close_2: data protection (spec section 5: required)
    terms: consent,
    dataProtection: consent,
    // optional, off by default (issue 28): visible to every agency of their country's CV libraries
    libraryVisible: z.string().optional(),
  })
  .superRefine(checkPasswordPair);

/** conform marks these required (aria-required); the schema reports them missing itself. */
export const accountConstraint = {
  ...getZodConstraint(accountSchema),
  ...Object.fromEntries(
    ["firstName", "lastName", "email", "confirmPassword", "terms", "dataProtection"].map((name) => [
      name,
      { required: true },
    ]),
  ),
};

/** /register/agency: the agency, its first branch and first user. */
const requiredText = z.string({ required_error: "validation.required" }).trim().min(1, "validation.required").max(120);
export const agencySchema = z
  .object({
    agencyName: requiredText,
    country: z.enum(["CH", "FR"], { required_error: "validation.required", invalid_type_error: "validation.required" }),
    city: requiredText,
    branchName: requiredText,
    branchCity: requiredText,
    firstName: requiredText,
    lastName: requiredText,
    email: z.string({ required_error: "validation.required" }).trim().email("validation.email"),
    password: newPasswordField,
    confirmPassword: z.string({ required_error: "validation.required" }),
    terms: z.literal("on", { errorMap: () => ({ message: "validation.terms" }) }),
  })
  .superRefine(checkPasswordPair);

export const extensionOf = (name: string) => name.toLowerCase().split(".").pop() ?? "";

/** A file's name and size as the browser sees them; the server then reads its content. */
export function cvFileError(file: { name: string; size: number }): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return "cv_too_large";
  if (!(DOCUMENT_EXTENSIONS as string[]).includes(extensionOf(file.name))) return "cv_invalid_type";
  return null;
}

/**
 * CV, birth date and desired jobs. `hasCv`: a CV was uploaded before, so choosing none keeps it;
 * otherwise one is required (spec: please upload your resume before proceeding).
 */
export function profileSchema(hasCv: boolean) {
  return z.object({
    cv: z
      .instanceof(File)
      .optional()
      .superRefine((file, ctx) => {
        const error = file ? cvFileError(file) : hasCv ? null : "cv_required";
        if (error) ctx.addIssue({ code: z.ZodIssueCode.custom, message: error });
      }),
    birthDate: z
      .string({ required_error: "validation.required" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.birth_date"),
    desiredJobs: z
      .array(z.string(), { required_error: "validation.required" })
      .min(1, "validation.required")
      .max(MAX_DESIRED_JOBS, "validation.max_choices"),
  });
}

/** The forms' checks in the browser, loaded once the page is interactive (usePublicForm's loadCheck). */
export const checkAgency = (formData: FormData) => parseWithZod(formData, { schema: agencySchema });
export const checkAccount = (formData: FormData) => parseWithZod(formData, { schema: accountSchema });
export const checkProfile = (hasCv: boolean) => {
  const schema = profileSchema(hasCv);
  return (formData: FormData) => parseWithZod(formData, { schema });
};
