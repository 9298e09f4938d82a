import { AppError } from "../lib/errors";
import type { Clock } from "../lib/clock";
import type { IdGenerator } from "../lib/ids";
import type { NewEvent, Recorded } from "./types";

/** Inputs a decider may use besides the command and state: injected so deciders stay pure. */
export interface DecideContext {
  clock: Clock;
  ids: IdGenerator;
}

export interface Decider<Command, State, Event extends NewEvent> {
  initialState: State;
  /** Folds one of its own events as read back (personal fields missing once the person is erased). */
  evolve(state: State, event: Recorded<Event>): State;
  /** Returns the events to append, or throws AppError with a spec error key. */
  decide(command: Command, state: State, ctx: DecideContext): Event[];
}

export function fold<S, E extends NewEvent>(
  decider: Pick<Decider<unknown, S, E>, "initialState" | "evolve">,
  events: readonly Recorded<NoInfer<E>>[],
): S {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState);
}

/**
 * given / when / then for decider specs:
 *   expect(given(d, past).when(cmd, ctx)).toEqual(events)  or  .toThrow(key)
 */
export function given<C, S, E extends NewEvent>(decider: Decider<C, S, E>, past: readonly Recorded<NoInfer<E>>[]) {
  return {
    when(command: C, ctx: DecideContext) {
      const state = fold(decider, past);
      return {
        then: () => decider.decide(command, state, ctx),
        thenError: (): string | null => {
          try {
            decider.decide(command, state, ctx);
            return null;
          } catch (e) {
            if (e instanceof AppError) return e.key;
            throw e;
          }
        },
      };
    },
  };
}
