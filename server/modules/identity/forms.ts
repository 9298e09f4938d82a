import { z } from "zod";
import { passwordPolicyError, tooSimilarToPersonalData } from "./password-policy";

/**
 * The identity module's form schemas (zod), apart from its plain rules: a page that only needs a
 * constant or a policy leaves zod out of its JavaScript (the bundler drops an unused module,
 * package.json `sideEffects`; issue 14).
 */

/** The longest address a mail can have (RFC 5321). */
export const EMAIL_MAX = 254;
/** Far above any password policy; only there so a megabyte body is not hashed. */
export const PASSWORD_INPUT_MAX = 1024;

/** zod field for a new password; pair it with `confirmPassword` through `withConfirmation`. */
export const newPasswordField = z
  .string({ required_error: "validation.required" })
  .min(1, "validation.required")
  .superRefine((value, ctx) => {
    const error = passwordPolicyError(value);
    if (error) ctx.addIssue({ code: z.ZodIssueCode.custom, message: error });
  });

/** Adds the "passwords must be the same" and "not like your personal data" checks to a form schema. */
export function checkPasswordPair(
  data: { password?: string; confirmPassword?: string; email?: string; firstName?: string; lastName?: string },
  ctx: z.RefinementCtx,
) {
  if (data.password && data.confirmPassword !== undefined && data.password !== data.confirmPassword) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: "validation.passwords_differ" });
  }
  if (data.password && tooSimilarToPersonalData(data.password, data)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["password"], message: "validation.password_personal" });
  }
}

/** The login form, shared by the page (conform) and the action. */
export const loginSchema = z.object({
  // bounded before any check (RFC 5321: 254): a megabyte "email" is a field error, not a 500
  email: z
    .string({ required_error: "validation.required" })
    .max(EMAIL_MAX, "validation.too_long")
    .trim()
    .email("validation.email"),
  password: z.string({ required_error: "validation.required" }).max(PASSWORD_INPUT_MAX, "validation.too_long"),
  // the candidate / agency toggle of spec section 6: 0 candidate, 1 agency
  is_candidate: z.enum(["0", "1"]).default("0"),
  redirectTo: z.string().optional(),
});
