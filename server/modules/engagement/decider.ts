import type { Decider } from "../../event-store/decider";
import { AppError } from "../../lib/errors";
import type { Role } from "../identity/contract";
import {
  MAX_SAVED_SEARCHES,
  SEARCH_NAME_MAX,
  SEARCH_QUERY_MAX,
  type AlertDigest,
  type EngagementEvent,
} from "./events";

/** role: the account's, read fresh (null: no such enabled account) */
type Person = { userId: string; role: Role | null };

export type EngagementCommand =
  /** adOnline: read by the handler from the ads read model just before deciding */
  | (Person & { type: "FavouriteAd"; adId: number; adOnline: boolean })
  | (Person & { type: "UnfavouriteAd"; adId: number })
  | (Person & { type: "HideAd"; adId: number; adOnline: boolean })
  | (Person & { type: "UnhideAd"; adId: number })
  | (Person & { type: "SaveSearch"; searchId: string; name: string; query: string })
  | (Person & { type: "RenameSearch"; searchId: string; name: string })
  | (Person & { type: "SwitchAlerts"; searchId: string; alerts: boolean })
  | (Person & { type: "DeleteSearch"; searchId: string })
  /** the alert job: ads newer than the last check were found for this search today */
  | {
      type: "SendSearchAlert";
      userId: string;
      searchId: string;
      day: string;
      adIds: number[];
      checkedUntil: string;
      digest?: AlertDigest;
    };

export interface SavedSearchState {
  id: string;
  name: string;
  alerts: boolean;
  lastAlertDay: string | null;
}

export interface EngagementState {
  favourites: number[];
  hidden: number[];
  searches: SavedSearchState[];
}

/** Names compare as people read them: "Cuisinier Genève" and " cuisinier  genève" are one. */
const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;
const cleanName = (name: string) => name.normalize("NFC").trim().replace(/\s+/g, " ");

function checkName(name: string, searches: SavedSearchState[], exceptId?: string) {
  if (!name) throw new AppError("invalid", "validation.required", "name");
  if (name.length > SEARCH_NAME_MAX) throw new AppError("invalid", "validation.too_long", "name");
  if (searches.some((s) => s.id !== exceptId && sameName(s.name, name)))
    throw new AppError("conflict", "saved_search_name_taken", "name");
}

function candidateOnly(role: Role | null) {
  if (role !== "CANDIDATE") throw new AppError("forbidden", "not_authorized");
}

function searchOf(state: EngagementState, searchId: string) {
  const search = state.searches.find((s) => s.id === searchId);
  if (!search) throw new AppError("not_found", "failed_operation");
  return search;
}

const without = (list: number[], id: number) => list.filter((x) => x !== id);

/**
 * A search's name and query are the person's own words about their job hunt: they are stored
 * sealed with the person's data key (erasing the person makes them unreadable), and read back
 * merged into the event's data.
 */
function sealed<E extends EngagementEvent>(event: E, keys: (keyof E["data"])[]): E {
  const data = { ...event.data } as Record<string, unknown>;
  const personal: Record<string, unknown> = {};
  for (const k of keys as string[]) {
    personal[k] = data[k];
    delete data[k];
  }
  return { type: event.type, data, personal: { subjectId: event.data.userId, data: personal } } as unknown as E;
}

export const engagementDecider: Decider<EngagementCommand, EngagementState, EngagementEvent> = {
  initialState: { favourites: [], hidden: [], searches: [] },
  evolve(state, e) {
    const withSearch = (id: string, change: Partial<SavedSearchState>) =>
      state.searches.map((s) => (s.id === id ? { ...s, ...change } : s));
    switch (e.type) {
      case "AdFavourited":
        return { ...state, favourites: [...state.favourites, e.data.adId] };
      case "AdUnfavourited":
        return { ...state, favourites: without(state.favourites, e.data.adId) };
      case "AdMarkedUninteresting":
        return { ...state, hidden: [...state.hidden, e.data.adId] };
      case "AdUninterestingUndone":
        return { ...state, hidden: without(state.hidden, e.data.adId) };
      case "SearchSaved":
        // an erased person's sealed name reads as missing; the search is still counted
        return {
          ...state,
          searches: [
            ...state.searches,
            { id: e.data.searchId, name: e.data.name ?? "", alerts: true, lastAlertDay: null },
          ],
        };
      case "SavedSearchRenamed":
        return { ...state, searches: withSearch(e.data.searchId, { name: e.data.name ?? "" }) };
      case "SavedSearchAlertsSwitched":
        return { ...state, searches: withSearch(e.data.searchId, { alerts: e.data.alerts }) };
      case "SavedSearchDeleted":
        return { ...state, searches: state.searches.filter((s) => s.id !== e.data.searchId) };
      case "SearchAlertSent":
        return { ...state, searches: withSearch(e.data.searchId, { lastAlertDay: e.data.day }) };
      default:
        return state;
    }
  },
  decide(command, state): EngagementEvent[] {
    const { userId } = command;
    if (command.type !== "SendSearchAlert") candidateOnly(command.role);
    switch (command.type) {
      case "FavouriteAd": {
        const { adId } = command;
        if (state.favourites.includes(adId)) return [];
        if (!command.adOnline) throw new AppError("not_found", "announcement_not_found");
        // a favourite is interesting again: it comes back into the search results
        const undo: EngagementEvent[] = state.hidden.includes(adId)
          ? [{ type: "AdUninterestingUndone", data: { userId, adId } }]
          : [];
        return [...undo, { type: "AdFavourited", data: { userId, adId } }];
      }
      case "UnfavouriteAd":
        return state.favourites.includes(command.adId)
          ? [{ type: "AdUnfavourited", data: { userId, adId: command.adId } }]
          : [];
      case "HideAd": {
        const { adId } = command;
        if (state.hidden.includes(adId)) return [];
        if (!command.adOnline) throw new AppError("not_found", "announcement_not_found");
        const unfavourite: EngagementEvent[] = state.favourites.includes(adId)
          ? [{ type: "AdUnfavourited", data: { userId, adId } }]
          : [];
        return [...unfavourite, { type: "AdMarkedUninteresting", data: { userId, adId } }];
      }
      case "UnhideAd":
        return state.hidden.includes(command.adId)
          ? [{ type: "AdUninterestingUndone", data: { userId, adId: command.adId } }]
          : [];
      case "SaveSearch": {
        const name = cleanName(command.name);
        checkName(name, state.searches);
        if (command.query.length > SEARCH_QUERY_MAX) throw new AppError("invalid", "validation.too_long", "query");
        if (state.searches.length >= MAX_SAVED_SEARCHES) throw new AppError("conflict", "saved_search_limit", "name");
        if (state.searches.some((s) => s.id === command.searchId)) throw new AppError("conflict", "failed_operation");
        return [
          sealed({ type: "SearchSaved", data: { userId, searchId: command.searchId, name, query: command.query } }, [
            "name",
            "query",
          ]),
        ];
      }
      case "RenameSearch": {
        const search = searchOf(state, command.searchId);
        const name = cleanName(command.name);
        if (name === search.name) return [];
        checkName(name, state.searches, search.id);
        return [sealed({ type: "SavedSearchRenamed", data: { userId, searchId: search.id, name } }, ["name"])];
      }
      case "SwitchAlerts": {
        const search = searchOf(state, command.searchId);
        return search.alerts === command.alerts
          ? []
          : [{ type: "SavedSearchAlertsSwitched", data: { userId, searchId: search.id, alerts: command.alerts } }];
      }
      case "DeleteSearch":
        searchOf(state, command.searchId);
        return [{ type: "SavedSearchDeleted", data: { userId, searchId: command.searchId } }];
      case "SendSearchAlert": {
        // a retried or concurrent run finds the day taken and sends nothing: one digest a day
        const search = state.searches.find((s) => s.id === command.searchId);
        if (!search || !search.alerts || !command.adIds.length) return [];
        if (search.lastAlertDay !== null && search.lastAlertDay >= command.day) return [];
        const { type: _type, ...data } = command;
        return [{ type: "SearchAlertSent", data }];
      }
    }
  },
};
