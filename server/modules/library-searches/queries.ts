import type { rmLibrarySearches } from "../../../db/schema";
import type { Db } from "../../event-store/types";
import type { Cols } from "../../lib/rows";
import { isAgencyStaff, type Actor } from "../identity/contract";

export type SavedLibrarySearch = Cols<
  typeof rmLibrarySearches,
  "id" | "name" | "query" | "alerts" | "lastAlertDay" | "createdAt"
>;

export function librarySearchQueries(sql: Db) {
  return {
    /** The consultant's own searches in the agency they are in now, in the order they were saved. */
    async librarySearches(actor: Actor): Promise<SavedLibrarySearch[]> {
      if (!isAgencyStaff(actor) || !actor.agencyId) return [];
      return sql<SavedLibrarySearch[]>`
        select id, name, query, alerts, last_alert_day::text as "lastAlertDay", created_at as "createdAt"
        from rm_library_searches where user_id = ${actor.id} and agency_id = ${actor.agencyId}
        order by created_at, id`;
    },
  };
}
