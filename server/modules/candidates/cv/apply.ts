import type { Db } from "../../../event-store/types";
import { isUuid } from "../../../lib/contract";
import { AppError } from "../../../lib/errors";
import type { Actor } from "../../identity/contract";
import type { CvSuggestionRef } from "./commands";
import type { CvSuggestion } from "./parse";
import type { ProfileInput } from "../profile/commands";
import type { ProfileView } from "../profile/queries";
import type { ProfileCountry } from "../profile/rules";
import { planCvSuggestion, type CvAccount, type CvPlacesPort } from "./plan";

export type { CvPlacesPort } from "./plan";

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

/** The account's names, birth date and sign-in address: what the profile shows before its first save. */
export async function cvAccountOf(sql: Db, userId: string): Promise<CvAccount> {
  const [account] = await sql<CvAccount[]>`
    select u.email, u.first_name as "firstName", u.last_name as "lastName", c.birth_date::text as "birthDate"
    from rm_users u left join rm_candidates c on c.user_id = u.id where u.id = ${userId}`;
  return account ?? { email: "", firstName: "", lastName: "", birthDate: null };
}

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
 * overwritten without `replace`: the caller shows both values and asks. What changes is decided
 * by plan.ts, which the list of suggestions reads too.
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
      const [profile, account] = await Promise.all([myProfile(actor), cvAccountOf(sql, actor.id)]);
      const plan = planCvSuggestion(s, profile, account, { ...options, places });
      if (plan.kind === "refused") throw new AppError("invalid", plan.key, plan.field);
      if (plan.kind === "conflict") return { outcome: "conflict", current: plan.current, proposed: plan.proposed };
      if (plan.kind === "save") await saveProfile(actor, plan.input);
      await accept(actor, ref);
      return { outcome: "applied" };
    },
  };
}
