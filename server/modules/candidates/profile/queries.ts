import type { rmNamedProfiles, rmProfileEntries, rmProfiles } from "../../../../db/schema";
import type { EventStore } from "../../../event-store/store";
import type { Db } from "../../../event-store/types";
import { AppError } from "../../../lib/errors";
import type { Cols } from "../../../lib/rows";
import type { Actor } from "../../identity/contract";
import { MAIN_PROFILE, profileStream, versionKeyOf } from "./events";
import {
  PAYROLL_FIELDS,
  profileCompletion,
  type AboutValues,
  type AddressValues,
  type CriteriaValues,
  type ExperienceValues,
  type IdentityValues,
  type LanguagesValues,
  type LibraryVisibility,
  type TrainingValues,
} from "./rules";

export interface NamedProfile {
  id: string;
  /** null for the main profile */
  name: string | null;
  isDefault: boolean;
  criteria: CriteriaValues | null;
}

export interface ProfileView {
  identity: IdentityValues | null;
  address: AddressValues | null;
  languages: LanguagesValues["languages"];
  about: AboutValues | null;
  skills: string[];
  /** null: never saved (every type on in the app) */
  notifications: string[] | null;
  /** who finds the candidate in a CV library */
  libraryVisibility: LibraryVisibility;
  trainings: { id: string; values: TrainingValues }[];
  experiences: { id: string; values: ExperienceValues }[];
  profiles: NamedProfile[];
  versions: Record<string, number>;
}

export interface ProfileChange {
  at: string;
  type: string;
  /** the fields whose value changed (names only: the values stay on the profile) */
  fields: string[];
  /** the person's key was destroyed: the change's values can no longer be read */
  erased: boolean;
}

/** A candidate reads only their own profile: agency access is another query. */
function own(actor: Pick<Actor, "id" | "role">): string {
  if (actor.role !== "CANDIDATE") throw new AppError("forbidden", "not_authorized");
  return actor.id;
}

const empty: ProfileView = {
  identity: null,
  address: null,
  languages: [],
  about: null,
  skills: [],
  notifications: null,
  libraryVisibility: "relations",
  trainings: [],
  experiences: [],
  profiles: [],
  versions: {},
};

export function profileQueries(sql: Db, store: EventStore) {
  async function myProfile(actor: Pick<Actor, "id" | "role">): Promise<ProfileView> {
    const userId = own(actor);
    const [[p], entries, named] = await Promise.all([
      sql<
        Cols<
          typeof rmProfiles,
          | "identity"
          | "address"
          | "languages"
          | "about"
          | "skills"
          | "notifications"
          | "libraryVisibility"
          | "defaultProfileId"
          | "versions"
        >[]
      >`
        select identity, address, languages, about, skills, notifications, library_visibility as "libraryVisibility", default_profile_id as "defaultProfileId", versions from rm_profiles where user_id = ${userId}`,
      sql<
        Cols<typeof rmProfileEntries, "id" | "list" | "values">[]
      >`select id, list, values from rm_profile_entries where user_id = ${userId} order by created_at, id`,
      sql<
        Cols<typeof rmNamedProfiles, "profileId" | "name" | "criteria">[]
      >`select profile_id as "profileId", name, criteria from rm_named_profiles where user_id = ${userId} order by created_at, profile_id`,
    ]);
    const defaultId = p?.defaultProfileId ?? MAIN_PROFILE;
    const byId = new Map(named.map((n) => [n.profileId, n]));
    const main = byId.get(MAIN_PROFILE);
    const profiles: NamedProfile[] = [
      {
        id: MAIN_PROFILE,
        name: null,
        isDefault: defaultId === MAIN_PROFILE,
        criteria: (main?.criteria as CriteriaValues | null) ?? null,
      },
      ...named
        .filter((n) => n.profileId !== MAIN_PROFILE && n.name !== null)
        .map((n) => ({
          id: n.profileId,
          name: n.name,
          isDefault: n.profileId === defaultId,
          criteria: n.criteria as CriteriaValues | null,
        })),
    ];
    const list = <T>(which: string) =>
      entries.filter((e) => e.list === which).map((e) => ({ id: e.id, values: e.values as T }));
    if (!p) return { ...empty, profiles, trainings: list("training"), experiences: list("experience") };
    return {
      identity: p.identity as IdentityValues | null,
      address: p.address as AddressValues | null,
      languages: (p.languages ?? []) as LanguagesValues["languages"],
      about: p.about as AboutValues | null,
      skills: (p.skills ?? []) as string[],
      notifications: p.notifications as string[] | null,
      libraryVisibility: p.libraryVisibility as LibraryVisibility,
      trainings: list<TrainingValues>("training"),
      experiences: list<ExperienceValues>("experience"),
      profiles,
      versions: (p.versions ?? {}) as Record<string, number>,
    };
  }

  return {
    myProfile,

    /** The completion of the default profile, and the part to complete next (the dashboard's). */
    async myProfileCompletion(actor: Pick<Actor, "id" | "role">) {
      const p = await myProfile(actor);
      return profileCompletion({ ...p, criteria: p.profiles.find((x) => x.isDefault)?.criteria ?? null });
    },

    /**
     * The consent page (issue 30): kept in the talent pool, visible to agencies, each section's
     * version for the forms, and the history of changes read from the profile's event log, newest first.
     */
    async myConsents(actor: Pick<Actor, "id" | "role">) {
      const userId = own(actor);
      const [p] = await sql<
        { talentPool: boolean; libraryVisibility: LibraryVisibility; versions: Record<string, number> }[]
      >`
        select talent_pool as "talentPool", library_visibility as "libraryVisibility", versions from rm_profiles
        where user_id = ${userId}`;
      const events = await store.readStream(profileStream(userId));
      const history = events
        .filter((e) => e.type === "ProfileTalentPoolSaved" || e.type === "ProfileLibraryVisibilitySaved")
        .map((e) => {
          const d = e.data as { consent?: boolean; visibility?: LibraryVisibility };
          return e.type === "ProfileTalentPoolSaved"
            ? { at: e.createdAt.toISOString(), consent: "talentPool" as const, value: d.consent ? "yes" : "no" }
            : { at: e.createdAt.toISOString(), consent: "library" as const, value: d.visibility ?? "relations" };
        })
        .reverse();
      return {
        talentPool: p?.talentPool ?? false,
        libraryVisibility: p?.libraryVisibility ?? ("relations" as LibraryVisibility),
        versions: { talentPool: p?.versions.talentPool ?? 0, library: p?.versions.library ?? 0 },
        history,
      };
    },

    /** The profile's changes, newest first: when, which section, which fields. */
    async myProfileHistory(actor: Pick<Actor, "id" | "role">, limit = 50): Promise<ProfileChange[]> {
      const userId = own(actor);
      const events = await store.readStream(profileStream(userId));
      const last = new Map<string, Record<string, unknown>>();
      const changes: ProfileChange[] = events.map((e) => {
        const d = e.data as Record<string, unknown>;
        const entity = `${versionKeyOf(e)}:${String(d.entryId ?? d.profileId ?? "")}`;
        const values = (d.values ??
          (d.channels ? { channels: d.channels } : d.name !== undefined ? { name: d.name } : null)) as Record<
          string,
          unknown
        > | null;
        let fields: string[] = [];
        if (values) {
          const before = last.get(entity) ?? {};
          fields = [...new Set([...Object.keys(before), ...Object.keys(values)])].filter(
            (k) => JSON.stringify(before[k]) !== JSON.stringify(values[k]),
          );
          last.set(entity, values);
        }
        return { at: e.createdAt.toISOString(), type: e.type, fields, erased: Boolean(e.erased) };
      });
      return changes.reverse().slice(0, limit);
    },
  };
}

/** A candidate's profile as an agency reads it (read-only): no notifications, versions or named profiles' names. */
export interface AgencyProfileView {
  identity: Partial<IdentityValues> | null;
  address: AddressValues | null;
  languages: LanguagesValues["languages"];
  about: AboutValues | null;
  skills: string[];
  criteria: CriteriaValues | null;
  trainings: { id: string; values: TrainingValues }[];
  experiences: { id: string; values: ExperienceValues }[];
  /** the payroll fields are included (the candidate is on one of the agency's missions) */
  payroll: boolean;
  /** the contact details are included (the agency dealt with the candidate, not only their country's visibility) */
  contact: boolean;
}

/** What an agency that only sees a candidate through their country's visibility reads of the identity (ADR 0034). */
const LIBRARY_IDENTITY_FIELDS = [
  "civility",
  "firstName",
  "lastName",
  "nationality",
  "transport",
  "licences",
  "workPermit",
];
/** …and of the address: where they live, not the street. */
const LIBRARY_ADDRESS_FIELDS = ["country", "localityId", "postalCode", "city", "regionCode", "region", "department"];
const only = <T extends object>(values: T | null, keys: string[]): T | null =>
  values && (Object.fromEntries(Object.entries(values).filter(([k]) => keys.includes(k))) as T);

/** For the agency access rule (documents/agency-access.ts), once it has checked the agency deals with the candidate. */
export function agencyProfileQueries(sql: Db) {
  return {
    async profileOfCandidate(
      userId: string,
      { payroll, contact }: { payroll: boolean; contact: boolean },
    ): Promise<AgencyProfileView> {
      const [[p], entries, [main]] = await Promise.all([
        sql<Cols<typeof rmProfiles, "identity" | "address" | "languages" | "about" | "skills" | "defaultProfileId">[]>`
          select identity, address, languages, about, skills, default_profile_id as "defaultProfileId" from rm_profiles where user_id = ${userId}`,
        sql<
          Cols<typeof rmProfileEntries, "id" | "list" | "values">[]
        >`select id, list, values from rm_profile_entries where user_id = ${userId} order by created_at, id`,
        sql<
          Cols<typeof rmNamedProfiles, "criteria">[]
        >`select criteria from rm_named_profiles n where user_id = ${userId}
          and profile_id = coalesce((select default_profile_id from rm_profiles where user_id = ${userId}), ${MAIN_PROFILE})`,
      ]);
      const identity = p?.identity ? { ...(p.identity as IdentityValues) } : null;
      if (identity && !payroll) for (const f of PAYROLL_FIELDS) delete identity[f];
      const list = <T>(which: string) =>
        entries.filter((e) => e.list === which).map((e) => ({ id: e.id, values: e.values as T }));
      const address = (p?.address ?? null) as AddressValues | null;
      return {
        identity: contact ? identity : only(identity, LIBRARY_IDENTITY_FIELDS),
        address: contact ? address : only(address, LIBRARY_ADDRESS_FIELDS),
        languages: (p?.languages ?? []) as LanguagesValues["languages"],
        about: (p?.about ?? null) as AboutValues | null,
        skills: (p?.skills ?? []) as string[],
        criteria: (main?.criteria ?? null) as CriteriaValues | null,
        trainings: list<TrainingValues>("training"),
        experiences: list<ExperienceValues>("experience"),
        payroll: payroll && contact,
        contact,
      };
    },
  };
}
