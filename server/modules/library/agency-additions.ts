import type { Db } from "../../event-store/types";
import type { LibrarySearch } from "./search-params";

/**
 * What an agency added to its candidates (tags, archive; ADR 0035) in its library search
 * (ADR 0036). The index keeps each agency's tags under its own attribute (`agencyTags.<agencyId>`)
 * and the archives as `archivedBy`; every filter and facet here names the actor's agency only, so
 * another agency's tags or archive are never filtered on, counted or returned.
 */

/** The facet and filter attribute of one agency's tags. */
export const tagAttribute = (agencyId: string) => `agencyTags.${agencyId}`;

const quote = (v: string) => `"${v.replace(/["\\]/g, "\\$&")}"`;

/** The archive filter: by default the agency's archived candidates are left out; with the filter, only they. */
export const archiveFilter = (agencyId: string, archived: boolean) =>
  `archivedBy ${archived ? "=" : "!="} ${quote(agencyId)}`;

/** The filters the agency's own additions put on a search: any of the chosen tags, and the archive. */
export function additionFilters(agencyId: string, s: Pick<LibrarySearch, "tag" | "archived">): string[] {
  const filters = [archiveFilter(agencyId, s.archived)];
  if (s.tag.length) filters.push(`${tagAttribute(agencyId)} IN [${s.tag.map(quote).join(", ")}]`);
  return filters;
}

export interface AgencyTag {
  /** the tag's key (lower case), as the index and the search form hold it */
  key: string;
  label: string;
  colour: string;
}

/** The agency's tags with how it writes them and their colour (one per agency, ADR 0035), by key. */
export async function agencyTags(sql: Db, agencyId: string): Promise<Map<string, AgencyTag>> {
  const rows = await sql<AgencyTag[]>`
    select distinct on (tag_key) tag_key as key, tag as label, colour
    from rm_candidate_tags where agency_id = ${agencyId} order by tag_key, added_at`;
  return new Map(rows.map((r) => [r.key, r]));
}
