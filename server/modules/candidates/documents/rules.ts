/**
 * Candidate documents (spec section 3 "Documents", limits of sections 5 and 9): categories,
 * accepted types, expiry dates and reminders. Pure, shared with the UI through the contract.
 */
import { MAX_UPLOAD_BYTES } from "../registration/events";

/** Spec section 3: a document's category. */
export const DOCUMENT_CATEGORIES = [
  "cv",
  "identity",
  "work_permit",
  "social_card",
  "insurance_card",
  "proof_of_address",
  "medical_check",
  "driving_licence",
  "professional_licence",
  "diploma",
  "work_certificate",
  "certification",
  "data_protection",
  "criminal_record",
  "other",
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export const isDocumentCategory = (v: unknown): v is DocumentCategory =>
  (DOCUMENT_CATEGORIES as readonly unknown[]).includes(v);

/**
 * Spec sections 5 and 9: documents pdf, odt, doc (and docx, issue 27: the spec's list is a
 * minimum); images png, jpg, jpeg; 2 MB. Keys are the extensions a name may end with, values the
 * type its content must have (magic bytes): a renamed file is refused whatever its name says.
 */
export const FILE_TYPES = {
  pdf: "application/pdf",
  odt: "application/vnd.oasis.opendocument.text",
  doc: "application/x-cfb",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
} as const;
export type FileExtension = keyof typeof FILE_TYPES;
export type FileMime = (typeof FILE_TYPES)[FileExtension];
export const FILE_EXTENSIONS = Object.keys(FILE_TYPES) as FileExtension[];
export const FILE_MIMES = [...new Set(Object.values(FILE_TYPES))] as FileMime[];
export const isFileMime = (v: unknown): v is FileMime => (FILE_MIMES as readonly unknown[]).includes(v);
/** What the file input offers (the server checks the content anyway). */
export const FILE_ACCEPT = FILE_EXTENSIONS.map((e) => `.${e}`).join(",");
/** The limits as the refusal messages state them. */
export const FILE_LIMITS = { types: "PDF, ODT, DOC, DOCX, PNG, JPG, JPEG", maxMb: MAX_UPLOAD_BYTES / 1024 / 1024 };

/** Only these open in the browser (inline, sandboxed); anything else downloads. */
export const PREVIEWABLE: readonly string[] = ["application/pdf", "image/png", "image/jpeg"];

/** A document shows "expiring" this many days ahead (the first reminder goes then too). */
export const EXPIRING_DAYS = 30;
/** Reminders at 30, 7 and 0 days before the expiry date, each once per document. */
export const REMINDER_DAYS = [30, 7, 0] as const;
/** An expiry passed longer ago than this is not reminded any more (the page shows it expired). */
export const MISSED_DAYS = 2;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar day YYYY-MM-DD between 2000 and 2100, or null. */
export function parseDay(value: string): string | null {
  const m = DAY.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return y >= 2000 && y <= 2100 ? value : null;
}

/** Whole days from `today` to `day` (both YYYY-MM-DD): negative once past. */
export function daysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

export type ExpiryState = "none" | "valid" | "expiring" | "expired";
export function expiryState(expiresAt: string | null, today: string): ExpiryState {
  if (!expiresAt) return "none";
  const left = daysBetween(today, expiresAt);
  return left < 0 ? "expired" : left <= EXPIRING_DAYS ? "expiring" : "valid";
}

export interface RemindableDocument {
  documentId: string;
  expiresAt: string | null;
  /** the thresholds (30, 7, 0) already reminded for this expiry date */
  reminded: readonly number[];
}
export interface DueReminder {
  documentId: string;
  expiresAt: string;
  daysLeft: number;
  /** the threshold reached: 30, 7 or 0 */
  threshold: number;
}

/**
 * The documents whose next reminder is due on `today`: the smallest threshold reached that was
 * not reminded yet. Thresholds rather than exact days, so a day the job did not run (a
 * restart at the wrong time) delays a reminder instead of losing it; a document uploaded 5 days
 * before its expiry gets the 7-day reminder, not the 30-day one as well; one whose expiry
 * passed more than MISSED_DAYS ago (uploaded already expired) gets none.
 */
export function dueReminders(documents: readonly RemindableDocument[], today: string): DueReminder[] {
  const due: DueReminder[] = [];
  for (const d of documents) {
    if (!d.expiresAt) continue;
    const daysLeft = daysBetween(today, d.expiresAt);
    if (daysLeft < -MISSED_DAYS) continue;
    const reached = REMINDER_DAYS.filter((t) => daysLeft <= t);
    if (!reached.length) continue;
    const threshold = Math.min(...reached);
    if (d.reminded.some((r) => r <= threshold)) continue;
    due.push({ documentId: d.documentId, expiresAt: d.expiresAt, daysLeft, threshold });
  }
  return due.sort((a, b) => a.daysLeft - b.daysLeft || a.documentId.localeCompare(b.documentId));
}

/** `day` (YYYY-MM-DD) moved by `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
