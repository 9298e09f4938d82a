import { z } from "zod";
import { checkPasswordPair, newPasswordField } from "#server/modules/identity/contract";

/** The account security page's three forms (/parametres): the forms and their action parse them. */
export const passwordSchema = z
  .object({
    intent: z.literal("password"),
    oldPassword: z.string({ required_error: "validation.required" }),
    password: newPasswordField,
    confirmPassword: z.string({ required_error: "validation.required" }),
  })
  .superRefine(checkPasswordPair);
export const emailSchema = z
  .object({
    intent: z.literal("email"),
    email: z.string({ required_error: "validation.required" }).trim().email("validation.email"),
    confirmEmail: z.string({ required_error: "validation.required" }).trim(),
    // a stolen session alone must not be enough to take the account over
    currentPassword: z.string({ required_error: "validation.required" }),
  })
  .refine((v) => v.email.toLowerCase() === v.confirmEmail.toLowerCase(), {
    path: ["confirmEmail"],
    message: "validation.emails_differ",
  });
export const deactivateSchema = z.object({
  intent: z.literal("deactivate"),
  reason: z.string({ required_error: "validation.required" }).trim().min(3, "validation.required").max(500),
});
export const schemas = { password: passwordSchema, email: emailSchema, deactivate: deactivateSchema } as const;
export type Intent = keyof typeof schemas;
