import type { Decider } from "../../event-store/decider";
import { AppError } from "../../lib/errors";
import { isAgencyStaff, type Role } from "../identity/contract";
import {
  LIBRARY_SEARCH_NAME_MAX,
  LIBRARY_SEARCH_QUERY_MAX,
  MAX_LIBRARY_SEARCHES,
  type LibrarySearchEvent,
} from "./events";
import { queryProblem } from "./rules";

/** The consultant as read with the request: their role and the agency they are in now. */
type Person = { userId: string; role: Role; agencyId: string | null };

export type LibrarySearchCommand =
  | (Person & { type: "SaveSearch"; searchId: string; name: string; query: string })
  | (Person & { type: "RenameSearch"; searchId: string; name: string })
  | (Person & { type: "SwitchAlerts"; searchId: string; alerts: boolean })
  | (Person & { type: "DeleteSearch"; searchId: string })
  /** the alert job, the first time it runs a search: what it matches now is not news */
  | { type: "Baseline"; userId: string; searchId: string; candidateIds: string[] }
  /** the alert job: these candidates are new to the search today */
  | { type: "SendAlert"; userId: string; searchId: string; day: string; candidateIds: string[] };

export interface LibrarySearchState {
  searches: {
    id: string;
    agencyId: string;
    name: string;
    query: string;
    alerts: boolean;
    baselined: boolean;
    lastAlertDay: string | null;
  }[];
}

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;
const cleanName = (name: string) => name.normalize("NFC").trim().replace(/\s+/g, " ");

/** Agency staff only, and only in the agency they are in now: another agency's searches are not theirs any more. */
function agencyOf(p: Person): string {
  if (!isAgencyStaff(p) || !p.agencyId) throw new AppError("forbidden", "not_authorized");
  return p.agencyId;
}

export const librarySearchDecider: Decider<LibrarySearchCommand, LibrarySearchState, LibrarySearchEvent> = {
  initialState: { searches: [] },
  evolve(state, e) {
    const change = (id: string, c: Partial<LibrarySearchState["searches"][number]>) => ({
      searches: state.searches.map((s) => (s.id === id ? { ...s, ...c } : s)),
    });
    switch (e.type) {
      case "LibrarySearchSaved":
        // an erased consultant's sealed words read as missing; the search still counts
        return {
          searches: [
            ...state.searches,
            {
              id: e.data.searchId,
              agencyId: e.data.agencyId,
              name: e.data.name ?? "",
              query: e.data.query ?? "",
              alerts: true,
              baselined: false,
              lastAlertDay: null,
            },
          ],
        };
      case "LibrarySearchRenamed":
        return change(e.data.searchId, { name: e.data.name ?? "" });
      case "LibrarySearchAlertsSwitched":
        // back on: what appeared while they were off is not news, the next run takes a new baseline
        return change(e.data.searchId, e.data.alerts ? { alerts: true, baselined: false } : { alerts: false });
      case "LibrarySearchDeleted":
        return { searches: state.searches.filter((s) => s.id !== e.data.searchId) };
      case "LibrarySearchBaselined":
        return change(e.data.searchId, { baselined: true });
      case "LibraryAlertSent":
        return change(e.data.searchId, { lastAlertDay: e.data.day });
      default:
        return state;
    }
  },
  decide(command, state): LibrarySearchEvent[] {
    const { userId } = command;
    if (command.type === "Baseline" || command.type === "SendAlert") {
      const search = state.searches.find((s) => s.id === command.searchId);
      if (!search || !search.alerts) return [];
      if (command.type === "Baseline")
        return search.baselined
          ? []
          : [
              {
                type: "LibrarySearchBaselined",
                data: { userId, searchId: search.id, candidateIds: command.candidateIds },
              },
            ];
      // a retried or concurrent run finds the day taken: one digest per search and day
      if (!search.baselined || !command.candidateIds.length) return [];
      if (search.lastAlertDay !== null && search.lastAlertDay >= command.day) return [];
      const data = {
        userId,
        searchId: search.id,
        day: command.day,
        candidateIds: command.candidateIds,
        searchName: search.name,
        query: search.query,
      };
      return [sealed({ type: "LibraryAlertSent", data }, ["searchName", "query"])];
    }
    const agencyId = agencyOf(command);
    // searches saved in another agency are not found (a consultant who moved keeps no access to them)
    const mine = state.searches.filter((s) => s.agencyId === agencyId);
    const searchOf = (id: string) => {
      const search = mine.find((s) => s.id === id);
      if (!search) throw new AppError("not_found", "failed_operation");
      return search;
    };
    const checkName = (name: string, exceptId?: string) => {
      if (!name) throw new AppError("invalid", "validation.required", "name");
      if (name.length > LIBRARY_SEARCH_NAME_MAX) throw new AppError("invalid", "validation.too_long", "name");
      if (mine.some((s) => s.id !== exceptId && sameName(s.name, name)))
        throw new AppError("conflict", "saved_search_name_taken", "name");
    };
    switch (command.type) {
      case "SaveSearch": {
        const name = cleanName(command.name);
        checkName(name);
        if (command.query.length > LIBRARY_SEARCH_QUERY_MAX)
          throw new AppError("invalid", "validation.too_long", "query");
        const problem = queryProblem(command.query);
        if (problem) throw new AppError("invalid", problem, "query");
        if (mine.length >= MAX_LIBRARY_SEARCHES) throw new AppError("conflict", "saved_search_limit", "name");
        if (state.searches.some((s) => s.id === command.searchId)) throw new AppError("conflict", "failed_operation");
        const data = { userId, searchId: command.searchId, agencyId, name, query: command.query };
        return [sealed({ type: "LibrarySearchSaved", data }, ["name", "query"])];
      }
      case "RenameSearch": {
        const search = searchOf(command.searchId);
        const name = cleanName(command.name);
        if (name === search.name) return [];
        checkName(name, search.id);
        return [sealed({ type: "LibrarySearchRenamed", data: { userId, searchId: search.id, name } }, ["name"])];
      }
      case "SwitchAlerts": {
        const search = searchOf(command.searchId);
        return search.alerts === command.alerts
          ? []
          : [{ type: "LibrarySearchAlertsSwitched", data: { userId, searchId: search.id, alerts: command.alerts } }];
      }
      case "DeleteSearch":
        searchOf(command.searchId);
        return [{ type: "LibrarySearchDeleted", data: { userId, searchId: command.searchId } }];
    }
  },
};

/** The consultant's own words (a search's name and query) are sealed with their data key. */
function sealed<E extends LibrarySearchEvent>(event: E, keys: (keyof E["data"] & string)[]): E {
  const data = { ...event.data } as Record<string, unknown>;
  const personal: Record<string, unknown> = {};
  for (const k of keys) {
    personal[k] = data[k];
    delete data[k];
  }
  return { type: event.type, data, personal: { subjectId: event.data.userId, data: personal } } as unknown as E;
}
