import type { Db } from "../../../event-store/types";
import { isUuid } from "../../../lib/contract";
import { isAgencyStaff, type Actor } from "../../identity/contract";
import type { AgencyProfileView } from "../profile/queries";
import type { CandidateDocument, DocumentFile } from "./queries";

/** Which agencies a candidate deals with (applied to, or on one of their missions): the applications module's. */
export interface DealingsPort {
  agenciesOfCandidate(candidateId: string): Promise<string[]>;
}

/** The unchecked reads and the record of a look this rule guards (the module's own, never in its API). */
interface Guarded {
  documentsOfCandidate(userId: string): Promise<CandidateDocument[]>;
  documentFileOfCandidate(userId: string, documentId: string): Promise<DocumentFile | null>;
  recordDocumentsView(
    userId: string,
    view: { agencyId: string; viewerId: string; documentId: string | null },
  ): Promise<void>;
  profileOfCandidate(userId: string, options: { payroll: boolean; contact: boolean }): Promise<AgencyProfileView>;
}

/**
 * The CV library's rule (issue 28, ADR 0034), the one place the index and the pages read it:
 * a candidate appears for the agencies they dealt with (applied to, proposed or placed by),
 * and for every agency of their country when they chose "country". A deactivated account or
 * a profile set to "hidden" appears nowhere.
 */
export interface LibraryStanding {
  /** rm_profiles.library_visibility (relations, country, hidden) */
  visibility: string;
  /** the account is enabled */
  enabled: boolean;
  /** the address's country, else the account's */
  country: string | null;
}

/** The country whose agencies all see the candidate, null for none (the pure half of the rule). */
export const libraryCountry = (s: LibraryStanding): string | null =>
  s.enabled && s.visibility === "country" ? s.country : null;

/** The candidate appears in a library at all (the agencies they dealt with included). */
export const inLibraries = (s: LibraryStanding) => s.enabled && s.visibility !== "hidden";

/** Each candidate's standing, as the rule reads it; a candidate with no profile row is "relations". */
export async function libraryStandings(sql: Db, candidateIds: string[]): Promise<Map<string, LibraryStanding>> {
  const rows = await sql<({ id: string } & LibraryStanding)[]>`
    select u.id, u.enabled, coalesce(p.library_visibility, 'relations') as visibility,
      coalesce(nullif(p.address->>'country', ''), u.country) as country
    from rm_users u left join rm_profiles p on p.user_id = u.id
    where u.id = any(${candidateIds}::uuid[]) and u.role = 'CANDIDATE'`;
  return new Map(rows.map(({ id, ...s }) => [id, s]));
}

/** Agency staff of an agency (not client users, not platform admins) act for it. */
const staffAgency = (actor: Actor): string | null => (isAgencyStaff(actor) && actor.agencyId ? actor.agencyId : null);

/**
 * Who besides the candidate may see their documents and profile: an agency's staff, where the
 * candidate applied to the agency or is on one of its missions. The rule lives beside the
 * documents it guards; the applications module (created later, a late port) tells the dealings.
 */
export function agencyAccess({ sql, guarded, dealings }: { sql: Db; guarded: Guarded; dealings: DealingsPort }) {
  /** May this agency see this candidate's documents: the candidate applied to it or is on one of its missions. */
  const dealsWith = async (candidateId: string, agencyId: string) => {
    return isUuid(candidateId) && (await dealings.agenciesOfCandidate(candidateId)).includes(agencyId);
  };
  /** The candidate chose to be visible to every agency of their country, this agency's. */
  const visibleToCountryOf = async (candidateId: string, agencyId: string) => {
    if (!isUuid(candidateId)) return false;
    const standing = (await libraryStandings(sql, [candidateId])).get(candidateId);
    const country = standing && libraryCountry(standing);
    if (!country) return false;
    const [agency] = await sql`select 1 from rm_agencies where id = ${agencyId} and country = ${country}`;
    return Boolean(agency);
  };

  return {
    /**
     * An agency's staff opens a candidate's documents: allowed only where the candidate
     * applied to the agency or is on one of its missions (null otherwise, read as not
     * found); every such look is recorded in the candidate's stream.
     */
    async openCandidateDocuments(actor: Actor, candidateId: string): Promise<CandidateDocument[] | null> {
      const agencyId = staffAgency(actor);
      if (!agencyId || !(await dealsWith(candidateId, agencyId))) return null;
      await guarded.recordDocumentsView(candidateId, { agencyId, viewerId: actor.id, documentId: null });
      return guarded.documentsOfCandidate(candidateId);
    },

    /**
     * The candidate's profile, read-only, under the same rule as their documents, or where the
     * candidate chose to be visible to the agencies of their country (null otherwise, read as
     * not found). The payroll fields (AVS, bank, criminal record…) only where the candidate is
     * on one of the agency's missions (a placement not cancelled). Documents and their files
     * stay with the dealings: the country's visibility opens the profile, not the documents.
     */
    async openCandidateProfile(actor: Actor, candidateId: string): Promise<AgencyProfileView | null> {
      const agencyId = staffAgency(actor);
      if (!agencyId) return null;
      const contact = await dealsWith(candidateId, agencyId);
      if (!contact && !(await visibleToCountryOf(candidateId, agencyId))) return null;
      const [placed] =
        await sql`select 1 from rm_placements where candidate_id = ${candidateId} and agency_id = ${agencyId} and status <> 'cancelled' limit 1`;
      return guarded.profileOfCandidate(candidateId, { payroll: Boolean(placed), contact });
    },

    /** One of those documents' file, the look recorded; null where the agency may not see it. */
    async openCandidateDocumentFile(
      actor: Actor,
      candidateId: string,
      documentId: string,
    ): Promise<DocumentFile | null> {
      const agencyId = staffAgency(actor);
      if (!agencyId || !isUuid(documentId) || !(await dealsWith(candidateId, agencyId))) return null;
      const file = await guarded.documentFileOfCandidate(candidateId, documentId);
      if (!file) return null;
      await guarded.recordDocumentsView(candidateId, { agencyId, viewerId: actor.id, documentId });
      return file;
    },
  };
}
