import { z } from "zod";
import {
  AUDIENCES,
  FAQ_ANSWER_MAX,
  FAQ_QUESTION_MAX,
  FAQ_TOPICS,
  LANGUAGES,
  MANUAL_STATUSES,
  REQUEST_KINDS,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_NAME_MAX,
} from "./rules";

/** Support's forms (conform on the page, the same schema in the command). Errors are keys of support.json. */
const message = z
  .string({ required_error: "errors.messageRequired" })
  .trim()
  .min(1, "errors.messageRequired")
  .max(SUPPORT_MESSAGE_MAX, "errors.messageTooLong");

export const contactSchema = z
  .object({
    topic: z.enum(FAQ_TOPICS, { errorMap: () => ({ message: "errors.topicRequired" }) }),
    kind: z.enum(REQUEST_KINDS, { errorMap: () => ({ message: "errors.kind" }) }).default("question"),
    name: z
      .string({ required_error: "errors.nameRequired" })
      .trim()
      .min(1, "errors.nameRequired")
      .max(SUPPORT_NAME_MAX, "errors.nameTooLong"),
    email: z
      .string({ required_error: "errors.emailRequired" })
      .trim()
      .toLowerCase()
      .max(254, "errors.emailInvalid")
      .email("errors.emailInvalid"),
    message,
    /** a deletion request is confirmed by the account's password, as on the security page (never sent back) */
    password: z.string().optional(),
    /** a hidden field people never fill: a form that fills it is a bot's (dropped, answered as sent) */
    website: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "deletion" && !v.password)
      ctx.addIssue({ code: "custom", path: ["password"], message: "errors.passwordRequired" });
  });
export type ContactInput = Omit<z.output<typeof contactSchema>, "password" | "website">;

export const replySchema = z.object({ message });
export const statusSchema = z.object({
  status: z.enum(MANUAL_STATUSES, { errorMap: () => ({ message: "errors.status" }) }),
});

const texts = Object.fromEntries(
  LANGUAGES.flatMap((l) => [
    [
      `question_${l}`,
      z
        .string({ required_error: "errors.questionRequired" })
        .trim()
        .min(1, "errors.questionRequired")
        .max(FAQ_QUESTION_MAX, "errors.questionTooLong"),
    ],
    [
      `answer_${l}`,
      z
        .string({ required_error: "errors.answerRequired" })
        .trim()
        .min(1, "errors.answerRequired")
        .max(FAQ_ANSWER_MAX, "errors.answerTooLong"),
    ],
  ]),
) as Record<`question_${(typeof LANGUAGES)[number]}` | `answer_${(typeof LANGUAGES)[number]}`, z.ZodString>;

export const faqEntrySchema = z.object({
  topic: z.enum(FAQ_TOPICS, { errorMap: () => ({ message: "errors.topicRequired" }) }),
  audiences: z
    .union([z.enum(AUDIENCES), z.array(z.enum(AUDIENCES))], {
      required_error: "errors.audiencesRequired",
      invalid_type_error: "errors.audiencesRequired",
    })
    .transform((v) => [...new Set(Array.isArray(v) ? v : [v])])
    .pipe(z.array(z.enum(AUDIENCES)).min(1, "errors.audiencesRequired")),
  ...texts,
});
export type FaqEntryForm = z.output<typeof faqEntrySchema>;

export const faqMoveSchema = z.object({ faqId: z.string().uuid(), position: z.coerce.number().int().min(0).max(1000) });
export const faqIdSchema = z.object({ faqId: z.string().uuid() });
