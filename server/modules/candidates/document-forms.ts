import { z } from "zod";
import { DOCUMENT_CATEGORIES, parseDay } from "./document-rules";

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

export const uploadDocumentSchema = z.object({
  intent: z.literal("upload"),
  category: z.enum(DOCUMENT_CATEGORIES, { errorMap: () => ({ message: "document_category_required" }) }),
  expiresAt: expiry,
});

export const updateDocumentSchema = z.object({
  intent: z.literal("update"),
  documentId: z.string().uuid("document_not_found"),
  expiresAt: expiry,
});
