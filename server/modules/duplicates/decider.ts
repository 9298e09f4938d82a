import type { Decider } from "../../event-store/decider";
import { AppError } from "../../lib/errors";
import type { DuplicateEvent } from "./events";

export type DismissalCommand = { type: "Dismiss"; by: string };

/** A pair's dismissal in one scope: said once. */
export function dismissalDecider(scope: string, firstId: string, secondId: string) {
  const decider: Decider<DismissalCommand, { dismissed: boolean }, DuplicateEvent> = {
    initialState: { dismissed: false },
    evolve: (state, event) => (event.type === "DuplicateDismissed" ? { dismissed: true } : state),
    decide(command, state) {
      if (state.dismissed) throw new AppError("conflict", "errors.alreadyDismissed");
      return [{ type: "DuplicateDismissed", data: { scope, firstId, secondId, by: command.by } }];
    },
  };
  return decider;
}
