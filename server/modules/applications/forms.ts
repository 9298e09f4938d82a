import { z } from "zod";
import { EMAIL_MAX } from "../identity/contract";
import {
  MESSAGE_MAX,
  NAME_MAX,
  NOTE_MAX,
  REFUSAL_REASONS,
  TEMPLATE_BODY_MAX,
  TEMPLATE_LANGUAGES,
  TEMPLATE_NAME_MAX,
  TEMPLATE_PURPOSES,
  TEMPLATE_SUBJECT_MAX,
  isStatusCode,
  unknownPlaceholders,
} from "./rules";

/** The applications module's form schemas (zod), apart from its rules so pages that only read a limit leave zod out (issue 14). */
const yesNo = z.enum(["yes", "no"], { errorMap: () => ({ message: "validation.required" }) });

/** The apply form (signed in): one yes/no per question of the ad, the CV to send, a message. */
export const applySchema = (questions: number) =>
  z.object({
    ...Object.fromEntries(Array.from({ length: questions }, (_, i) => [`q${i}`, yesNo])),
    cv: z.enum(["registered", "upload"]).default("registered"),
    message: z.string().trim().max(MESSAGE_MAX, "validation.too_long").optional(),
  }) as z.ZodType<{ cv: "registered" | "upload"; message?: string } & Record<`q${number}`, "yes" | "no">>;

/** The anonymous form (spec /apply/annonce/{id}/{source}): who the person is, and always a CV. */
export const anonymousApplySchema = (questions: number) =>
  z.object({
    ...Object.fromEntries(Array.from({ length: questions }, (_, i) => [`q${i}`, yesNo])),
    email: z
      .string({ required_error: "validation.required" })
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX, "validation.too_long")
      .email("validation.email"),
    firstName: z
      .string({ required_error: "validation.required" })
      .trim()
      .min(1, "validation.required")
      .max(NAME_MAX, "validation.too_long"),
    lastName: z
      .string({ required_error: "validation.required" })
      .trim()
      .min(1, "validation.required")
      .max(NAME_MAX, "validation.too_long"),
    cv: z.literal("upload").default("upload"),
    message: z.string().trim().max(MESSAGE_MAX, "validation.too_long").optional(),
  }) as z.ZodType<
    { email: string; firstName: string; lastName: string; cv: "upload"; message?: string } & Record<
      `q${number}`,
      "yes" | "no"
    >
  >;

/** A consultant's status change; `version` is what the consultant saw (changed_by_someone_else). */
export const statusChangeSchema = z.object({
  status: z.coerce.number().refine(isStatusCode, "failed_operation_update_status"),
  reason: z.enum(REFUSAL_REASONS).optional(),
  version: z.coerce.number().int().min(1).optional(),
});

export const noteSchema = z.object({
  note: z
    .string({ required_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(NOTE_MAX, "validation.too_long"),
});

/** A subject is one line (a mail header): any run of whitespace, line breaks included, becomes one space. */
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
const placeholdersKnown = (s: string) => unknownPlaceholders(s).length === 0;
const subjectField = z
  .string({ required_error: "validation.required" })
  .transform(oneLine)
  .pipe(
    z
      .string()
      .min(1, "validation.required")
      .max(TEMPLATE_SUBJECT_MAX, "validation.too_long")
      .refine(placeholdersKnown, "templates.unknown_placeholder"),
  );
const bodyField = z
  .string({ required_error: "validation.required" })
  .transform((s) => s.replace(/\r\n?/g, "\n").trim())
  .pipe(
    z
      .string()
      .min(1, "validation.required")
      .max(TEMPLATE_BODY_MAX, "validation.too_long")
      .refine(placeholdersKnown, "templates.unknown_placeholder"),
  );

/** The template form (create and edit). */
export const templateSchema = z.object({
  name: z
    .string({ required_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(TEMPLATE_NAME_MAX, "validation.too_long"),
  purpose: z.enum(TEMPLATE_PURPOSES, { errorMap: () => ({ message: "validation.invalid_choice" }) }),
  language: z.enum(TEMPLATE_LANGUAGES, { errorMap: () => ({ message: "validation.invalid_choice" }) }),
  subject: subjectField,
  body: bodyField,
});
export type TemplateDraft = z.output<typeof templateSchema>;

/** A mail to the candidate: from a template (subject and body may be edited) or written freely. */
export const customMailSchema = z.object({
  templateId: z.string().uuid("templates.not_found").optional(),
  subject: subjectField,
  body: bodyField,
});

/** POST /api/customemail/send: a template alone (sent as written), or a subject and body. */
export const customMailApiSchema = z
  .object({
    applicationId: z.string({ required_error: "validation.required" }).uuid("application_not_found"),
    templateId: z.string().uuid("templates.not_found").optional(),
    subject: subjectField.optional(),
    body: bodyField.optional(),
  })
  .refine((v) => v.templateId || (v.subject !== undefined && v.body !== undefined), {
    message: "templates.mail_incomplete",
  });
