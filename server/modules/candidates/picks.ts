/** The values the contract takes from the module's internal files (named re-exports kept out of contract.ts, see there). */
export { CONSENT_VERSION, CV_FAILURE_REASONS, DOCUMENT_EXTENSIONS, MAX_AGE, MAX_DESIRED_JOBS, MAX_UPLOAD_BYTES, MIN_AGE, REGISTRATION_COUNTRIES, isDocumentMime, isRegistrationCountry } from "./events";
export { MAIN_PROFILE } from "./profile-events";
export { CV_FIELDS, CV_LANGUAGE_LEVELS } from "./cv-parse";
