/** The engagement module's contract (pure, shared with app/): saved-search limits and forms. */
import { z } from "zod";
import { SEARCH_NAME_MAX, SEARCH_QUERY_MAX } from "./events";

export { ALERT_DIGEST_SIZE, MAX_SAVED_SEARCHES, SEARCH_NAME_MAX, SEARCH_QUERY_MAX } from "./events";

/** PostgreSQL refuses U+0000 in text and jsonb: a NUL is a field error, not a failed write. */
const withoutNul = (v: string) => !v.includes("\u0000");
const nameField = z
  .string({ required_error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .max(SEARCH_NAME_MAX, "validation.too_long")
  .refine(withoutNul, "validation.control_characters");
/** The job search page posts the search it shows (intent, name, query) to /ma-recherche. */
export const saveSearchSchema = z.object({
  intent: z.literal("save"),
  name: nameField,
  query: z
    .string()
    .max(SEARCH_QUERY_MAX, "validation.too_long")
    .refine(withoutNul, "validation.control_characters")
    .default(""),
});
export const renameSearchSchema = z.object({
  intent: z.literal("rename"),
  searchId: z.string().uuid("failed_operation"),
  name: nameField,
});
