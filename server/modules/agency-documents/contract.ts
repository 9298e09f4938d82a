/** The agency documents module's contract (pure, shared with app/): the agency documents' form and kinds. */
import { z } from "zod";

export const AGENCY_DOCUMENT_KINDS = ["contract", "rules", "other"] as const;
export type AgencyDocumentKind = (typeof AGENCY_DOCUMENT_KINDS)[number];
export const isAgencyDocumentKind = (v: unknown): v is AgencyDocumentKind =>
  (AGENCY_DOCUMENT_KINDS as readonly unknown[]).includes(v);
export const AGENCY_DOCUMENT_TITLE_MAX = 120;

export const shareAgencyDocumentSchema = z.object({
  intent: z.literal("share"),
  /** the file part, for conform's field list; its content is checked by the command */
  file: z.unknown().optional(),
  title: z
    .string({ required_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(AGENCY_DOCUMENT_TITLE_MAX, "validation.too_long"),
  kind: z.enum(AGENCY_DOCUMENT_KINDS, { errorMap: () => ({ message: "validation.required" }) }),
});
