import type { CvSuggestion } from "./parse";

type Sealed<T> = { subjectId: string; data: T };

/**
 * CV parsing (issue 11): one stream per CV document, `cv-<documentId>`. The suggestions are the
 * person's data (sealed with their key); what they decide is recorded per suggestion. Nothing here
 * writes the profile: accepted suggestions are applied by the profile, with the person.
 */
export const cvStream = (documentId: string) => `cv-${documentId}`;

/** Why a CV gave no suggestions ("CV parsing failed", spec section 8). */
export const CV_FAILURE_REASONS = [
  "unsupported_type",
  "unreadable",
  "encrypted",
  "no_text",
  "timeout",
  "file_missing",
  "nothing_found",
  // the limits of reading an untrusted file (cv/sandbox.ts, cv/text.ts): refused, never worked through
  "too_demanding",
  "page_too_large",
  "image_too_large",
] as const;
export type CvFailureReason = (typeof CV_FAILURE_REASONS)[number];

export interface CvParsed {
  type: "CvParsed";
  /** the ids are no personal data (`experience-2`): decisions are checked against them after an erasure too */
  data: { userId: string; documentId: string; ocr: boolean; suggestionIds: string[] };
  personal: Sealed<{ suggestions: CvSuggestion[] }>;
}
export interface CvParsingFailed {
  type: "CvParsingFailed";
  data: { userId: string; documentId: string; reason: CvFailureReason };
}
/**
 * A CV is being read: queued for OCR (page 0) or recognising a page of a scan. Shown live on the
 * documents and profile pages; the parse still ends with CvParsed or CvParsingFailed.
 */
export interface CvParsingProgressed {
  type: "CvParsingProgressed";
  data: { userId: string; documentId: string; page: number; pages: number };
}
export interface CvSuggestionAccepted {
  type: "CvSuggestionAccepted";
  data: { userId: string; documentId: string; suggestionId: string };
}
export interface CvSuggestionRejected {
  type: "CvSuggestionRejected";
  data: { userId: string; documentId: string; suggestionId: string };
}
export type CvEvent = CvParsed | CvParsingFailed | CvParsingProgressed | CvSuggestionAccepted | CvSuggestionRejected;
