/** The CV parsing's part of the candidates contract (pure): the suggestions' fields and views, why a parse failed. */
export { CV_FAILURE_REASONS } from "./events";
export { CV_FIELDS, CV_LANGUAGE_LEVELS } from "./parse";
export type { CvFailureReason } from "./events";
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
} from "./parse";
export type { CvParseView, CvSuggestionStatus, CvSuggestionView } from "./queries";
export type { CvApplyOutcome } from "./apply";
