import { z } from "zod";
import { librarySearchSchema, parseQuery, type QueryError } from "../library/contract";
import { LIBRARY_SEARCH_NAME_MAX, LIBRARY_SEARCH_QUERY_MAX } from "./events";

export { LIBRARY_DIGEST_SIZE, LIBRARY_SEARCH_NAME_MAX, MAX_LIBRARY_SEARCHES } from "./events";

/** The library's own search fields (the form's), so a field added to the search is kept too; never the page. */
const SEARCH_FIELDS = new Set(Object.keys(librarySearchSchema.shape).filter((k) => k !== "page"));

/**
 * The saved form of a library search: its query string with only what the search understands
 * (words, boolean query, facets, place and radius, sort), without the page or empty fields.
 */
export function canonicalLibraryQuery(raw: string): string {
  const out = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(raw.replace(/^\?/, "")))
    if (SEARCH_FIELDS.has(key) && value.trim()) out.append(key, value.trim());
  return out.toString();
}

/** The boolean query of a saved search must read (its message is the library's). */
export function queryProblem(query: string): QueryError | null {
  const parsed = parseQuery(new URLSearchParams(query).get("q") ?? "");
  return parsed.ok ? null : parsed.error;
}

const withoutNul = (v: string) => !v.includes("\u0000");
const nameField = z
  .string({ required_error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .max(LIBRARY_SEARCH_NAME_MAX, "validation.too_long")
  .refine(withoutNul, "validation.control_characters");

/** /cv-theque posts the search it shows (its query string) with a name to /cv-theque/recherches. */
export const saveLibrarySearchSchema = z.object({
  intent: z.literal("save"),
  name: nameField,
  query: z
    .string()
    .max(LIBRARY_SEARCH_QUERY_MAX, "validation.too_long")
    .refine(withoutNul, "validation.control_characters")
    .default(""),
});
export const renameLibrarySearchSchema = z.object({
  intent: z.literal("rename"),
  searchId: z.string().uuid("failed_operation"),
  name: nameField,
});
