import { z } from "zod";
import {
  ARCHIVE_REASONS,
  ARCHIVE_TEXT_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  LIST_SORTS,
  LIST_STATUSES,
  TAG_COLOURS,
  TAG_MAX_LENGTH,
  cleanTag,
} from "./rules";

/** The forms of the candidate file (conform on the page, the same schema in the command). Errors are keys of candidate-file.json. */
export const addTagSchema = z.object({
  tag: z
    .string({ required_error: "errors.tagRequired" })
    .trim()
    .min(1, "errors.tagRequired")
    .max(TAG_MAX_LENGTH, "errors.tagTooLong")
    .transform(cleanTag),
  colour: z.enum(TAG_COLOURS, { errorMap: () => ({ message: "errors.colour" }) }).default("slate"),
});
export type AddTagInput = z.output<typeof addTagSchema>;

export const removeTagSchema = z.object({
  tag: z
    .string()
    .min(1)
    .max(TAG_MAX_LENGTH * 2),
});

const body = z
  .string({ required_error: "errors.commentRequired" })
  .trim()
  .min(1, "errors.commentRequired")
  .max(COMMENT_MAX_LENGTH, "errors.commentTooLong");
export const commentSchema = z.object({ body });
export const editCommentSchema = z.object({ commentId: z.string().uuid(), body });
export const deleteCommentSchema = z.object({ commentId: z.string().uuid() });

export const archiveSchema = z
  .object({
    reason: z.enum(ARCHIVE_REASONS, { errorMap: () => ({ message: "errors.reasonRequired" }) }),
    text: z.string().trim().max(ARCHIVE_TEXT_MAX_LENGTH, "errors.textTooLong").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.reason === "other" && !v.text)
      ctx.addIssue({ code: "custom", path: ["text"], message: "errors.textRequired" });
  });
export type ArchiveInput = z.output<typeof archiveSchema>;

/** /old-cv-theque's query string: every filter optional, a bad value falls back to the default. */
export const listQuerySchema = z.object({
  name: z.string().trim().max(100).catch("").default(""),
  email: z.string().trim().max(100).catch("").default(""),
  phone: z.string().trim().max(40).catch("").default(""),
  place: z.string().trim().max(100).catch("").default(""),
  status: z.enum(LIST_STATUSES).catch("active").default("active"),
  sort: z.enum(LIST_SORTS).catch("activity").default("activity"),
  dir: z.enum(["asc", "desc"]).catch("desc").default("desc"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type ListQuery = z.output<typeof listQuerySchema>;
