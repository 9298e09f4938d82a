import type { Db } from "../../../event-store/types";
import { isUuid } from "../../../lib/contract";
import { AppError } from "../../../lib/errors";
import type { Actor } from "../../identity/contract";
import type { CvSuggestionRef } from "./commands";
import type { CvAddress, CvExperience, CvLanguage, CvLanguageLevel, CvSuggestion, CvTraining } from "./parse";
import type { ProfileInput } from "../profile/commands";
import type { ProfileView } from "../profile/queries";
import {
  LANGUAGE_CODES,
  type LANGUAGE_LEVELS,
  normalizePhone,
  type IdentityValues,
  type ProfileCountry,
} from "../profile/rules";

/** A locality found from what a CV writes (the reference module's, through a port). */
export interface CvPlacesPort {
  bestLocality(
    text: string,
    country?: "CH" | "FR",
  ):
    | {
        id: string;
        country: "CH" | "FR";
        postalCode: string;
        name: string;
        regionCode: string;
        region: string;
        department?: string | null;
        departmentCode?: string | null;
      }
    | undefined;
}

/**
 * What accepting a suggestion did: applied to the profile (or it was already there), or not yet
 * because the profile already holds another value, shown to the person, who may confirm "replace".
 */
export type CvApplyOutcome = { outcome: "applied" } | { outcome: "conflict"; current: string; proposed: string };

export interface CvApplyOptions {
  /** the person confirmed replacing the value their profile holds */
  replace?: boolean;
  /** the profile's country: how a phone without prefix is read */
  country?: ProfileCountry;
}

/** What the CV says, turned into the profile's CEFR levels (words are read conservatively). */
const LEVEL_OF: Record<CvLanguageLevel, (typeof LANGUAGE_LEVELS)[number]> = {
  A1: "A1", A2: "A2", B1: "B1", B2: "B2", C1: "C1", C2: "C2", native: "native", fluent: "C1", advanced: "C1", good: "B2", intermediate: "B1", basic: "A2",
}; // prettier-ignore

/** "2019-03" → "2019-03-01", "2019" → "2019-01-01": the profile keeps days. */
const dayOf = (d: string | null) =>
  !d ? undefined : /^\d{4}$/.test(d) ? `${d}-01-01` : /^\d{4}-\d{2}$/.test(d) ? `${d}-01` : d;
const same = (a: unknown, b: unknown) =>
  String(a ?? "")
    .trim()
    .toLowerCase() ===
  String(b ?? "")
    .trim()
    .toLowerCase();
const addressLine = (a: { street?: string | null; postalCode?: string | null; city?: string | null }) =>
  [a.street, [a.postalCode, a.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");

interface Deps {
  sql: Db;
  myProfile(actor: Pick<Actor, "id" | "role">): Promise<ProfileView>;
  saveProfile(actor: Pick<Actor, "id" | "role">, input: ProfileInput): Promise<string | null>;
  accept(actor: Actor, ref: CvSuggestionRef): Promise<void>;
  places: CvPlacesPort;
}

/**
 * Accepting a CV suggestion (issue 11): the value goes to the profile through the profile's own
 * commands, so the section's rules and version apply (an invalid phone is refused on its field),
 * and only then is the decision recorded. A field that already holds another value is never
 * overwritten without `replace`: the caller shows both values and asks.
 */
export function cvApply({ sql, myProfile, saveProfile, accept, places }: Deps) {
  return {
    async applyCvSuggestion(actor: Actor, ref: CvSuggestionRef, options: CvApplyOptions = {}): Promise<CvApplyOutcome> {
      if (actor.role !== "CANDIDATE") throw new AppError("forbidden", "not_authorized");
      if (!isUuid(ref.documentId) || typeof ref.suggestionId !== "string")
        throw new AppError("not_found", "failed_operation");
      // the owner's own suggestions only: anyone else's reads as not found
      const [row] = await sql<{ field: CvSuggestion["field"]; value: unknown; status: string }[]>`
        select field, value, status from rm_cv_suggestions where document_id = ${ref.documentId} and suggestion_id = ${ref.suggestionId} and user_id = ${actor.id}`;
      if (!row) throw new AppError("not_found", "failed_operation");
      if (row.status === "accepted") return { outcome: "applied" };
      if (row.status === "rejected") throw new AppError("conflict", "failed_operation");
      const s = { field: row.field, value: row.value } as CvSuggestion;
      const profile = await myProfile(actor);
      const v = (key: string) => profile.versions[key] ?? 0;
      const replace = Boolean(options.replace);
      const conflict = (current: string, proposed: string): CvApplyOutcome => ({
        outcome: "conflict",
        current,
        proposed,
      });
      let input: ProfileInput | null = null;

      switch (s.field) {
        case "firstName":
        case "lastName":
        case "phone": {
          const [account] = await sql<{ firstName: string; lastName: string; birthDate: string | null }[]>`
            select u.first_name as "firstName", u.last_name as "lastName", c.birth_date::text as "birthDate" from rm_users u left join rm_candidates c on c.user_id = u.id where u.id = ${actor.id}`;
          // as /mes-informations shows it before a first save: the account's names, the registration's birth date
          const base: Partial<IdentityValues> = profile.identity ?? {
            firstName: account?.firstName,
            lastName: account?.lastName,
            birthDate: account?.birthDate ?? undefined,
            licences: [],
          };
          const current = base[s.field];
          const proposed = s.field === "phone" ? (normalizePhone(s.value, options.country) ?? s.value) : s.value;
          if (current && same(current, proposed)) break;
          if (current && !replace) return conflict(String(current), s.value);
          input = {
            type: "SaveIdentity",
            expectedVersion: v("identity"),
            country: options.country ?? "CH",
            values: { ...base, [s.field]: s.value },
          };
          break;
        }
        case "email": {
          // the sign-in address belongs to the account (changed with a confirmation there), not to the profile
          const [account] = await sql<{ email: string }[]>`select email from rm_users where id = ${actor.id}`;
          if (!same(account?.email, s.value)) throw new AppError("invalid", "cv_email_is_account");
          break;
        }
        case "address": {
          const a: CvAddress = s.value;
          const current = profile.address;
          if (
            current &&
            (current.street || current.city) &&
            !(same(current.street, a.street) && same(current.city, a.city))
          ) {
            if (!replace) return conflict(addressLine(current), addressLine(a));
          } else if (current && same(current.street, a.street) && same(current.city, a.city)) break;
          const place = places.bestLocality(`${a.postalCode} ${a.city}`, a.country ?? undefined);
          const located = place
            ? {
                localityId: place.id,
                country: place.country,
                postalCode: place.postalCode,
                city: place.name,
                regionCode: place.regionCode,
                region: place.region,
                department: place.department ? `${place.departmentCode} ${place.department}` : undefined,
              }
            : { country: a.country ?? undefined, postalCode: a.postalCode, city: a.city };
          input = {
            type: "SaveAddress",
            expectedVersion: v("address"),
            values: { street: a.street ?? undefined, ...located },
          };
          break;
        }
        case "experience": {
          const e: CvExperience = s.value;
          const values = {
            jobTitle: e.jobTitle,
            company: e.company ?? undefined,
            place: e.place ?? undefined,
            startDate: dayOf(e.start),
            endDate: e.current ? undefined : dayOf(e.end),
          };
          // an entry the profile already has is not added twice
          if (
            profile.experiences.some(
              (x) =>
                same(x.values.jobTitle, values.jobTitle) &&
                same(x.values.company, values.company) &&
                x.values.startDate === values.startDate,
            )
          )
            break;
          input = { type: "SaveEntry", list: "experience", entryId: null, expectedVersion: v("experience"), values };
          break;
        }
        case "training": {
          const t: CvTraining = s.value;
          const year = Number((t.current ? t.start : (t.end ?? t.start))?.slice(0, 4)) || undefined;
          const values = { school: t.school ?? undefined, diploma: t.diploma ?? undefined, year };
          if (
            profile.trainings.some(
              (x) => same(x.values.school, values.school) && same(x.values.diploma, values.diploma),
            )
          )
            break;
          input = { type: "SaveEntry", list: "training", entryId: null, expectedVersion: v("training"), values };
          break;
        }
        case "language": {
          const l: CvLanguage = s.value;
          if (!(LANGUAGE_CODES as readonly string[]).includes(l.language))
            throw new AppError("invalid", "validation.invalid_choice", "languages");
          const level = l.level ? LEVEL_OF[l.level] : undefined;
          const rows = profile.languages;
          const existing = rows.find((r) => r.code === l.language);
          if (existing && (!level || existing.spoken === level)) break;
          if (existing?.spoken && !replace) return conflict(`${l.name} ${existing.spoken}`, `${l.name} ${level}`);
          const next = existing
            ? rows.map((r) => (r === existing ? { ...r, spoken: level, written: r.written ?? level } : r))
            : [...rows, { code: l.language, spoken: level, written: level }];
          input = { type: "SaveLanguages", expectedVersion: v("languages"), values: { languages: next } };
          break;
        }
        case "skill": {
          // the profile has no skills list: they join "certifications" (one per line), its limit applies
          const lines = (profile.about?.certifications ?? "")
            .split("\n")
            .map((x) => x.trim())
            .filter(Boolean);
          if (lines.some((x) => same(x, s.value))) break;
          input = {
            type: "SaveAbout",
            expectedVersion: v("about"),
            values: { ...profile.about, certifications: [...lines, s.value].join("\n") },
          };
          break;
        }
      }
      if (input) await saveProfile(actor, input);
      await accept(actor, ref);
      return { outcome: "applied" };
    },
  };
}
