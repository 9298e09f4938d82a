import type { Projection, Tx } from "../../event-store/types";
import { LIBRARY_SEARCH_EVENT_TYPES, type LibrarySearchEvent } from "./events";

const seen = (tx: Tx, searchId: string, candidateIds: string[]) =>
  candidateIds.length
    ? tx`insert into rm_library_search_seen (search_id, candidate_id)
        select ${searchId}, unnest(${candidateIds}::uuid[]) on conflict do nothing`
    : Promise.resolve();

/** rm_library_searches and rm_library_search_seen: inline (read-your-writes on the page and in the job). */
export const librarySearchesProjection: Projection<LibrarySearchEvent> = {
  name: "library-searches",
  eventTypes: LIBRARY_SEARCH_EVENT_TYPES,
  tables: ["rm_library_searches", "rm_library_search_seen"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      switch (e.type) {
        case "LibrarySearchSaved":
          // an erased consultant's sealed words are gone, and so are their read models
          if (e.erased) break;
          await tx`insert into rm_library_searches (id, user_id, agency_id, name, query, alerts, baselined, created_at)
            values (${e.data.searchId}, ${e.data.userId}, ${e.data.agencyId}, ${e.data.name}, ${e.data.query}, true, false, ${e.createdAt})`;
          break;
        case "LibrarySearchRenamed":
          if (e.erased) break;
          await tx`update rm_library_searches set name = ${e.data.name} where id = ${e.data.searchId}`;
          break;
        case "LibrarySearchAlertsSwitched":
          // back on: a new baseline is taken at the next run
          await tx`update rm_library_searches set alerts = ${e.data.alerts}, baselined = baselined and not ${e.data.alerts}
            where id = ${e.data.searchId}`;
          if (e.data.alerts) await tx`delete from rm_library_search_seen where search_id = ${e.data.searchId}`;
          break;
        case "LibrarySearchDeleted":
          await tx`delete from rm_library_searches where id = ${e.data.searchId}`;
          await tx`delete from rm_library_search_seen where search_id = ${e.data.searchId}`;
          break;
        case "LibrarySearchBaselined":
          await tx`update rm_library_searches set baselined = true where id = ${e.data.searchId}`;
          await seen(tx, e.data.searchId, e.data.candidateIds);
          break;
        case "LibraryAlertSent":
          await tx`update rm_library_searches set last_alert_day = ${e.data.day} where id = ${e.data.searchId}`;
          await seen(tx, e.data.searchId, e.data.candidateIds);
          break;
      }
    }
  },
};
