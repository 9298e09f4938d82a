/** The registration's part of the candidates contract (pure): the draft's limits and choices, the CV's accepted types. */
export {
  CONSENT_VERSION,
  DOCUMENT_ACCEPT,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_TYPES,
  MAX_AGE,
  MAX_DESIRED_JOBS,
  MAX_UPLOAD_BYTES,
  MIN_AGE,
  REGISTRATION_COUNTRIES,
  isDocumentMime,
  isRegistrationCountry,
} from "./events";
export type { DocumentExtension, DocumentMime, RegistrationCountry, RegistrationStep } from "./events";
