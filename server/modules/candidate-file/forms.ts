import { z } from "zod";
import { proposeSchema } from "../placements/contract";
import {
  BULK_MAX,
  ARCHIVE_REASONS,
  ARCHIVE_TEXT_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  DEACTIVATE_REASONS,
  REACTIVATE_REASONS,
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

/** Deactivate or reactivate (for this agency): a reason from the list, its text for "other". */
const withReason = <R extends readonly [string, ...string[]]>(reasons: R) =>
  z
    .object({
      reason: z.enum(reasons, { errorMap: () => ({ message: "errors.reasonRequired" }) }),
      text: z.string().trim().max(ARCHIVE_TEXT_MAX_LENGTH, "errors.textTooLong").optional(),
    })
    .superRefine((v, ctx) => {
      if (v.reason === "other" && !v.text)
        ctx.addIssue({ code: "custom", path: ["text"], message: "errors.textRequired" });
    });
export const deactivateSchema = withReason(DEACTIVATE_REASONS);
export const reactivateSchema = withReason(REACTIVATE_REASONS);
export type DeactivateInput = z.output<typeof deactivateSchema>;
export type ReactivateInput = z.output<typeof reactivateSchema>;

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

/** The candidates ticked on /cv-theque (one page at most) for a bulk action: their ids, repeated `id` fields. */
const selection = z
  .array(z.string().uuid("errors.selection"), { required_error: "errors.selectionEmpty" })
  .min(1, "errors.selectionEmpty")
  .max(BULK_MAX, "errors.selectionTooLarge")
  .transform((ids) => [...new Set(ids)]);
export const bulkSelectionSchema = z.object({ id: selection });

/** Propose one of the agency's online ads: to the ticked candidates (bulk) or to the file's candidate. */
export const fileProposeSchema = proposeSchema;
export const bulkProposeSchema = proposeSchema.extend({ id: selection });
export type BulkProposeInput = z.output<typeof bulkProposeSchema>;

/** A mail from one of the agency's reply templates, from the file. */
export const fileMailSchema = z.object({
  templateId: z.string({ required_error: "errors.templateRequired" }).uuid("errors.templateRequired"),
});

/**
 * The ticked ids of /cv-theque's bulk form: "select all on this page" (`all`) takes every id of
 * the page (`pageId`, hidden fields), so it works without JavaScript; otherwise the ticked `id`s.
 */
export const selectedIds = (data: { get(name: string): unknown; getAll(name: string): unknown[] }): string[] =>
  (data.get("all") === "1" ? data.getAll("pageId") : data.getAll("id")).filter(
    (v): v is string => typeof v === "string",
  );
