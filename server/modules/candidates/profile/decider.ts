import type { z } from "zod";
import type { Decider } from "../../../event-store/decider";
import { ConcurrencyError } from "../../../event-store/types";
import { AppError } from "../../../lib/errors";
import { MAIN_PROFILE, profileStream, versionKeyOf, type ProfileEvent } from "./events";
import {
  aboutSchema,
  addressSchema,
  talentPoolSchema,
  criteriaSchema,
  experienceSchema,
  identitySchema,
  languagesSchema,
  MAX_NAMED_PROFILES,
  namedProfileSchema,
  libraryVisibilitySchema,
  skillsSchema,
  trainingSchema,
  type ProfileCountry,
} from "./rules";

export type ProfileCommand = { userId: string; expectedVersion: number } & (
  | { type: "SaveIdentity"; values: unknown; country: ProfileCountry }
  | { type: "SaveAddress"; values: unknown }
  | { type: "SaveLanguages"; values: unknown }
  | { type: "SaveAbout"; values: unknown }
  | { type: "SaveSkills"; values: unknown }
  | { type: "SaveLibraryVisibility"; values: unknown }
  | { type: "SaveTalentPool"; values: unknown }
  | { type: "SaveCriteria"; profileId: string; values: unknown }
  | { type: "SaveEntry"; list: "training" | "experience"; entryId: string | null; values: unknown }
  | { type: "RemoveEntry"; list: "training" | "experience"; entryId: string }
  | { type: "CreateNamedProfile"; name: string }
  | { type: "ChooseDefaultProfile"; profileId: string }
  | { type: "RemoveNamedProfile"; profileId: string }
);

export interface ProfileState {
  /** every event counts in its section's version (ids only: readable after an erasure too) */
  versions: Record<string, number>;
  profiles: string[];
  defaultProfile: string;
  training: string[];
  experience: string[];
}

/** `languages[0].code`: a zod path as conform names the field. */
const fieldName = (path: (string | number)[]) =>
  path.reduce<string>((s, p) => (typeof p === "number" ? `${s}[${p}]` : s ? `${s}.${p}` : p), "");

/** The section's rules again, on the server: the first problem refused on its field. */
export function validated<S extends z.ZodTypeAny>(schema: S, values: unknown): z.output<S> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data as z.output<S>;
  const issue = parsed.error.issues[0]!;
  throw new AppError("invalid", issue.message, fieldName(issue.path) || undefined);
}

const without = (list: string[], id: string) => list.filter((x) => x !== id);

export const profileDecider: Decider<ProfileCommand, ProfileState, ProfileEvent> = {
  initialState: { versions: {}, profiles: [MAIN_PROFILE], defaultProfile: MAIN_PROFILE, training: [], experience: [] },

  evolve(state, event) {
    const key = versionKeyOf(event);
    const s = { ...state, versions: { ...state.versions, [key]: (state.versions[key] ?? 0) + 1 } };
    switch (event.type) {
      case "ProfileTrainingSaved":
      case "ProfileExperienceSaved": {
        const list = event.type === "ProfileTrainingSaved" ? "training" : "experience";
        return s[list].includes(event.data.entryId) ? s : { ...s, [list]: [...s[list], event.data.entryId] };
      }
      case "ProfileTrainingRemoved":
        return { ...s, training: without(s.training, event.data.entryId) };
      case "ProfileExperienceRemoved":
        return { ...s, experience: without(s.experience, event.data.entryId) };
      case "NamedProfileCreated":
        return { ...s, profiles: [...s.profiles, event.data.profileId] };
      case "NamedProfileRemoved":
        return {
          ...s,
          profiles: without(s.profiles, event.data.profileId),
          defaultProfile: s.defaultProfile === event.data.profileId ? MAIN_PROFILE : s.defaultProfile,
        };
      case "DefaultProfileChosen":
        return { ...s, defaultProfile: event.data.profileId };
      default:
        return s;
    }
  },

  decide(command, state, ctx) {
    const { userId } = command;
    const sealed = <T extends Record<string, unknown>>(data: T) => ({ subjectId: userId, data });
    /** The version the form was shown must still be the section's: a later save from another tab is refused. */
    const fresh = (key: string) => {
      if ((state.versions[key] ?? 0) !== command.expectedVersion)
        throw new ConcurrencyError(profileStream(userId), command.expectedVersion);
    };
    const knownProfile = (id: string) => {
      if (!state.profiles.includes(id)) throw new AppError("not_found", "failed_operation");
    };

    switch (command.type) {
      case "SaveIdentity":
        fresh("identity");
        return [
          {
            type: "ProfileIdentitySaved",
            data: { userId },
            personal: sealed({ values: validated(identitySchema(command.country), command.values) }),
          },
        ];
      case "SaveAddress":
        fresh("address");
        return [
          {
            type: "ProfileAddressSaved",
            data: { userId },
            personal: sealed({ values: validated(addressSchema, command.values) }),
          },
        ];
      case "SaveLanguages":
        fresh("languages");
        return [
          {
            type: "ProfileLanguagesSaved",
            data: { userId },
            personal: sealed({ values: validated(languagesSchema, command.values) }),
          },
        ];
      case "SaveAbout":
        fresh("about");
        return [
          {
            type: "ProfileAboutSaved",
            data: { userId },
            personal: sealed({ values: validated(aboutSchema, command.values) }),
          },
        ];
      case "SaveSkills":
        fresh("skills");
        return [
          {
            type: "ProfileSkillsSaved",
            data: { userId },
            personal: sealed({ values: validated(skillsSchema, command.values) }),
          },
        ];
      case "SaveLibraryVisibility":
        fresh("library");
        return [
          {
            type: "ProfileLibraryVisibilitySaved",
            data: { userId, visibility: validated(libraryVisibilitySchema, command.values).visibility },
          },
        ];
      case "SaveTalentPool":
        fresh("talentPool");
        return [
          {
            type: "ProfileTalentPoolSaved",
            data: { userId, consent: validated(talentPoolSchema, command.values).talentPool === "yes" },
          },
        ];
      case "SaveCriteria":
        knownProfile(command.profileId);
        fresh(`criteria:${command.profileId}`);
        return [
          {
            type: "ProfileCriteriaSaved",
            data: { userId, profileId: command.profileId },
            personal: sealed({ values: validated(criteriaSchema, command.values) }),
          },
        ];
      case "SaveEntry": {
        fresh(command.list);
        if (command.entryId !== null && !state[command.list].includes(command.entryId))
          throw new AppError("not_found", "failed_operation");
        const entryId = command.entryId ?? ctx.ids.uuid();
        return command.list === "training"
          ? [
              {
                type: "ProfileTrainingSaved",
                data: { userId, entryId },
                personal: sealed({ values: validated(trainingSchema, command.values) }),
              },
            ]
          : [
              {
                type: "ProfileExperienceSaved",
                data: { userId, entryId },
                personal: sealed({ values: validated(experienceSchema, command.values) }),
              },
            ];
      }
      case "RemoveEntry":
        fresh(command.list);
        if (!state[command.list].includes(command.entryId)) throw new AppError("not_found", "failed_operation");
        return [
          {
            type: command.list === "training" ? "ProfileTrainingRemoved" : "ProfileExperienceRemoved",
            data: { userId, entryId: command.entryId },
          },
        ];
      case "CreateNamedProfile": {
        fresh("profiles");
        const { name } = validated(namedProfileSchema, { name: command.name });
        if (state.profiles.length >= MAX_NAMED_PROFILES)
          throw new AppError("invalid", "validation.max_profiles", "name");
        return [
          { type: "NamedProfileCreated", data: { userId, profileId: ctx.ids.uuid() }, personal: sealed({ name }) },
        ];
      }
      case "ChooseDefaultProfile":
        fresh("profiles");
        knownProfile(command.profileId);
        return state.defaultProfile === command.profileId
          ? []
          : [{ type: "DefaultProfileChosen", data: { userId, profileId: command.profileId } }];
      case "RemoveNamedProfile":
        fresh("profiles");
        // the main profile always stays, so there is always a default
        if (command.profileId === MAIN_PROFILE) throw new AppError("invalid", "failed_operation");
        knownProfile(command.profileId);
        return [{ type: "NamedProfileRemoved", data: { userId, profileId: command.profileId } }];
    }
  },
};
