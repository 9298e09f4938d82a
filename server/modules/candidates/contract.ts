/** The candidates module's contract (pure, shared with app/): registration limits and choices, document rules. */
export { CONSENT_VERSION, DOCUMENT_EXTENSIONS, MAX_AGE, MAX_DESIRED_JOBS, MAX_UPLOAD_BYTES, MIN_AGE, REGISTRATION_COUNTRIES, isRegistrationCountry, type RegistrationCountry, type RegistrationStep } from "./events";
export * from "./profile-rules";
export { MAIN_PROFILE } from "./profile-events";
export type { NamedProfile, ProfileChange, ProfileView } from "./profile-queries";
export * from "./document-rules";
export * from "./document-forms";
