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
 * The candidate's documents (documents/events.ts) and CV parsing (cv/events.ts) have their own
 * events; a candidate's documents share the `candidate-<userId>` stream opened here.
 *
 * Pure file (types and rule constants), shared with the UI.
 */
export const registrationStream = (id: string) => `registration-${id}`;
export const candidateStream = (userId: string) => `candidate-${userId}`;

export const REGISTRATION_COUNTRIES = ["CH", "FR"] as const;
export type RegistrationCountry = (typeof REGISTRATION_COUNTRIES)[number];
export const isRegistrationCountry = (v: unknown): v is RegistrationCountry => v === "CH" || v === "FR";

/** Spec sections 5 and 9: at most 2 desired jobs. */
export const MAX_DESIRED_JOBS = 2;
/** Spec section 9: uploads 2 MB at most. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/**
 * A CV's accepted types: the spec's minimum (section 9: pdf, odt, doc) with DOCX, which most CVs
 * are, and a photo of a CV, PNG or JPEG, read by OCR (issue 27). Keys are the extensions a name may
 * end with, values the type its content must have (magic bytes; a .doc is an OLE compound file,
 * application/x-cfb): a PNG named cv.pdf is refused.
 */
export const DOCUMENT_TYPES = {
  pdf: "application/pdf",
  odt: "application/vnd.oasis.opendocument.text",
  doc: "application/x-cfb",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
} as const;
export type DocumentExtension = keyof typeof DOCUMENT_TYPES;
export type DocumentMime = (typeof DOCUMENT_TYPES)[DocumentExtension];
export const DOCUMENT_EXTENSIONS = Object.keys(DOCUMENT_TYPES) as DocumentExtension[];
export const isDocumentMime = (v: string): v is DocumentMime => (Object.values(DOCUMENT_TYPES) as string[]).includes(v);
/** The CV's file input: the extensions and their types (the server checks the content anyway). */
export const DOCUMENT_ACCEPT = [
  ...DOCUMENT_EXTENSIONS.map((e) => `.${e}`),
  ...new Set(Object.values(DOCUMENT_TYPES)),
].join(",");
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
  data: {
    registrationId: string;
    /** libraryVisible: the optional choice shown with the consents (issue 28), absent when off */
    consents: { terms: true; dataProtection: true; version: string; acceptedAt: string; libraryVisible?: true };
  };
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
export type RegistrationEvent =
  RegistrationStarted | RegistrationAccountGiven | CvUploaded | RegistrationDetailsGiven | RegistrationCompleted;

/** The candidate's own data, sealed with the person's key (erasing the person erases it). */
export interface CandidateRegistered {
  type: "CandidateRegistered";
  data: { userId: string; registrationId: string; country: RegistrationCountry };
  personal: Sealed<{ birthDate: string; desiredJobs: string[] }>;
}
