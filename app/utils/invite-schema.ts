import { z } from "zod";
import { INVITABLE_ROLES } from "#server/modules/identity/contract";

/** An agency admin's invitation of a colleague or a client user: the form (agency dashboard) and its action parse it. */
export const inviteSchema = z.object({
  intent: z.literal("invite"),
  email: z.string({ required_error: "validation.required" }).trim().email("validation.email"),
  firstName: z.string({ required_error: "validation.required" }).trim().min(1).max(80),
  lastName: z.string({ required_error: "validation.required" }).trim().min(1).max(80),
  role: z.enum(INVITABLE_ROLES, { required_error: "validation.required", invalid_type_error: "validation.required" }),
  clientId: z.string().uuid().optional(),
  locale: z.enum(["fr", "en", "de", "it", "pt"]).default("fr"),
});
