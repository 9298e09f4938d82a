import type { DocumentCategory, FileMime } from "./document-rules";

/**
 * Candidates: the registration draft (/register/user) and the candidate's own data.
 *
 * A draft lives in `registration-<uuid>`. Until the account exists there is no person id, so the
 * draft's personal data (email, names, the password until the account is created, the CV's name,
 * birth date, desired jobs) is sealed with the draft's own key (subject = the registration id).
 * Completing the registration re-states what the candidate keeps in `candidate-<userId>`, sealed
 * with the person's key, and destroys the draft's key: the draft's copy, password included,
 * becomes unreadable for good (docs/decisions/0005-candidate-registration.md).
 *
 * Pure file (types and rule constants), shared with the UI.
 */
import type { CvSuggestion } from "./cv-parse";

export const registrationStream = (id: string) => `registration-${id}`;
export const candidateStream = (userId: string) => `candidate-${userId}`;

export const REGISTRATION_COUNTRIES = ["CH", "FR"] as const;
export type RegistrationCountry = (typeof REGISTRATION_COUNTRIES)[number];
export const isRegistrationCountry = (v: unknown): v is RegistrationCountry => v === "CH" || v === "FR";

/** Spec sections 5 and 9: at most 2 desired jobs. */
export const MAX_DESIRED_JOBS = 2;
export { MAX_UPLOAD_BYTES } from "./document-rules";
/**
 * Spec section 9: documents are pdf, odt or doc. Keys are the types found in the file's content
 * (magic bytes); values the file name extensions accepted with them. A .doc is an OLE compound
 * file (application/x-cfb).
 */
export const DOCUMENT_TYPES = {
  "application/pdf": "pdf",
  "application/vnd.oasis.opendocument.text": "odt",
  "application/x-cfb": "doc",
} as const;
export type DocumentMime = keyof typeof DOCUMENT_TYPES;
export const DOCUMENT_EXTENSIONS = Object.values(DOCUMENT_TYPES);
export const isDocumentMime = (v: string): v is DocumentMime => Object.hasOwn(DOCUMENT_TYPES, v);
/** Youngest and oldest plausible birth dates, in years before today. */
export const MIN_AGE = 15;
export const MAX_AGE = 100;
/** Version of the consent texts (close_1..close_5, paragraph_4, paragraph_5) the person accepted. */
export const CONSENT_VERSION = "2026-01";

/** Where a draft stands: the account step, the profile step (CV, birth date, jobs), or done. */
export type RegistrationStep = "account" | "profile" | "completed";

type Sealed<T> = { subjectId: string; data: T };

export interface RegistrationStarted {
  type: "RegistrationStarted";
  data: { registrationId: string; country: RegistrationCountry; locale: string };
}
/** Email, names, password and the consents to the country's clauses. Given again to correct them. */
export interface RegistrationAccountGiven {
  type: "RegistrationAccountGiven";
  data: { registrationId: string; consents: { terms: true; dataProtection: true; version: string; acceptedAt: string } };
  personal: Sealed<{ email: string; firstName: string; lastName: string; password: string }>;
}
/** A CV checked by content and stored as file `fileId`; replaces the previous one if any. */
export interface CvUploaded {
  type: "CvUploaded";
  data: { registrationId: string; fileId: string; mime: DocumentMime; size: number; replaces: string | null };
  personal: Sealed<{ name: string }>;
}
export interface RegistrationDetailsGiven {
  type: "RegistrationDetailsGiven";
  data: { registrationId: string };
  personal: Sealed<{ birthDate: string; desiredJobs: string[] }>;
}
export interface RegistrationCompleted {
  type: "RegistrationCompleted";
  data: { registrationId: string; userId: string };
}
export type RegistrationEvent = RegistrationStarted | RegistrationAccountGiven | CvUploaded | RegistrationDetailsGiven | RegistrationCompleted;

/** The candidate's own data, sealed with the person's key (erasing the person erases it). */
export interface CandidateRegistered {
  type: "CandidateRegistered";
  data: { userId: string; registrationId: string; country: RegistrationCountry };
  personal: Sealed<{ birthDate: string; desiredJobs: string[] }>;
}
/**
 * A document in the candidate's space; its file is stored under `documentId` (the first file
 * keeps the document's id; a replacement has a `fileId` of its own). `expiresAt` YYYY-MM-DD or
 * absent (CVs, documents without an expiry).
 */
export interface CandidateDocumentAdded {
  type: "CandidateDocumentAdded";
  data: { userId: string; documentId: string; category: DocumentCategory; mime: FileMime; size: number; expiresAt?: string | null };
  personal: Sealed<{ name: string }>;
}
/** A new file for the same document (the old file `replacedFileId` is removed after). */
export interface CandidateDocumentReplaced {
  type: "CandidateDocumentReplaced";
  data: { userId: string; documentId: string; fileId: string; replacedFileId: string; mime: FileMime; size: number; expiresAt: string | null };
  personal: Sealed<{ name: string }>;
}
export interface CandidateDocumentExpiryChanged {
  type: "CandidateDocumentExpiryChanged";
  data: { userId: string; documentId: string; expiresAt: string | null };
}
/** The document is gone; its file `fileId` is removed after. */
export interface CandidateDocumentRemoved {
  type: "CandidateDocumentRemoved";
  data: { userId: string; documentId: string; fileId: string };
}
/**
 * The day's reminder digest: the documents reaching 30, 7 or 0 days before their expiry (one
 * event per candidate per day; the notice gives one notification and one mail).
 */
export interface CandidateDocumentsExpiring {
  type: "CandidateDocumentsExpiring";
  data: { userId: string; day: string; documents: { documentId: string; category: DocumentCategory; expiresAt: string; daysLeft: number; threshold: number }[] };
  personal: Sealed<{ names: string[] }>;
}
/** An agency's staff looked at the candidate's documents (`documentId` null: the list). */
export interface CandidateDocumentsViewedByAgency {
  type: "CandidateDocumentsViewedByAgency";
  data: { userId: string; agencyId: string; viewerId: string; documentId: string | null };
}
export type CandidateDocumentEvent =
  | CandidateDocumentAdded
  | CandidateDocumentReplaced
  | CandidateDocumentExpiryChanged
  | CandidateDocumentRemoved
  | CandidateDocumentsExpiring
  | CandidateDocumentsViewedByAgency;
export type CandidateEvent = CandidateRegistered | CandidateDocumentEvent;

/**
 * CV parsing (issue 11): one stream per CV document, `cv-<documentId>`. The suggestions are the
 * person's data (sealed with their key); what they decide is recorded per suggestion. Nothing here
 * writes the profile: accepted suggestions are applied by the profile, with the person.
 */
export const cvStream = (documentId: string) => `cv-${documentId}`;

/** Why a CV gave no suggestions ("CV parsing failed", spec section 8). */
export const CV_FAILURE_REASONS = ["unsupported_type", "unreadable", "encrypted", "no_text", "timeout", "file_missing", "nothing_found"] as const;
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
export interface CvSuggestionAccepted {
  type: "CvSuggestionAccepted";
  data: { userId: string; documentId: string; suggestionId: string };
}
export interface CvSuggestionRejected {
  type: "CvSuggestionRejected";
  data: { userId: string; documentId: string; suggestionId: string };
}
export type CvEvent = CvParsed | CvParsingFailed | CvSuggestionAccepted | CvSuggestionRejected;
