import type { Decider } from "../../event-store/decider";
import { AppError } from "../../lib/errors";
import { ERASURE_GRACE_DAYS, type ErasureRequester, type ErasureStatus } from "./contract";
import type { ErasureEvent } from "./events";

export type ErasureCommand =
  | {
      type: "Request";
      userId: string;
      requestedBy: ErasureRequester;
      /** retention: the warning period instead of the grace period, the rule and the cancel link's hash */
      dueInDays?: number;
      rule?: string;
      cancelTokenHash?: string;
    }
  | { type: "Cancel"; by: string }
  | { type: "MarkErased"; pseudonym: number };

export interface ErasureState {
  userId: string | null;
  status: ErasureStatus | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** One person's erasure: requested once (again after a cancel), cancelled while pending, carried out once. */
export const erasureDecider: Decider<ErasureCommand, ErasureState, ErasureEvent> = {
  initialState: { userId: null, status: null },

  evolve(state, event) {
    switch (event.type) {
      case "ErasureRequested":
        return { userId: event.data.userId, status: "pending" };
      case "ErasureCancelled":
        return { ...state, status: "cancelled" };
      case "PersonErased":
        return { ...state, status: "done" };
      default:
        return state;
    }
  },

  decide(command, state, { clock }) {
    const now = clock.now();
    switch (command.type) {
      case "Request": {
        if (state.status === "done") throw new AppError("not_found", "failed_operation");
        // asking twice keeps the first date: the grace period does not restart
        if (state.status === "pending") return [];
        const dueAt = new Date(now.getTime() + (command.dueInDays ?? ERASURE_GRACE_DAYS) * DAY_MS).toISOString();
        const { userId, requestedBy, rule, cancelTokenHash } = command;
        return [
          {
            type: "ErasureRequested",
            data: {
              userId,
              requestedBy,
              requestedAt: now.toISOString(),
              dueAt,
              ...(rule ? { rule, cancelTokenHash } : {}),
            },
          },
        ];
      }
      case "Cancel":
        if (state.status !== "pending") throw new AppError("not_found", "failed_operation");
        return [{ type: "ErasureCancelled", data: { userId: state.userId!, by: command.by } }];
      case "MarkErased":
        if (state.status === "done") return [];
        return [{ type: "PersonErased", data: { userId: state.userId!, pseudonym: command.pseudonym } }];
    }
  },
};
