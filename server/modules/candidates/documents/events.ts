/**
 * A candidate's documents, in the candidate's stream `candidate-<userId>` opened by the
 * registration; names are sealed with the person's key.
 */
import type { CandidateRegistered } from "../registration/events";
import type { DocumentCategory, FileMime } from "./rules";

type Sealed<T> = { subjectId: string; data: T };

/**
 * A document in the candidate's space; its file is stored under `documentId` (the first file
 * keeps the document's id; a replacement has a `fileId` of its own). `expiresAt` YYYY-MM-DD or
 * absent (CVs, documents without an expiry).
 */
export interface CandidateDocumentAdded {
  type: "CandidateDocumentAdded";
  data: {
    userId: string;
    documentId: string;
    category: DocumentCategory;
    mime: FileMime;
    size: number;
    expiresAt?: string | null;
  };
  personal: Sealed<{ name: string }>;
}
/** A new file for the same document (the old file `replacedFileId` is removed after). */
export interface CandidateDocumentReplaced {
  type: "CandidateDocumentReplaced";
  data: {
    userId: string;
    documentId: string;
    fileId: string;
    replacedFileId: string;
    mime: FileMime;
    size: number;
    expiresAt: string | null;
  };
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
  data: {
    userId: string;
    day: string;
    documents: {
      documentId: string;
      category: DocumentCategory;
      expiresAt: string;
      daysLeft: number;
      threshold: number;
    }[];
  };
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
/** Everything in `candidate-<userId>`: the registration's record and the documents. */
export type CandidateEvent = CandidateRegistered | CandidateDocumentEvent;
