/**
 * The candidates module's contract (pure, shared with app/): registration limits and choices, document rules, CV suggestions.
 * Only `export *` lines for values (see identity/contract.ts): the picks from internal files are in ./picks.
 */
export * from "./picks";
export * from "./profile-rules";
export type { AgencyProfileView, NamedProfile, ProfileChange, ProfileView } from "./profile-queries";
export * from "./document-rules";
export * from "./document-forms";
export type { CvFailureReason, DocumentMime, RegistrationCountry, RegistrationStep } from "./events";
export type {
  CvAddress,
  CvDate,
  CvExperience,
  CvField,
  CvLanguage,
  CvLanguageLevel,
  CvPeriod,
  CvSuggestion,
  CvSuggestionValue,
  CvTraining,
} from "./cv-parse";
export type { CvParseView, CvSuggestionStatus, CvSuggestionView } from "./cv-queries";
export type { CvApplyOutcome } from "./cv-apply";
