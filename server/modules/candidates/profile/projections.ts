import type { Projection, Tx } from "../../../event-store/types";
import { jsonb } from "../../../lib/rows";
import { MERGE_EVENT_TYPES, type ProfileSections } from "../../duplicates/contract";
import { PROFILE_EVENT_TYPES, versionKeyOf, type ProfileEvent } from "./events";

/**
 * rm_profiles, rm_profile_entries, rm_named_profiles: the profile editor's read models. Inline,
 * so the page after a save shows it, with the section's new version. Every event bumps its
 * section's version like the decider counts it. Events of an erased person are skipped: a
 * rebuild does not bring their profile back.
 */
export const profilesProjection: Projection<ProfileEvent> = {
  name: "candidates.profile-editor",
  eventTypes: [...PROFILE_EVENT_TYPES, ...MERGE_EVENT_TYPES],
  tables: ["rm_profiles", "rm_profile_entries", "rm_named_profiles"],
  async apply(tx, events) {
    for (const e of events) {
      if (e.erased) continue;
      if ((MERGE_EVENT_TYPES as readonly string[]).includes(e.type)) {
        await survivorSections(tx, e as unknown as MergeSections);
        continue;
      }
      const { userId } = e.data;
      const key = versionKeyOf(e);
      await tx`insert into rm_profiles (user_id, versions, updated_at) values (${userId}, ${tx.json({ [key]: 1 })}, ${e.createdAt})
        on conflict (user_id) do update set updated_at = excluded.updated_at,
          versions = rm_profiles.versions || jsonb_build_object(${key}::text, coalesce((rm_profiles.versions->>${key})::int, 0) + 1)`;
      switch (e.type) {
        case "ProfileIdentitySaved":
          await tx`update rm_profiles set identity = ${jsonb(tx, e.data.values)} where user_id = ${userId}`;
          break;
        case "ProfileAddressSaved":
          await tx`update rm_profiles set address = ${jsonb(tx, e.data.values)} where user_id = ${userId}`;
          break;
        case "ProfileLanguagesSaved":
          await tx`update rm_profiles set languages = ${jsonb(tx, e.data.values.languages)} where user_id = ${userId}`;
          break;
        case "ProfileAboutSaved":
          await tx`update rm_profiles set about = ${jsonb(tx, e.data.values)} where user_id = ${userId}`;
          break;
        case "ProfileSkillsSaved":
          await tx`update rm_profiles set skills = ${jsonb(tx, e.data.values.skills)} where user_id = ${userId}`;
          break;
        case "ProfileNotificationsSaved":
          await tx`update rm_profiles set notifications = ${tx.json(e.data.channels)} where user_id = ${userId}`;
          break;
        case "ProfileTalentPoolSaved":
          await tx`update rm_profiles set talent_pool = ${e.data.consent} where user_id = ${userId}`;
          break;
        case "ProfileLibraryVisibilitySaved":
          await tx`update rm_profiles set library_visibility = ${e.data.visibility} where user_id = ${userId}`;
          break;
        case "ProfileCriteriaSaved":
          await tx`insert into rm_named_profiles (user_id, profile_id, criteria, created_at) values (${userId}, ${e.data.profileId}, ${jsonb(tx, e.data.values)}, ${e.createdAt})
            on conflict (user_id, profile_id) do update set criteria = excluded.criteria`;
          break;
        case "ProfileTrainingSaved":
        case "ProfileExperienceSaved": {
          const list = e.type === "ProfileTrainingSaved" ? "training" : "experience";
          await tx`insert into rm_profile_entries (id, user_id, list, values, created_at, updated_at)
            values (${e.data.entryId}, ${userId}, ${list}, ${jsonb(tx, e.data.values)}, ${e.createdAt}, ${e.createdAt})
            on conflict (id) do update set values = excluded.values, updated_at = excluded.updated_at`;
          break;
        }
        case "ProfileTrainingRemoved":
        case "ProfileExperienceRemoved":
          await tx`delete from rm_profile_entries where id = ${e.data.entryId} and user_id = ${userId}`;
          break;
        case "NamedProfileCreated":
          await tx`insert into rm_named_profiles (user_id, profile_id, name, created_at) values (${userId}, ${e.data.profileId}, ${e.data.name}, ${e.createdAt})
            on conflict (user_id, profile_id) do update set name = excluded.name`;
          break;
        case "NamedProfileRemoved":
          await tx`delete from rm_named_profiles where user_id = ${userId} and profile_id = ${e.data.profileId}`;
          await tx`update rm_profiles set default_profile_id = 'main' where user_id = ${userId} and default_profile_id = ${e.data.profileId}`;
          break;
        case "DefaultProfileChosen":
          await tx`update rm_profiles set default_profile_id = ${e.data.profileId} where user_id = ${userId}`;
          break;
      }
    }
  },
};

type MergeSections = {
  data: { survivorId: string; after?: ProfileSections; restored?: ProfileSections };
};

/**
 * A merge gives the survivor's identity and address the chosen values, its undo the ones it had
 * (ADR 0039). Not a save of the profile: its sections' versions and time stay as they were, so an
 * undo leaves the profile exactly as before.
 */
async function survivorSections(tx: Tx, e: MergeSections) {
  const values = e.data.after ?? e.data.restored;
  if (!values) return;
  await tx`update rm_profiles set identity = ${jsonb(tx, values.identity)}, address = ${jsonb(tx, values.address)}
    where user_id = ${e.data.survivorId}`;
}
