import type { Decider } from "../../event-store/decider";
import { AppError } from "../../lib/errors";
import { EXPORT_TTL_MS, STALE_BUILD_MS, type DataExportEvent } from "./events";

export type DataExportCommand =
  | { type: "Request"; userId: string; exportId: string }
  | { type: "MarkReady"; exportId: string; fileId: string; size: number }
  | { type: "Expire"; exportId: string };

export interface DataExportState {
  userId: string | null;
  /** the export being built, and since when */
  building: { exportId: string; requestedAt: string } | null;
  ready: Record<string, { fileId: string }>;
}

/**
 * One person's exports: at most one building at a time (a second request is refused while it
 * builds, unless the build is stale); each becomes ready once and expires once.
 */
export const dataExportDecider: Decider<DataExportCommand, DataExportState, DataExportEvent> = {
  initialState: { userId: null, building: null, ready: {} },

  evolve(state, event) {
    const d = event.data;
    switch (event.type) {
      case "DataExportRequested":
        return { ...state, userId: d.userId, building: { exportId: d.exportId, requestedAt: event.data.requestedAt } };
      case "DataExportReady":
        return {
          ...state,
          building: state.building?.exportId === d.exportId ? null : state.building,
          ready: { ...state.ready, [d.exportId]: { fileId: event.data.fileId } },
        };
      case "DataExportExpired": {
        const { [d.exportId]: _gone, ...ready } = state.ready;
        return { ...state, ready };
      }
      default:
        return state;
    }
  },

  decide(command, state, { clock }) {
    const now = clock.now();
    switch (command.type) {
      case "Request": {
        if (state.building && now.getTime() - Date.parse(state.building.requestedAt) < STALE_BUILD_MS)
          throw new AppError("conflict", "data_export_in_progress");
        return [
          {
            type: "DataExportRequested",
            data: { userId: command.userId, exportId: command.exportId, requestedAt: now.toISOString() },
          },
        ];
      }
      case "MarkReady": {
        // a job delivered twice, or a stale build superseded: nothing to record
        if (!state.userId || state.building?.exportId !== command.exportId) return [];
        const expiresAt = new Date(now.getTime() + EXPORT_TTL_MS).toISOString();
        return [
          {
            type: "DataExportReady",
            data: {
              userId: state.userId,
              exportId: command.exportId,
              fileId: command.fileId,
              size: command.size,
              expiresAt,
            },
          },
        ];
      }
      case "Expire":
        if (!state.userId || !state.ready[command.exportId]) return [];
        return [{ type: "DataExportExpired", data: { userId: state.userId, exportId: command.exportId } }];
    }
  },
};
