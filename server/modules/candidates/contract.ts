/** The candidates module's contract (pure, shared with app/): registration limits and choices, document rules, CV suggestions. */
export { CONSENT_VERSION, DOCUMENT_EXTENSIONS, MAX_AGE, MAX_DESIRED_JOBS, MAX_UPLOAD_BYTES, MIN_AGE, REGISTRATION_COUNTRIES, isRegistrationCountry, type RegistrationCountry, type RegistrationStep } from "./events";
export * from "./profile-rules";
export { MAIN_PROFILE } from "./profile-events";
export type { AgencyProfileView, NamedProfile, ProfileChange, ProfileView } from "./profile-queries";
export * from "./document-rules";
export * from "./document-forms";
export { CV_FAILURE_REASONS, type CvFailureReason } from "./events";
export {
  CV_FIELDS,
  CV_LANGUAGE_LEVELS,
  type CvAddress,
  type CvDate,
  type CvExperience,
  type CvField,
  type CvLanguage,
  type CvLanguageLevel,
  type CvPeriod,
  type CvSuggestion,
  type CvSuggestionValue,
  type CvTraining,
} from "./cv-parse";
export type { CvParseView, CvSuggestionStatus, CvSuggestionView } from "./cv-queries";
export type { CvApplyOutcome } from "./cv-apply";
