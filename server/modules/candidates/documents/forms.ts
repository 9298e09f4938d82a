import { z } from "zod";
import { DOCUMENT_CATEGORIES, parseDay } from "./rules";

/**
 * The documents' forms (one schema each, used by conform in the browser and by the routes): the
 * file itself is checked on the server by content (checkFile), not here.
 */
const expiry = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || parseDay(v) !== null, "document_expiry_invalid")
  .transform((v) => (v ? v : null));

/** The file part: present for conform's field list; its content is checked by the command. */
const file = z.unknown().optional();

export const uploadDocumentSchema = z.object({
  file,
  intent: z.literal("upload"),
  category: z.enum(DOCUMENT_CATEGORIES, { errorMap: () => ({ message: "document_category_required" }) }),
  expiresAt: expiry,
});

export const updateDocumentSchema = z.object({
  file,
  intent: z.literal("update"),
  documentId: z.string().uuid("document_not_found"),
  expiresAt: expiry,
});
