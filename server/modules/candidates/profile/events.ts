import type {
  AboutValues,
  AddressValues,
  CriteriaValues,
  ExperienceValues,
  IdentityValues,
  LanguagesValues,
  LibraryVisibility,
  SkillsValues,
  TrainingValues,
} from "./rules";

/**
 * The candidate's profile lives in `profile-<userId>`: one event per section saved, its values
 * sealed with the person's key (erasing the person makes every past value unreadable). Only
 * ids and notification switches stay in clear.
 */
export const profileStream = (userId: string) => `profile-${userId}`;
/** The profile every candidate has; named profiles come in addition (their search criteria). */
export const MAIN_PROFILE = "main";

type Sealed<T> = { subjectId: string; data: T };

export interface ProfileIdentitySaved {
  type: "ProfileIdentitySaved";
  data: { userId: string };
  personal: Sealed<{ values: IdentityValues }>;
}
export interface ProfileAddressSaved {
  type: "ProfileAddressSaved";
  data: { userId: string };
  personal: Sealed<{ values: AddressValues }>;
}
export interface ProfileLanguagesSaved {
  type: "ProfileLanguagesSaved";
  data: { userId: string };
  personal: Sealed<{ values: LanguagesValues }>;
}
export interface ProfileAboutSaved {
  type: "ProfileAboutSaved";
  data: { userId: string };
  personal: Sealed<{ values: AboutValues }>;
}
export interface ProfileSkillsSaved {
  type: "ProfileSkillsSaved";
  data: { userId: string };
  personal: Sealed<{ values: SkillsValues }>;
}
export interface ProfileNotificationsSaved {
  type: "ProfileNotificationsSaved";
  data: { userId: string; channels: string[] };
}
/** In clear like the notifications: the library's indexer and the agencies' access read it. */
export interface ProfileLibraryVisibilitySaved {
  type: "ProfileLibraryVisibilitySaved";
  data: { userId: string; visibility: LibraryVisibility };
}
/** Consent to be kept in the talent pool (issue 30), in clear: the retention job reads it. */
export interface ProfileTalentPoolSaved {
  type: "ProfileTalentPoolSaved";
  data: { userId: string; consent: boolean };
}
export interface ProfileCriteriaSaved {
  type: "ProfileCriteriaSaved";
  data: { userId: string; profileId: string };
  personal: Sealed<{ values: CriteriaValues }>;
}
export interface ProfileTrainingSaved {
  type: "ProfileTrainingSaved";
  data: { userId: string; entryId: string };
  personal: Sealed<{ values: TrainingValues }>;
}
export interface ProfileTrainingRemoved {
  type: "ProfileTrainingRemoved";
  data: { userId: string; entryId: string };
}
export interface ProfileExperienceSaved {
  type: "ProfileExperienceSaved";
  data: { userId: string; entryId: string };
  personal: Sealed<{ values: ExperienceValues }>;
}
export interface ProfileExperienceRemoved {
  type: "ProfileExperienceRemoved";
  data: { userId: string; entryId: string };
}
export interface NamedProfileCreated {
  type: "NamedProfileCreated";
  data: { userId: string; profileId: string };
  personal: Sealed<{ name: string }>;
}
export interface NamedProfileRemoved {
  type: "NamedProfileRemoved";
  data: { userId: string; profileId: string };
}
export interface DefaultProfileChosen {
  type: "DefaultProfileChosen";
  data: { userId: string; profileId: string };
}

export type ProfileEvent =
  | ProfileIdentitySaved
  | ProfileAddressSaved
  | ProfileLanguagesSaved
  | ProfileAboutSaved
  | ProfileSkillsSaved
  | ProfileNotificationsSaved
  | ProfileLibraryVisibilitySaved
  | ProfileTalentPoolSaved
  | ProfileCriteriaSaved
  | ProfileTrainingSaved
  | ProfileTrainingRemoved
  | ProfileExperienceSaved
  | ProfileExperienceRemoved
  | NamedProfileCreated
  | NamedProfileRemoved
  | DefaultProfileChosen;

export const PROFILE_EVENT_TYPES = [
  "ProfileIdentitySaved",
  "ProfileAddressSaved",
  "ProfileLanguagesSaved",
  "ProfileAboutSaved",
  "ProfileSkillsSaved",
  "ProfileNotificationsSaved",
  "ProfileLibraryVisibilitySaved",
  "ProfileTalentPoolSaved",
  "ProfileCriteriaSaved",
  "ProfileTrainingSaved",
  "ProfileTrainingRemoved",
  "ProfileExperienceSaved",
  "ProfileExperienceRemoved",
  "NamedProfileCreated",
  "NamedProfileRemoved",
  "DefaultProfileChosen",
] as const satisfies readonly ProfileEvent["type"][];

/**
 * The version key each event moves: a form sends back the version it was shown, so a save
 * from a stale tab is refused instead of overwriting (criteria count per named profile).
 */
export function versionKeyOf(event: { type: string; data: Record<string, unknown> }): string {
  switch (event.type) {
    case "ProfileIdentitySaved":
      return "identity";
    case "ProfileAddressSaved":
      return "address";
    case "ProfileLanguagesSaved":
      return "languages";
    case "ProfileAboutSaved":
      return "about";
    case "ProfileSkillsSaved":
      return "skills";
    case "ProfileNotificationsSaved":
      return "notifications";
    case "ProfileLibraryVisibilitySaved":
      return "library";
    case "ProfileTalentPoolSaved":
      return "talentPool";
    case "ProfileCriteriaSaved":
      return `criteria:${String(event.data.profileId)}`;
    case "ProfileTrainingSaved":
    case "ProfileTrainingRemoved":
      return "training";
    case "ProfileExperienceSaved":
    case "ProfileExperienceRemoved":
      return "experience";
    default:
      return "profiles";
  }
}
