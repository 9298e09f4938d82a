import type { Db } from "../../event-store/types";
import { isAgencyStaff, isPlatformAdmin, type Actor } from "../identity/contract";
import { PAIRS_PER_PAGE, PLATFORM_SCOPE, type PairReason } from "./rules";

/** One side of a pair as the list shows it: what every library shows of a candidate (ADR 0034), no contact. */
export interface PairPerson {
  id: string;
  firstName: string;
  lastName: string;
  city: string | null;
}

export interface DuplicatePair {
  first: PairPerson;
  second: PairPerson;
  score: number;
  reasons: PairReason[];
  foundAt: Date;
}

export interface DuplicatePairs {
  pairs: DuplicatePair[];
  total: number;
  page: number;
}

/**
 * Whose list the actor reads: an agency's staff, their agency's (pairs whose two candidates are
 * both in its library); a platform admin, every pair; anyone else, none.
 */
export const scopeOf = (actor: Actor): string | null =>
  isPlatformAdmin(actor) ? PLATFORM_SCOPE : isAgencyStaff(actor) && actor.agencyId ? actor.agencyId : null;

type Row = {
  firstId: string;
  secondId: string;
  score: number;
  reasons: PairReason[];
  foundAt: Date;
  total: string;
};

export function duplicateQueries(sql: Db) {
  /**
   * The paired candidates in the agency's library: the rule of candidates/documents/agency-access.ts
   * written as SQL over the same read models (enabled, not hidden, and a dealing with the agency
   * or visible to its country), run over the few candidates that have a pair, never the whole table.
   */
  const inLibrary = (agencyId: string) => sql`
    select u.id from paired join rm_users u on u.id = paired.id left join rm_profiles p on p.user_id = u.id, rm_agencies ag
    where ag.id = ${agencyId} and u.enabled and coalesce(p.library_visibility, 'relations') <> 'hidden'
      and (exists (select 1 from rm_applications a where a.candidate_id = u.id and a.agency_id = ag.id and a.withdrawn_at is null)
        or exists (select 1 from rm_placements pl where pl.candidate_id = u.id and pl.agency_id = ag.id and pl.status <> 'cancelled')
        or (p.library_visibility = 'country' and coalesce(nullif(p.address->>'country', ''), u.country) = ag.country))`;

  /** The pairs the scope sees, not dismissed there; `only` narrows them to one pair. */
  const pairsOf = (scope: string, page: number, only?: { firstId: string; secondId: string }) => sql<Row[]>`
    with pairs as (
      select * from rm_duplicate_pairs
      ${only ? sql`where first_id = ${only.firstId} and second_id = ${only.secondId}` : sql``}
    ),
    paired as (select first_id as id from pairs union select second_id from pairs),
    visible as (${scope === PLATFORM_SCOPE ? sql`select id from paired` : inLibrary(scope)})
    select dp.first_id as "firstId", dp.second_id as "secondId", dp.score, dp.reasons, dp.found_at as "foundAt",
      count(*) over () as total
    from pairs dp
    where dp.first_id in (select id from visible) and dp.second_id in (select id from visible)
      and not exists (select 1 from rm_duplicate_dismissals d
        where d.scope = ${scope} and d.first_id = dp.first_id and d.second_id = dp.second_id)
    order by dp.score desc, dp.found_at desc, dp.first_id, dp.second_id
    limit ${PAIRS_PER_PAGE} offset ${(page - 1) * PAIRS_PER_PAGE}`;

  const people = async (ids: string[]) => {
    const rows = await sql<PairPerson[]>`
      select u.id, coalesce(nullif(p.identity->>'firstName', ''), u.first_name) as "firstName",
        coalesce(nullif(p.identity->>'lastName', ''), u.last_name) as "lastName", p.address->>'city' as city
      from rm_users u left join rm_profiles p on p.user_id = u.id where u.id = any(${ids}::uuid[])`;
    return new Map(rows.map((r) => [r.id, r]));
  };

  return {
    /** The records merged into this one and not undone, directly or through a chain of merges (ADR 0039). */
    async mergedInto(candidateId: string): Promise<string[]> {
      const rows = await sql<{ id: string }[]>`with recursive m(id) as (
          select merged_id from rm_candidate_merges where survivor_id = ${candidateId} and undone_at is null
          union select c.merged_id from rm_candidate_merges c join m on c.survivor_id = m.id where c.undone_at is null)
        select id from m`;
      return rows.map((r) => r.id);
    },
    /** /cv-theque/doublons: the likely duplicates the actor may see, best score first, 25 a page. */
    async duplicatePairs(actor: Actor, page = 1): Promise<DuplicatePairs> {
      const scope = scopeOf(actor);
      if (!scope) return { pairs: [], total: 0, page: 1 };
      page = Math.max(1, Math.floor(page) || 1);
      let rows = await pairsOf(scope, page);
      // past the last page (pairs dismissed or merged meanwhile): the first page, with its count
      if (!rows.length && page > 1) rows = await pairsOf(scope, (page = 1));
      const byId = await people(rows.flatMap((r) => [r.firstId, r.secondId]));
      return {
        page,
        total: Number(rows[0]?.total ?? 0),
        pairs: rows.map((r) => ({
          first: byId.get(r.firstId)!,
          second: byId.get(r.secondId)!,
          score: r.score,
          reasons: r.reasons,
          foundAt: r.foundAt,
        })),
      };
    },

    /** The scope in which the actor may act on this pair (it is in their list), else null. */
    async pairScope(actor: Actor, pair: { firstId: string; secondId: string }): Promise<string | null> {
      const scope = scopeOf(actor);
      if (!scope) return null;
      const [row] = await pairsOf(scope, 1, pair);
      return row ? scope : null;
    },
  };
}
